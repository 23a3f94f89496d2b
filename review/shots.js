#!/usr/bin/env node
/**
 * A contact sheet for people who review the design: every page template in every language at
 * 320, 375, 768, 1440 and 1920 px, plus the phone menu and the consent banner, gathered in one
 * `dist-shots/index.html` that needs nothing but a browser to open. The templates that show a
 * photo (the home page's hero and product cards, the about page, a service page) are shot twice:
 * as the content is, and with sample photos in every place that takes one, so both states of
 * each layout can be judged. The browser tests measure the layout (no sideways scrolling, no
 * overlapping items in the top bar or footer); whether it looks right is for a person to judge,
 * and this lets one see every page at every width at once, without running the site.
 *
 * The site is built into a folder of its own (not `dist/`), so that a build, a `preview` or a
 * `check` someone is running on `dist/` is never disturbed, and the shots show the sources as
 * they are now. The sample photos are drawn by sharp at run time into a copy of content/ under
 * `.cache/`, never committed, and each says it is a sample. Chromium loads nothing but the local
 * preview server: every other request is answered with an empty page, so the sheet is the same
 * with or without a network.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { constants } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import CHROMIUM_ARGS from '../cli/check/chromium-flags.json' with { type: 'json' };

const started = performance.now();
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const scratch = join(root, '.cache/sitegen');
const outDir = join(root, 'dist-shots');

/**
 * One address per page template (the ids of templates/pages/index.ts); `photos` marks those
 * shot with sample photos too. The built HTML carries no mark of its template, so the list is
 * kept here; an address the build no longer has is reported and left out.
 */
const TEMPLATES = [
  { id: 'home', label: 'Home', path: '', photos: true },
  { id: 'page', label: 'Content page', path: 'about/', photos: true },
  { id: 'service', label: 'Service', path: 'services/orto-k/', photos: true },
  { id: 'index', label: 'Folder index', path: 'services/' },
  { id: 'model-list', label: 'Model list', path: 'products/oticon-models/' },
  { id: 'model', label: 'Model', path: 'products/oticon-models/real/' },
  { id: 'faq', label: 'Questions (FAQ)', path: 'faq/' },
  { id: 'legal', label: 'Legal page', path: 'legal/privacy-policy/' },
  { id: 'not-found', label: 'Not found (404)', path: '404/' },
];
/** The two states of the site: its content as it is, and the same with a sample photo in every place that takes one. */
const STATES = [
  { id: 'plain', label: 'as the content is', content: 'content', site: join(scratch, 'shots-site') },
  {
    id: 'photos',
    label: 'with sample photos',
    content: relative(root, join(scratch, 'shots-photos/content')),
    site: join(scratch, 'shots-site-photos'),
  },
];
const PHONE = { width: 375, height: 667 };
/** The narrowest phone the site supports, a common one, a tablet, a laptop and a large screen. */
const VIEWPORTS = [
  { width: 320, height: 568 },
  PHONE,
  { width: 768, height: 1024 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
];
/** The machine has two cores: a third page only makes every shot slower. */
const PARALLEL_PAGES = 2;
/**
 * Width of every image on the sheet. Its thumbnails are JPEGs at twice that, for high-density
 * screens; the shots themselves are PNGs, sharp text for the reviewer at only a third more bytes
 * than a JPEG, the site being flat colour and illustrations.
 */
const THUMB_WIDTH = 200;

async function main() {
  await writePhotoContent(join(root, STATES[1].content));
  for (const state of STATES) await buildSite(state);
  const languages = await siteLanguages(STATES[0].site);
  const { pages, missing } = pagesToShoot(languages);
  await rm(outDir, { recursive: true, force: true });
  await mkdir(join(outDir, 'thumbs'), { recursive: true });

  let browser;
  const jobs = [];
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    for (const state of STATES) {
      const stateJobs = [
        ...pages.filter((page) => state.id === 'plain' || page.template.photos).flatMap(fullPageJobs(state)),
        ...(state.id === 'plain' ? languages.flatMap(extraJobs) : []),
      ];
      jobs.push(...(await shootState(browser, state, stateJobs, languages[0], jobs.length)));
    }
    await Promise.all(jobs.map(addThumbnail));
    const sheet = join(outDir, 'index.html');
    await writeFile(sheet, contactSheet(languages, jobs));
    await report(sheet, jobs.length, missing);
  } finally {
    await browser?.close();
  }
}

