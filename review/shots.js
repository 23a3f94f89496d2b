#!/usr/bin/env node
/**
 * A contact sheet for people who review the design: every page template in every language at
 * 375, 768, 1280 and 1920 px, plus the phone menu and the consent banner, gathered in one
 * `dist-shots/index.html` that needs nothing but a browser to open. The browser tests measure the
 * layout (no sideways scrolling, no overlapping items in the top bar or footer); whether it looks
 * right is for a person to judge, and this lets one see every page at every width at once,
 * without running the site.
 *
 * The site is built into a folder of its own (not `dist/`), so that a build, a `preview` or a
 * `check` someone is running on `dist/` is never disturbed, and the shots show the sources as
 * they are now. Chromium loads nothing but the local preview server: every other request is
 * answered with an empty page, so the sheet is the same with or without a network.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { constants } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import sharp from 'sharp';

const started = performance.now();
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const siteDir = join(root, '.cache/sitegen/shots-site');
const outDir = join(root, 'dist-shots');

/**
 * One address per page template (the ids of templates/pages/index.ts). The built HTML carries
 * no mark of its template, so the list is kept here; an address the build no longer has is
 * reported and left out.
 */
const TEMPLATES = [
  { id: 'home', label: 'Home', path: '' },
  { id: 'page', label: 'Content page', path: 'about/' },
  { id: 'service', label: 'Service', path: 'services/orto-k/' },
  { id: 'index', label: 'Folder index', path: 'services/' },
  { id: 'model-list', label: 'Model list', path: 'products/oticon-models/' },
  { id: 'model', label: 'Model', path: 'products/oticon-models/real/' },
  { id: 'legal', label: 'Legal page', path: 'legal/privacy-policy/' },
  { id: 'not-found', label: 'Not found (404)', path: '404/' },
];
const PHONE = { width: 375, height: 667 };
const VIEWPORTS = [PHONE, { width: 768, height: 900 }, { width: 1280, height: 900 }, { width: 1920, height: 900 }];
/** The machine has two cores: a third page only makes every shot slower. */
const PARALLEL_PAGES = 2;
/**
 * Width of every image on the sheet. Its thumbnails are JPEGs at twice that, for high-density
 * screens; the shots themselves are PNGs, sharp text for the reviewer at only a third more bytes
 * than a JPEG, the site being flat colour and illustrations.
 */
const THUMB_WIDTH = 240;
const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

async function main() {
  await buildSite();
  const languages = await siteLanguages();
  const { pages, missing } = pagesToShoot(languages);
  await rm(outDir, { recursive: true, force: true });
  await mkdir(join(outDir, 'thumbs'), { recursive: true });

  const preview = await startPreview(await freePort());
  let browser;
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    const consent = await storedConsent(browser, preview.origin, languages[0]);
    const jobs = [...pages.flatMap(fullPageJobs), ...languages.flatMap(extraJobs)];
    let done = 0;
    await inParallel(jobs, PARALLEL_PAGES, async (job) => {
      await shoot(browser, preview.origin, consent, job);
      console.log(`[${String(++done).padStart(String(jobs.length).length)}/${jobs.length}] ${job.file}`);
    });
    await Promise.all(jobs.map(addThumbnail));
    const sheet = join(outDir, 'index.html');
    await writeFile(sheet, contactSheet(languages, jobs));
    await report(sheet, jobs.length, missing);
  } finally {
    await browser?.close();
    await preview.stop();
  }
}

/** The generator's own incremental build: after the first run only what changed is rendered again. */
async function buildSite() {
  const code = await run(process.execPath, [
    join(root, 'cli/bin.js'),
    'build',
    '--out',
    relative(root, siteDir),
    '--quiet',
  ]);
  if (code !== 0) throw new Error(`the build failed (exit ${code}); its errors are printed above`);
}

function run(command, args) {
  return new Promise((done, fail) => {
    spawn(command, args, { cwd: root, stdio: 'inherit' }).on('error', fail).on('exit', done);
  });
}

/** The languages in the site's own order: the alternates of the sitemap's first page (x-default aside). */
async function siteLanguages() {
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
  const exists = (page) => existsSync(join(siteDir, page.path, 'index.html'));
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

/** `sitegen preview` on the build, ended by its pid when we are done, whatever way that is. */
async function startPreview(port) {
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
 */
async function storedConsent(browser, origin, lang) {
  const context = await isolatedContext(browser, origin, PHONE);
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/${lang}/`, { waitUntil: 'networkidle' });
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

function fullPageJobs({ template, lang, path }) {
  return VIEWPORTS.map((viewport) => ({
    kind: 'page',
    group: template.id,
    template,
    lang,
    path,
    viewport,
    file: `${template.id}-${lang}-${viewport.width}.png`,
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
    if (job.kind !== 'banner')
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
 * Scrolls down the page a little less than a screen at a time, as a visitor would, so every
 * reveal-on-scroll section is shown and every lazy image loaded; then back to the top, where the
 * top bar is in its first state.
 */
async function showEverything(page) {
  await page.evaluate(async () => {
    const pause = (ms) => new Promise((wait) => setTimeout(wait, ms));
    const bottom = () => document.documentElement.scrollHeight - innerHeight;
    for (let y = 0; y < bottom(); y += innerHeight * 0.75) {
      scrollTo({ top: y, behavior: 'instant' });
      await pause(100);
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
<p>${jobs.length} screenshots, taken ${taken} UTC: ${templates.length} page templates in ${languages.map(escape).join(', ')} at ${widths} px wide (full page), and the phone's menu and cookie banner. Each shot scrolls in its frame; click it for the full-size image.</p>
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

function templateSection(template, languages, jobs) {
  const rows = languages
    .map((lang) => jobs.filter((job) => job.group === template.id && job.lang === lang))
    .filter((shots) => shots.length > 0)
    .map(
      (shots) => `<article class="row">
<h3><span class="lang">${escape(shots[0].lang)}</span> ${escape(template.label)} <code>${escape(shots[0].path)}</code></h3>
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
