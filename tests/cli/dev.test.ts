import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, truncate, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.ts';
import { copyGenerator, copyProject, runCli } from '../helpers/cli.ts';
import { expectHostileHeadersAnswered } from '../helpers/hostile-headers.ts';

let project: string;
let generator: string;
let dev: ChildProcess;
let url: string;
let output = '';
let browser: Browser;
let tab: Page;
let loads = 0;

/** The dev server's lines that end a build, by now. */
const finishedBuilds = () => output.match(/: (rendered \d+ of \d+ pages|the build failed)/g)?.length ?? 0;

/** Makes a change, then waits for the dev server to finish the builds it causes (quiet for half a second). */
async function afterChange(change: () => Promise<unknown>): Promise<void> {
  const before = finishedBuilds();
  const loadsBefore = loads;
  await change();
  for (let waited = 0; finishedBuilds() === before; waited += 100) {
    if (waited > 30_000) throw new Error(`no build after the change; the dev server said:\n${output}`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
  for (let seen = -1; seen !== finishedBuilds();) {
    seen = finishedBuilds();
    await new Promise((settle) => setTimeout(settle, 500));
  }
  // The open page hears of it: it reloads, or shows the error over itself.
  await expect
    .poll(async () => loads > loadsBefore || (await tab.locator('#__dev-error').count()) > 0, { timeout: 15_000 })
    .toBe(true);
}

/** Every file a clean build of the project as it is now writes, by path, but the precompressed copies (the dev server makes none). */
async function cleanBuild(): Promise<Map<string, Buffer>> {
  const out = join(project, 'clean');
  await rm(out, { recursive: true, force: true });
  const built = await runCli(['build', '--quiet', '--out', 'clean'], {
    cwd: project,
    bin: join(generator, 'cli/bin.js'),
  });
  expect(built.code, built.stderr).toBe(0);
  const paths = (await readdir(out, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && !/\.(?:br|gz)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name).slice(out.length + 1));
  return new Map(await Promise.all(paths.map(async (path) => [path, await readFile(join(out, path))] as const)));
}

/** Asserts that every file the dev server serves is what a clean build writes, and that it serves nothing else. */
async function expectServedAsCleanBuild(): Promise<void> {
  const clean = await cleanBuild();
  const served = join(project, '.cache/sitegen/dev-site');
  const files = (await readdir(served, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
  expect(files.map((entry) => join(entry.parentPath, entry.name).slice(served.length + 1)).sort()).toEqual(
    [...clean.keys()].sort(),
  );
  for (const [path, bytes] of clean) {
    expect((await readFile(join(served, path))).equals(bytes), path).toBe(true);
    if (!path.endsWith('.html')) continue;
    // Pages as a browser gets them over HTTP, without the dev server's reload script; the
    // host rules answer the addresses of redirect stubs with the redirect itself.
    const response = await fetch(`${url}/${path.replace(/index\.html$/, '')}`, { redirect: 'manual' });
    if (response.status === 301 || response.status === 302) continue;
    const html = (await response.text()).replace('<script type="module" src="/__dev/client.js"></script>', '');
    expect(html, path).toBe(bytes.toString('utf8'));
  }
}

beforeAll(async () => {
  project = await copyProject();
  generator = await copyGenerator(project);
  // The generator's tsconfig.json, which dev's type checker reads.
  await writeFile(join(generator, 'tsconfig.json'), await readFile(join(process.cwd(), 'tsconfig.json')));
  const port = await new Promise<number>((found) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => found(free));
    });
  });
  url = `http://127.0.0.1:${port}`;
  dev = spawn(process.execPath, [join(generator, 'cli/bin.js'), 'dev', '--port', String(port)], {
    cwd: project,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  dev.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  dev.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (let waited = 0; !output.includes('Serving at'); waited += 100) {
    if (waited > 60_000) throw new Error(`the dev server did not start:\n${output}`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
  browser = await launchBrowser();
  tab = await browser.newPage();
  tab.on('load', () => loads++);
  await tab.goto(`${url}/es/about/`);
}, 90_000);

afterAll(async () => {
  await browser?.close();
  // The last test stops it itself; after a failure it may still run.
  if (dev && dev.exitCode === null && dev.signalCode === null) dev.kill();
  await rm(project, { recursive: true, force: true });
});

describe('dev server', () => {
  it('serves what a clean build writes, with the host behaviour of preview', async () => {
    expect(await (await fetch(`${url}/es/about/`)).text()).toContain(
      '<script type="module" src="/__dev/client.js"></script></body>',
    );
    expect((await fetch(`${url}/about`, { redirect: 'manual' })).headers.get('location')).toBe('/ca/about/');
    expect((await fetch(`${url}/es/nada/`)).status).toBe(404);
    await expectServedAsCleanBuild();
  }, 60_000);

  it('answers hostile headers on an asset (ranges as nginx does, broken conditionals, a huge cookie) and keeps serving', async () => {
    const robots = await readFile(join(project, '.cache/sitegen/dev-site/robots.txt'));
    await expectHostileHeadersAnswered(url, '/robots.txt', robots);
  });

  it('renders again the page whose text changed, says how long it took, and reloads the open page', async () => {
    const file = join(project, 'content/es/about.md');
    const before = loads;
    await afterChange(async () =>
      writeFile(file, `${await readFile(file, 'utf8')}\nUn párrafo añadido con el servidor en marcha.\n`),
    );
    const [, milliseconds] = /content\/es\/about\.md: rendered 1 of \d+ pages in (\d+) ms/.exec(output) ?? [];
    expect(milliseconds, output).toBeDefined();
    await expect.poll(() => loads).toBeGreaterThan(before);
    expect(await tab.content()).toContain('Un párrafo añadido con el servidor en marcha.');
    await expectServedAsCleanBuild();
  }, 60_000);

  it('sees a template edited the ordinary way, and then twice by rename-style saves', async () => {
    const file = join(generator, 'templates/layout/Footer.tsx');
    const text = await readFile(file, 'utf8');
    await afterChange(() => writeFile(file, text.replace('<footer', '<footer data-edit="1"')));
    expect(output).toMatch(/templates\/layout\/Footer\.tsx: rendered (\d+) of \1 pages/);
    await expect.poll(() => tab.locator('footer[data-edit="1"]').count()).toBe(1);
    await expectServedAsCleanBuild();
    // As sed -i, many editors and git checkout save: a new file renamed over the old one.
    for (const edit of ['2', '3']) {
      await afterChange(async () => {
        await writeFile(
          join(generator, 'templates/layout/sedTmp1'),
          text.replace('<footer', `<footer data-edit="${edit}"`),
        );
        await rename(join(generator, 'templates/layout/sedTmp1'), file);
      });
      await expect.poll(() => tab.locator(`footer[data-edit="${edit}"]`).count()).toBe(1);
      expect(output).not.toMatch(/sedTmp1: rendered/);
    }
    await expectServedAsCleanBuild();
  }, 120_000);

  it('serves the last of 100 rapid saves of one content file', async () => {
    const file = join(project, 'content/en/about.md');
    const text = await readFile(file, 'utf8');
    await afterChange(async () => {
      for (let save = 1; save <= 100; save++) await writeFile(file, `${text}\nSave number ${save} of a hundred.\n`);
    });
    await expect
      .poll(async () => (await fetch(`${url}/en/about/`)).text(), { timeout: 30_000 })
      .toContain('Save number 100 of a hundred.');
    await expectServedAsCleanBuild();
  }, 60_000);

  it('waits for 50 rapid truncate-then-write saves to settle: no half-written file is reported', async () => {
    const file = join(project, 'content/ca/about.md');
    const text = await readFile(file, 'utf8');
    const from = output.length;
    await afterChange(async () => {
      // As editors that save in place do: the file is empty for a moment, then written whole.
      // Every tenth stays empty far longer than the server's settling wait, as on a busy machine.
      for (let save = 1; save <= 50; save++) {
        await truncate(file);
        await new Promise((wait) => setTimeout(wait, save % 10 === 0 ? 300 : 5 + (save % 4) * 10));
        await writeFile(file, `${text}\nDesada número ${save} de cinquanta.\n`);
        await new Promise((wait) => setTimeout(wait, 20));
      }
    });
    await expect
      .poll(async () => (await fetch(`${url}/ca/about/`)).text(), { timeout: 30_000 })
      .toContain('Desada número 50 de cinquanta.');
    expect(output.slice(from)).not.toMatch(/the build failed|front matter/i);
    await expectServedAsCleanBuild();
  }, 90_000);

  it('prints a warning once, names no editor temporary file, and prints a failed rename once', async () => {
    const dir = join(project, 'content/es');
    const about = join(dir, 'about.md');
    const text = await readFile(about, 'utf8');
    const other = join(project, 'content/en/faq.md');
    const otherText = await readFile(other, 'utf8');
    await afterChange(() => writeFile(about, `${text}\nUna palabra con un\u200Bespacio invisible.\n`));
    expect(output).toMatch(/content\/es\/about\.md:\d+:\d+ InvisibleCharacter/);
    // In the page's panel too, as type errors are: the author need not watch the terminal.
    await expect
      .poll(() => tab.locator('#__dev-warnings').textContent(), { timeout: 15_000 })
      .toMatch(/content\/es\/about\.md:\d+:\d+ InvisibleCharacter/);
    // Another change: the warning stands, but is not news; the temporary files editors leave are no reason.
    const temporary = ['.about.md.swp', 'about.md~', '4913', '.#about.md', 'about.md.tmp.123'];
    let from = output.length;
    try {
      await afterChange(async () => {
        for (const name of temporary) await writeFile(join(dir, name), 'a half-saved copy');
        await writeFile(other, `${otherText}\nA line added while the server runs.\n`);
      });
      const after = output.slice(from);
      expect(after).toMatch(/^content\/en\/faq\.md: rendered 1 of \d+ pages/m);
      expect(after).not.toContain('InvisibleCharacter');
      for (const name of temporary) expect(after).not.toContain(name);
    } finally {
      await Promise.all(temporary.map((name) => rm(join(dir, name), { force: true })));
    }
    // A rename that breaks the build: its problems once, however many events the rename makes.
    from = output.length;
    await afterChange(() => rename(about, join(dir, 'sobre.md')));
    // Another save while the rename stands: the same problems are not printed again.
    await afterChange(() => writeFile(other, `${otherText}\nAnother line while the build fails.\n`));
    expect(output.slice(from).match(/problems? found/g), output.slice(from)).toHaveLength(1);
    expect(output.slice(from)).toMatch(
      /^content\/en\/faq\.md: the build failed again, with the same problems as above/m,
    );
    await afterChange(async () => {
      await rename(join(dir, 'sobre.md'), about);
      await writeFile(about, text);
      await writeFile(other, otherText);
    });
    expect(output.slice(-2000)).toMatch(
      /rendered \d+ of \d+ pages in \d+ ms(?:; nothing changed, so nothing reloads)?\s*$/,
    );
    await expectServedAsCleanBuild();
  }, 120_000);

  it('swaps an edited stylesheet into the open page without reloading it', async () => {
    const file = join(generator, 'templates/styles/site.css');
    const text = await readFile(file, 'utf8');
    const outline = () => tab.evaluate(() => getComputedStyle(document.body).outlineColor);
    const linked = (html: string) => /<link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1];
    // A mark on the open page that a reload would wipe.
    const kept = () => tab.locator('body[data-kept]').count();
    await tab.evaluate(() => (document.body.dataset.kept = 'yes'));
    const builds = finishedBuilds();
    const from = output.length;
    await writeFile(file, `${text}\nbody { outline: 3px solid rgb(1, 2, 3); }\n`);
    await expect.poll(outline, { timeout: 30_000 }).toBe('rgb(1, 2, 3)');
    expect(finishedBuilds()).toBeGreaterThan(builds);
    expect(await kept()).toBe(1);
    // No page is rendered for it, nor the builder restarted: the stylesheet alone is written.
    expect(output.slice(from)).toMatch(
      /templates\/styles\/site\.css: rendered 0 of \d+ pages in \d+ ms; the stylesheet swapped in place/,
    );
    // The page now links the stylesheet a fresh load of it links.
    expect(linked(await tab.content())).toBe(linked(await (await fetch(`${url}/es/about/`)).text()));
    await writeFile(file, text);
    await expect.poll(outline, { timeout: 30_000 }).not.toBe('rgb(1, 2, 3)');
    expect(await kept()).toBe(1);
    await expectServedAsCleanBuild();
    // The pages stand as they were in the folder the stylesheet went into: a builder started
    // for a template edit keeps them, and renders only the home page in each language.
    const section = join(generator, 'templates/sections/VisitsOffer.tsx');
    const source = await readFile(section, 'utf8');
    const rendered = (since: number) => /VisitsOffer\.tsx: rendered (\d+) of \d+ pages/.exec(output.slice(since))?.[1];
    const edited = output.length;
    await writeFile(section, `${source}\nexport const editedByTheTest = 1;\n`);
    try {
      await expect.poll(() => rendered(edited), { timeout: 60_000 }).toBe('3');
    } finally {
      const restored = output.length;
      await writeFile(section, source);
      await expect.poll(() => rendered(restored), { timeout: 60_000 }).toBe('3');
    }
    await expectServedAsCleanBuild();
  }, 120_000);

  it('reloads nothing for a save that changes nothing the site is built from', async () => {
    const file = join(project, 'content/en/about.md');
    const loadsBefore = loads;
    const from = output.length;
    await writeFile(file, await readFile(file, 'utf8'));
    await expect
      .poll(() => output.slice(from), { timeout: 30_000 })
      .toMatch(/content\/en\/about\.md: rendered 0 of \d+ pages in \d+ ms; nothing changed, so nothing reloads/);
    // Time for a reload to arrive, had one been sent.
    await new Promise((wait) => setTimeout(wait, 1000));
    expect(loads).toBe(loadsBefore);
  }, 60_000);

  it('serves a page from a new content folder, and a 404 once it is deleted', async () => {
    const page = join(project, 'content/ca/news/index.md');
    const text = [
      '---',
      'title: Novetats de la botiga',
      'description: Les novetats de la botiga del Poblenou, explicades amb calma per a tothom.',
      'template: page',
      '---',
      '',
      'Hem renovat l’aparador.',
      '',
    ].join('\n');
    await afterChange(async () => {
      await mkdir(join(project, 'content/ca/news'));
      await writeFile(page, text);
    });
    expect((await fetch(`${url}/ca/news/`)).status).toBe(200);
    await expectServedAsCleanBuild();
    await afterChange(() => rm(join(project, 'content/ca/news'), { recursive: true }));
    expect((await fetch(`${url}/ca/news/`)).status).toBe(404);
    await expectServedAsCleanBuild();
  }, 60_000);

  it('shows a template syntax error over the page and keeps the last good build, until it is fixed', async () => {
    const file = join(generator, 'templates/layout/Footer.tsx');
    const text = await readFile(file, 'utf8');
    await afterChange(() => writeFile(file, text.replace('<footer', '<footer {')));
    expect(output).toContain('the build failed');
    expect(output).toMatch(/Footer\.tsx:\d+:\d+/);
    await expect.poll(() => tab.locator('#__dev-error').textContent(), { timeout: 15_000 }).toMatch(/Footer\.tsx/);
    expect((await fetch(`${url}/es/about/`)).status).toBe(200);
    const before = loads;
    await afterChange(() => writeFile(file, text));
    await expect.poll(() => loads).toBeGreaterThan(before);
    await expect.poll(() => tab.locator('#__dev-error').count()).toBe(0);
    await expectServedAsCleanBuild();
  }, 120_000);

  it('shows a template that throws at its line, with the lines around it, in the terminal and over the page', async () => {
    const file = join(generator, 'templates/components/PageHeading.tsx');
    const text = await readFile(file, 'utf8');
    const throwing = text.replace('  return (', "  if (title) throw new Error('boom from PageHeading');\n  return (");
    const lines = throwing.split('\n');
    const line = lines.findIndex((source) => source.includes('boom from PageHeading')) + 1;
    const col = lines[line - 1]!.indexOf('new Error') + 1;
    await afterChange(() => writeFile(file, throwing));
    const problem = new RegExp(
      `^templates/components/PageHeading\\.tsx:${line}:${col} TemplateError — boom from PageHeading, rendering content/\\S+\\.md and \\d+ other pages \\(in <PageHeading>`,
      'm',
    );
    const marked = `  > ${line} |   if (title) throw new Error('boom from PageHeading');`;
    expect(output).toMatch(problem);
    expect(output).toContain(marked);
    // The open page (/es/about/ renders PageHeading) shows the same text over itself.
    await expect.poll(() => tab.locator('#__dev-error').textContent(), { timeout: 15_000 }).toMatch(problem);
    expect(await tab.locator('#__dev-error').textContent()).toContain(marked);
    const before = loads;
    await afterChange(() => writeFile(file, text));
    await expect.poll(() => loads).toBeGreaterThan(before);
    await expect.poll(() => tab.locator('#__dev-error').count()).toBe(0);
  }, 120_000);

  it('prints a type error in a template at its line, shows it in a panel while the page is served, and says when it is fixed', async () => {
    const file = join(generator, 'templates/components/PageHeading.tsx');
    const text = await readFile(file, 'utf8');
    const lines = text.trimEnd().split('\n');
    const typo = "export const typeCheckProbe: number = 'x';";
    const loadsBefore = loads;
    const printedBefore = output.length;
    await afterChange(() => writeFile(file, `${text.trimEnd()}\n${typo}\n`));
    // The build does not wait for the type check: the page is rebuilt, reloaded and served as usual.
    expect(output.slice(printedBefore)).not.toContain('the build failed');
    expect(loads).toBeGreaterThan(loadsBefore);
    expect((await fetch(`${url}/es/about/`)).status).toBe(200);
    const problem = new RegExp(
      `^templates/components/PageHeading\\.tsx:${lines.length + 1}:14 - error ts\\(2322\\): Type 'string' is not assignable to type 'number'\\.$`,
      'm',
    );
    // A first check of every template and widget takes a while on a busy machine; later ones, seconds.
    await expect.poll(() => output, { timeout: 120_000 }).toMatch(problem);
    expect(output.match(new RegExp(problem.source, 'gm'))).toHaveLength(1);
    await expect.poll(() => tab.locator('#__dev-types').textContent(), { timeout: 15_000 }).toMatch(problem);
    expect(await tab.locator('#__dev-error').count()).toBe(0);
    await afterChange(() => writeFile(file, text));
    await expect.poll(() => output, { timeout: 60_000 }).toContain('Type errors fixed');
    // The fix also rebuilds and reloads the page, which on a busy machine takes more than a second.
    await expect.poll(() => tab.locator('#__dev-types').count(), { timeout: 15_000 }).toBe(0);
    expect(output.match(new RegExp(problem.source, 'gm'))).toHaveLength(1);
  }, 240_000);

  it('ends on Ctrl+C in the middle of a build with exit 130, leaving no lock behind', async () => {
    const lock = join(project, '.cache/sitegen/.dev-site.lock');
    const file = join(project, 'content/site.yaml');
    const text = await readFile(file, 'utf8');
    // A setting every page shows: every page renders again, a build long enough to stop in.
    await writeFile(file, text.replace('name: !example Òptica Poblenou', 'name: !example Visió Poblenou'));
    try {
      for (let waited = 0; !existsSync(lock); waited += 5) {
        if (waited > 30_000) throw new Error(`no build took the lock; the dev server said:\n${output}`);
        await new Promise((wait) => setTimeout(wait, 5));
      }
      const exited = once(dev, 'exit');
      dev.kill('SIGINT');
      // It ends once its builder has: the lock is gone by then.
      expect(await exited).toEqual([130, null]);
      expect(existsSync(lock)).toBe(false);
    } finally {
      await writeFile(file, text);
    }
  }, 60_000);
});