/** Serves one state's build with `sitegen preview` and takes its shots, two pages at a time. */
async function shootState(browser, state, jobs, lang, before) {
  const preview = await startPreview(state.site, await freePort());
  try {
    const consent = await storedConsent(browser, preview.origin, lang);
    // A site with nothing to consent to shows no banner (ruling 32): there is none to shoot.
    const shots = jobs.filter((job) => consent !== undefined || job.kind !== 'banner');
    let done = 0;
    await inParallel(shots, PARALLEL_PAGES, async (job) => {
      await shoot(browser, preview.origin, consent, job);
      console.log(`[${before + ++done}] ${job.file}`);
    });
    return shots;
  } finally {
    await preview.stop();
  }
}

/**
 * A copy of content/ with a sample photo in every place that takes one: the home page's hero,
 * the about page, the service page of the sheet, and every product card. The photos are drawn
 * here (gradients and soft lights, labelled "Sample photo"), the same bytes every run, so the
 * build's image cache makes them once.
 */
async function writePhotoContent(dir) {
  await rm(dir, { recursive: true, force: true });
  await cp(join(root, 'content'), dir, { recursive: true });
  await mkdir(join(dir, 'images'), { recursive: true });
  const photo = async (name, width, height, label, colours) => {
    await writeFile(join(dir, 'images', name), await samplePhoto(width, height, label, colours));
    return `{ src: /images/${name}, alt: "Sample photo: ${label}", width: ${width}, height: ${height} }`;
  };
  const hero = await photo('sample-hero.jpg', 1600, 1200, 'the shop', ['#0f5e63', '#e0a458']);
  const about = await photo('sample-team.jpg', 1800, 1000, 'the team', ['#a8432d', '#f4ede4']);
  const servicePhoto = await photo('sample-service.jpg', 1600, 1067, 'a fitting', ['#2f8c8f', '#dcefed']);
  const service = TEMPLATES.find((template) => template.id === 'service').path.replace(/\/$/, '');
  const languages = (await readdir(dir, { withFileTypes: true })).filter(
    (entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'index.md')),
  );
  for (const { name } of languages) {
    await setFrontMatterImage(join(dir, name, 'index.md'), hero);
    await setFrontMatterImage(join(dir, name, 'about.md'), about);
    await setFrontMatterImage(join(dir, name, `${service}.md`), servicePhoto);
  }
  const products = join(dir, 'collections/products.yaml');
  let yaml = await readFile(products, 'utf8');
  for (const [index, id] of [...yaml.matchAll(/^- id: (\S+)/gm)].map((match) => match[1]).entries()) {
    await photo(`sample-product-${id}.jpg`, 1200, 900, id, index % 2 ? ['#1f2a2e', '#e0a458'] : ['#0a3d40', '#c8553d']);
    yaml = yaml.replace(
      new RegExp(`(- id: ${id}\\n(?:  .*\\n)*?)  image: .*\\n`),
      `$1  image: /images/sample-product-${id}.jpg\n`,
    );
  }
  await writeFile(products, yaml);
}

/** Gives a page's front matter the `image` field, in place of the one it has or after its template. */
async function setFrontMatterImage(file, image) {
  if (!existsSync(file)) return;
  const text = await readFile(file, 'utf8');
  const replaced = /^image: .*$/m.test(text)
    ? text.replace(/^image: .*$/m, `image: ${image}`)
    : text.replace(/^template: .*$/m, (line) => `${line}\nimage: ${image}`);
  await writeFile(file, replaced);
}

/** A JPEG that looks like an out-of-focus photo and says it is a sample. */
function samplePhoto(width, height, label, [from, to]) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
<radialGradient id="r"><stop offset="0" stop-color="#fff" stop-opacity=".55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<circle cx="${width * 0.2}" cy="${height * 0.25}" r="${height * 0.3}" fill="url(#r)"/>
<circle cx="${width * 0.8}" cy="${height * 0.35}" r="${height * 0.22}" fill="url(#r)"/>
<circle cx="${width * 0.55}" cy="${height * 0.8}" r="${height * 0.35}" fill="url(#r)"/>
<rect y="${height * 0.62}" width="${width}" height="${height * 0.06}" opacity=".12"/>
<rect x="${width * 0.04}" y="${height * 0.45}" rx="${height * 0.03}" width="${width * 0.9}" height="${height * 0.1}" opacity=".35"/>
<text x="${width * 0.06}" y="${height * 0.515}" font-family="DejaVu Sans, sans-serif" font-size="${height * 0.05}" fill="#fff">Sample photo · ${label}</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

/** The generator's own incremental build of a state's content: after the first run only what changed is rendered again. */
async function buildSite(state) {
  const code = await run(process.execPath, [
    join(root, 'cli/bin.js'),
    'build',
    '--content',
    state.content,
    '--out',
    relative(root, state.site),
    '--no-compress',
    '--quiet',
  ]);
  if (code !== 0) throw new Error(`the build ${state.label} failed (exit ${code}); its errors are printed above`);
}

function run(command, args) {
  return new Promise((done, fail) => {
    spawn(command, args, { cwd: root, stdio: 'inherit' }).on('error', fail).on('exit', done);
  });
}

/** The languages in the site's own order: the alternates of the sitemap's first page (x-default aside). */
async function siteLanguages(siteDir) {
  const sitemap = await readFile(join(siteDir, 'sitemap.xml'), 'utf8');
  const firstPage = sitemap.slice(0, sitemap.indexOf('</url>'));
  const languages = [...firstPage.matchAll(/hreflang="([^"]+)"/g)]
    .map((match) => match[1])
    .filter((code) => code !== 'x-default');
  if (languages.length === 0) throw new Error(`no hreflang alternates in ${relative(root, siteDir)}/sitemap.xml`);
  return languages;
}

/** Every template in every language whose page the build wrote, and the addresses it did not. */
function pagesToShoot(languages) {
  const pages = TEMPLATES.flatMap((template) =>
    languages.map((lang) => ({ template, lang, path: `/${lang}/${template.path}` })),
  );
  const exists = (page) => existsSync(join(STATES[0].site, page.path, 'index.html'));
  return { pages: pages.filter(exists), missing: pages.filter((page) => !exists(page)).map((page) => page.path) };
}

/** A port of 127.0.0.1 that is free right now. */
function freePort() {
  return new Promise((found) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => found(port));
    });
  });
}

/** `sitegen preview` on a build, ended by its pid when we are done, whatever way that is. */
async function startPreview(siteDir, port) {
  const child = spawn(
    process.execPath,
    [join(root, 'cli/bin.js'), 'preview', '--dist', relative(root, siteDir), '--port', String(port)],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const running = () => child.exitCode === null && child.signalCode === null;
  const kill = () => running() && process.kill(child.pid, 'SIGTERM');
  // 'exit' also comes after an error or a signal, once the handlers below turn it into an exit.
  process.on('exit', kill);
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(128 + constants.signals[signal]));
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitForServer(origin, child);
  } catch (error) {
    kill();
    throw error;
  }
  return {
    origin,
    stop: async () => {
      if (!running()) return;
      const exited = new Promise((done) => child.once('exit', done));
      kill();
      await exited;
    },
  };
}

async function waitForServer(origin, child, seconds = 15) {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the preview server exited (${child.exitCode})`);
    try {
      await fetch(origin, { redirect: 'manual' });
      return;
    } catch {
      if (Date.now() > until) throw new Error(`the preview server did not answer on ${origin} in ${seconds} s`);
      await new Promise((wait) => setTimeout(wait, 100));
    }
  }
}

/**
 * What the site itself stores when a visitor clicks "Reject all", read back from localStorage:
 * whatever format the consent store uses at the time, it accepts this value as a choice.
 * Undefined for a site that asks for no consent, whose pages have no banner.
 */
async function storedConsent(browser, origin, lang) {
  const context = await isolatedContext(browser, origin, PHONE);
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/${lang}/`, { waitUntil: 'networkidle' });
    if ((await page.locator('[data-consent-banner]').count()) === 0) return undefined;
    await page.locator('[data-consent-banner] [data-consent="reject"]').click();
    const stored = await page.evaluate(() => localStorage.getItem('cookieConsent'));
    if (stored === null) throw new Error('"Reject all" in the consent banner stored no choice under cookieConsent');
    return stored;
  } finally {
    await context.close();
  }
}

/** A browser context whose requests to anything but the preview server get an empty page. */
async function isolatedContext(browser, origin, viewport) {
  const context = await browser.newContext({ viewport });
  await context.route('**/*', (route) =>
    route.request().url().startsWith(origin)
      ? route.continue()
      : route.fulfill({ status: 200, contentType: 'text/html', body: '' }),
  );
  return context;
}

/** A state's full-page shots of one page, one per width. */
function fullPageJobs(state) {
  return ({ template, lang, path }) =>
    VIEWPORTS.map((viewport) => ({
      kind: 'page',
      group: template.id,
      state,
      template,
      lang,
      path,
      viewport,
      file: `${template.id}-${lang}-${viewport.width}${state.id === 'plain' ? '' : `-${state.id}`}.png`,
    }));
}

function extraJobs(lang) {
  return [
    { kind: 'menu', group: 'menu', lang, path: `/${lang}/`, viewport: PHONE, file: `extra-menu-${lang}.png` },
    { kind: 'banner', group: 'banner', lang, path: `/${lang}/`, viewport: PHONE, file: `extra-consent-${lang}.png` },
  ];
}

/** Runs `work` over `items`, at most `limit` at a time, in order of the list. */
async function inParallel(items, limit, work) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

async function shoot(browser, origin, consent, job) {
  const context = await isolatedContext(browser, origin, job.viewport);
  try {
    // Before any page script runs, so the banner never appears over the page.
    if (job.kind !== 'banner' && consent !== undefined)
      await context.addInitScript((value) => localStorage.setItem('cookieConsent', value), consent);
    const page = await context.newPage();
    await page.goto(origin + job.path, { waitUntil: 'networkidle' });
    await page.evaluate(async () => {
      await document.fonts.ready;
    });
    await PREPARE[job.kind](page);
    // Finishes the reveal fades and the menu's slide instead of catching them halfway.
    await page.screenshot({
      path: join(outDir, job.file),
      fullPage: job.kind === 'page',
      animations: 'disabled',
    });
  } finally {
    await context.close();
  }
}

const PREPARE = {
  page: showEverything,
  menu: async (page) => {
    await page.locator('[data-menu-toggle]').click();
    await page.locator('.topbar__menu.is-open').waitFor();
  },
  // The banner appears a second after load when nothing is stored.
  banner: (page) => page.locator('[data-consent-banner]').waitFor({ state: 'visible' }),
};

/**
 * Scrolls down the page a screen at a time, as a visitor would, so every reveal-on-scroll
 * section is shown and every island that waits to be seen mounts; every lazy image is asked for
 * at once (each is sized, so the layout is the same), and the shot waits for all of them. Then
 * back to the top, where the top bar is in its first state.
 */
async function showEverything(page) {
  await page.evaluate(async () => {
    const pause = (ms) => new Promise((wait) => setTimeout(wait, ms));
    for (const image of document.querySelectorAll('img[loading="lazy"]')) image.loading = 'eager';
    const bottom = () => document.documentElement.scrollHeight - innerHeight;
    for (let y = 0; y < bottom(); y += innerHeight) {
      scrollTo({ top: y, behavior: 'instant' });
      await pause(60);
    }
    scrollTo({ top: bottom(), behavior: 'instant' });
    // Slides of the brand carousel lie beside the page, where lazy images never load: not waited for.
    const beside = (image) => image.getBoundingClientRect().left >= innerWidth;
    const loading = [...document.images].filter((image) => !image.complete && !beside(image));
    const loaded = (image) =>
      new Promise((done) => {
        image.addEventListener('load', done);
        image.addEventListener('error', done);
      });
    await Promise.race([Promise.all(loading.map(loaded)), pause(5000)]);
    scrollTo({ top: 0, behavior: 'instant' });
    await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
  });
}

/** A small copy of each shot for the sheet, so it opens quickly; the sheet links to the full one. */
async function addThumbnail(job) {
  const full = sharp(join(outDir, job.file));
  const { width, height } = await full.metadata();
  job.thumb = `thumbs/${job.file.replace(/\.png$/, '.jpg')}`;
  await full
    .resize({ width: Math.min(width, THUMB_WIDTH * 2) })
    .jpeg({ quality: 65 })
    .toFile(join(outDir, job.thumb));
  job.size = { width, height };
}

/** The one page a reviewer opens: a section per template, a row per language, a column per width. */
function contactSheet(languages, jobs) {
  const templates = TEMPLATES.filter((template) => jobs.some((job) => job.group === template.id));
  const sections = templates.map((template) => templateSection(template, languages, jobs));
  const nav = [...templates.map((template) => [template.id, template.label]), ['extras', 'Phone menu and banner']]
    .map(([id, label]) => `<a href="#${id}">${escape(label)}</a>`)
    .join('');
  const taken = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const widths = VIEWPORTS.map((viewport) => viewport.width).join(', ');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Design contact sheet</title>
<style>${SHEET_CSS}</style>
</head>
<body>
<header class="top">
<h1>Design contact sheet</h1>
<p>${jobs.length} screenshots, taken ${taken} UTC: ${templates.length} page templates in ${languages.map(escape).join(', ')} at ${widths} px wide (full page), the ${templates.filter((template) => template.photos).length} that show photos both as the content is and with sample photos, and the phone's menu and cookie banner. Each shot scrolls in its frame; click it for the full-size image.</p>
<nav>${nav}</nav>
</header>
<main>
${sections.join('\n')}
${extrasSection(languages, jobs)}
</main>
</body>
</html>
`;
}

/** A template's section: a row per language and state, the widths side by side. */
function templateSection(template, languages, jobs) {
  const rows = languages
    .flatMap((lang) =>
      STATES.map((state) =>
        jobs.filter((job) => job.group === template.id && job.lang === lang && job.state === state),
      ),
    )
    .filter((shots) => shots.length > 0)
    .map(
      (shots) => `<article class="row">
<h3><span class="lang">${escape(shots[0].lang)}</span> ${escape(template.label)} <code>${escape(shots[0].path)}</code>${template.photos ? ` <span class="state state--${shots[0].state.id}">${escape(shots[0].state.label)}</span>` : ''}</h3>
<div class="shots">${shots.map((job) => figure(job, `${job.viewport.width} px`)).join('')}</div>
</article>`,
    );
  return `<section id="${template.id}">
<h2>${escape(template.label)} <small>template <code>${escape(template.id)}</code></small></h2>
${rows.join('\n')}
</section>`;
}

function extrasSection(languages, jobs) {
  const row = (group, title) => {
    const shots = languages.map((lang) => jobs.find((job) => job.group === group && job.lang === lang));
    return `<article class="row">
<h3>${escape(title)}</h3>
<div class="shots">${shots.map((job) => figure(job, `${job.lang} · ${job.path}`)).join('')}</div>
</article>`;
  };
  return `<section id="extras">
<h2>Phone menu and banner <small>${PHONE.width} × ${PHONE.height}, the first screen only</small></h2>
${row('menu', 'Menu open, on the home page')}
${row('banner', 'Cookie banner, on the home page with no choice stored')}
</section>`;
}

function figure(job, title) {
  const height = Math.round((job.size.height * THUMB_WIDTH) / job.size.width);
  return `<figure>
<a class="frame" href="${job.file}"><img src="${job.thumb}" width="${THUMB_WIDTH}" height="${height}" loading="lazy" alt="${escape(`${job.path} at ${job.viewport.width} px`)}"></a>
<figcaption><b>${escape(title)}</b> ${job.size.width} × ${job.size.height}</figcaption>
</figure>`;
}

function escape(text) {
  return String(text).replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

const SHEET_CSS = `
:root { color-scheme: light; font: 15px/1.5 system-ui, sans-serif; color: #1f2328; background: #eef0f2; }
body { margin: 0; }
.top { position: sticky; top: 0; z-index: 1; padding: 0.75rem 1.5rem; background: #fff; box-shadow: 0 1px 4px rgb(0 0 0 / 0.12); }
h1 { margin: 0; font-size: 1.25rem; }
.top p { margin: 0.25rem 0 0.5rem; max-width: 70rem; color: #57606a; }
nav { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; font-size: 0.9rem; }
a { color: #0b6b6f; }
main { padding: 0 1.5rem 4rem; }
section { padding-top: 1.5rem; scroll-margin-top: 7rem; }
h2 { margin: 1rem 0 0.75rem; font-size: 1.15rem; border-bottom: 2px solid #c9ced4; }
h2 small { font-weight: normal; color: #57606a; font-size: 0.85rem; margin-left: 0.5rem; }
.row { margin: 0 0 1.75rem; }
h3 { margin: 0 0 0.5rem; font-size: 0.95rem; font-weight: 600; }
h3 code, h2 code { font-weight: normal; color: #57606a; }
.state { margin-left: 0.5rem; padding: 0 0.4rem; border-radius: 4px; font-size: 0.8rem; font-weight: normal; background: #d8dee4; }
.state--photos { background: #f0d8a8; }
.lang { display: inline-block; min-width: 2rem; padding: 0 0.4rem; margin-right: 0.25rem; border-radius: 4px; background: #0b6b6f; color: #fff; text-align: center; text-transform: uppercase; font-size: 0.8rem; }
.shots { display: flex; flex-wrap: wrap; gap: 1.25rem; align-items: flex-start; }
figure { margin: 0; width: ${THUMB_WIDTH}px; }
.frame { display: block; max-height: 70vh; overflow-y: auto; background: #fff; border-radius: 6px; box-shadow: 0 1px 3px rgb(0 0 0 / 0.18); }
.frame:hover, .frame:focus-visible { outline: 3px solid #0b6b6f; outline-offset: 2px; }
img { display: block; width: ${THUMB_WIDTH}px; height: auto; }
figcaption { margin-top: 0.35rem; font-size: 0.8rem; color: #57606a; }
figcaption b { color: #1f2328; margin-right: 0.35rem; }
`;

async function report(sheet, count, missing) {
  for (const path of missing)
    console.warn(`warning: ${path} was not built, so it has no shots (update TEMPLATES in review/shots.js)`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const megabytes = ((await folderBytes(outDir)) / 1024 / 1024).toFixed(1);
  console.log(`\n${sheet}`);
  console.log(`${count} shots, ${megabytes} MB in ${relative(root, outDir)}/, ${seconds} s`);
}

async function folderBytes(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const sizes = await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => (await stat(join(entry.parentPath, entry.name))).size),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}

// Playwright's messages carry their own call log; the stack inside this script adds nothing.
await main().catch((error) => {
  console.error(`npm run shots: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
