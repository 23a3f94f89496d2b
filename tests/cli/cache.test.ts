import { cp, readFile, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWithReport, copyGenerator, copyProject, hashTree, runCli } from '../helpers/cli.ts';

let project: string;
/** Pages of the site (and /404.html), as the first build renders them all. */
let pages: number;
beforeAll(async () => {
  project = await copyProject();
  const first = await buildWithReport([], { cwd: project });
  expect(first.code, first.stderr).toBe(0);
  pages = first.report.rendered;
  expect(pages).toBeGreaterThan(100);
});
afterAll(async () => {
  await rm(project, { recursive: true, force: true });
});

const edit = async (root: string, file: string, change: (text: string) => string) => {
  const before = await readFile(join(root, file), 'utf8');
  const after = change(before);
  expect(after, `the edit of ${file} changes nothing`).not.toBe(before);
  await writeFile(join(root, file), after);
};
const buildIn = async (cwd: string, args: string[] = [], bin?: string) => {
  const { code, stderr, report } = await buildWithReport(args, { cwd, ...(bin ? { bin } : {}) });
  expect(code, stderr).toBe(0);
  return { rendered: report.rendered, kept: report.kept };
};
/** The same content built with no cache and no earlier output: what an incremental build must equal. */
const cleanBuildHash = async (cwd: string, bin?: string) => {
  await rm(join(cwd, 'clean'), { recursive: true, force: true });
  const cache = join(cwd, '.cache');
  await rm(`${cache}.aside`, { recursive: true, force: true });
  await cp(cache, `${cache}.aside`, { recursive: true });
  await rm(join(cache, 'sitegen'), { recursive: true, force: true });
  const result = await runCli(['build', '--quiet', '--out', 'clean'], { cwd, ...(bin ? { bin } : {}) });
  await rm(cache, { recursive: true, force: true });
  await cp(`${cache}.aside`, cache, { recursive: true });
  expect(result.code, result.stderr).toBe(0);
  return hashTree(join(cwd, 'clean'));
};

describe('the page cache', () => {
  it('renders nothing and rewrites no file when nothing changed', async () => {
    const page = join(project, 'dist/ca/about/index.html');
    const before = await stat(page);
    expect(await buildIn(project)).toEqual({ rendered: 0, kept: pages });
    const after = await stat(page);
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
  });

  it('renders only the page whose text changed, and writes what a clean build writes', async () => {
    await edit(
      project,
      'content/ca/legal/terms-conditions.md',
      (text) => `${text}\nUn paràgraf nou afegit per una prova.\n`,
    );
    expect(await buildIn(project)).toEqual({ rendered: 1, kept: pages - 1 });
    expect(await readFile(join(project, 'dist/ca/legal/terms-conditions/index.html'), 'utf8')).toContain(
      'Un paràgraf nou afegit per una prova.',
    );
    expect(await hashTree(join(project, 'dist'))).toBe(await cleanBuildHash(project));
  });

  it('answers with the last report when nothing changed, and builds again for any file added, removed or saved', async () => {
    const isUpToDate = async () => {
      const { code, stderr, report } = await buildWithReport([], { cwd: project });
      expect(code, stderr).toBe(0);
      return report.isUpToDate;
    };
    await buildIn(project);
    expect(await isUpToDate()).toBe(true);
    const clean = await hashTree(join(project, 'dist'));
    // A file of the site removed, or one added, by hand: built again, as a clean build writes it.
    await rm(join(project, 'dist/ca/about/index.html'));
    expect(await isUpToDate()).toBe(false);
    await writeFile(join(project, 'dist/ca/stray.html'), 'by hand');
    expect(await isUpToDate()).toBe(false);
    expect(await hashTree(join(project, 'dist'))).toBe(clean);
    expect(await isUpToDate()).toBe(true);
    // A content file saved again with the same bytes: its change time moved, so the build looks again.
    const file = join(project, 'content/ca/about.md');
    await writeFile(file, await readFile(file));
    expect(await buildIn(project)).toEqual({ rendered: 0, kept: pages });
    expect(await isUpToDate()).toBe(true);
  });

  it('reads again a page changed behind its back: same size, modification time set back', async () => {
    const file = join(project, 'content/ca/legal/terms-conditions.md');
    // A whole second, which every file system keeps exactly, so it can be set back exactly.
    const time = new Date('2026-01-01T00:00:00Z');
    await utimes(file, time, time);
    expect(await buildIn(project)).toEqual({ rendered: 0, kept: pages });
    const before = await stat(file);
    await edit(project, 'content/ca/legal/terms-conditions.md', (text) =>
      text.replace('Un paràgraf nou', 'Un paràgraf NOU'),
    );
    await utimes(file, time, time);
    const after = await stat(file);
    expect([after.size, after.mtimeMs]).toEqual([before.size, before.mtimeMs]);
    expect(await buildIn(project)).toEqual({ rendered: 1, kept: pages - 1 });
    expect(await readFile(join(project, 'dist/ca/legal/terms-conditions/index.html'), 'utf8')).toContain(
      'Un paràgraf NOU',
    );
  });

  it('renders again every page that shows a title that changed', async () => {
    // In capitals: the links that name the page by its label still do (content/README.md, "Words").
    await edit(project, 'content/es/services/orto-k.md', (text) => text.replace(/^label: .*$/m, 'label: "ORTO-K"'));
    const { rendered } = await buildIn(project);
    // Every Spanish page has it in its footer; the other languages do not show it.
    expect(rendered).toBeGreaterThanOrEqual(39);
    expect(rendered).toBeLessThan(pages);
    expect(await readFile(join(project, 'dist/es/about/index.html'), 'utf8')).toContain('ORTO-K');
    expect(await hashTree(join(project, 'dist'))).toBe(await cleanBuildHash(project));
  });

  it('renders only the English pages after an edit to en/ui.yaml', async () => {
    await edit(project, 'content/en/ui.yaml', (text) =>
      text.replace(/^footer\.tagline: .*$/m, 'footer.tagline: "Eye and hearing care, edited by a test."'),
    );
    const { code, stderr, report } = await buildWithReport([], { cwd: project });
    expect(code, stderr).toBe(0);
    const english = report.pageList.filter((page) => page.url.startsWith('/en/')).length;
    expect(english).toBeGreaterThan(0);
    expect({ rendered: report.rendered, kept: report.kept }).toEqual({ rendered: english, kept: pages - english });
    expect(await readFile(join(project, 'dist/en/about/index.html'), 'utf8')).toContain('edited by a test.');
    expect(await hashTree(join(project, 'dist'))).toBe(await cleanBuildHash(project));
  });

  // The default language's translations fill the others' gaps, so an edit to them renders every
  // page; so do a setting, the code every page runs and widgets. tests/cli/incremental.test.ts
  // edits each and compares the result with a clean build.
  it('renders every page again when a setting changes', async () => {
    await edit(project, 'content/site.yaml', (text) => text.replace('hola@example.com', 'escriu@example.org'));
    expect(await buildIn(project)).toEqual({ rendered: pages, kept: 0 });
    const privacy = await readFile(join(project, 'dist/ca/legal/privacy-policy/index.html'), 'utf8');
    expect(privacy).toContain('escriu@example.org');
    expect(privacy).not.toContain('hola@example.com');
  });

  it('still reports a link whose target page was removed, though the linking page did not change', async () => {
    const removed = join(project, 'content/ca/services/tinnitus-treatment.md');
    const original = await readFile(removed, 'utf8');
    const translations = await Promise.all(
      ['es', 'en'].map((locale) => readFile(join(project, `content/${locale}/services/tinnitus-treatment.md`), 'utf8')),
    );
    await rm(removed);
    await rm(join(project, 'content/es/services/tinnitus-treatment.md'));
    await rm(join(project, 'content/en/services/tinnitus-treatment.md'));
    // Its card goes too: a collection that still named the page would be refused before any
    // page is rendered or carried over, and this test is about the pages.
    const collection = join(project, 'content/collections/services.yaml');
    const services = await readFile(collection, 'utf8');
    const withoutCard = services.replace(/^- id: tinnitus\n[\s\S]*?\n(?=- id: )/m, '');
    expect(withoutCard).not.toBe(services);
    await writeFile(collection, withoutCard);
    const result = await runCli(['build'], { cwd: project });
    expect(result.code).toBe(1);
    // The page that links to it was carried over before; the error must name its line.
    expect(result.stderr).toMatch(
      /content\/ca\/services\/(ear-protection|hearing-test)\.md:\d+:\d+ BrokenLink — the link to \/services\/tinnitus-treatment/,
    );
    await writeFile(removed, original);
    await writeFile(collection, services);
    await Promise.all(
      ['es', 'en'].map((locale, index) =>
        writeFile(join(project, `content/${locale}/services/tinnitus-treatment.md`), translations[index]!),
      ),
    );
  });

  it('renders a folder’s page again when a page is added to the folder, and no page that does not show it', async () => {
    const locales = ['ca', 'es', 'en'];
    const fileOf = (locale: string) => join(project, `content/${locale}/legal/accessibility.md`);
    const text = (locale: string) =>
      `---\ntitle: Accessibility ${locale}\ndescription: A legal text added to the folder, which the folder's page must list at once.\ntemplate: legal\n---\nText.\n`;
    await Promise.all(locales.map((locale) => writeFile(fileOf(locale), text(locale))));
    // The new page and the legal folder's page in each language, and /404.html, whose rules list the unprefixed paths.
    expect(await buildIn(project)).toEqual({ rendered: 7, kept: pages + 3 - 7 });
    expect(await readFile(join(project, 'dist/es/legal/index.html'), 'utf8')).toContain(
      'href="/es/legal/accessibility/"',
    );
    expect(await hashTree(join(project, 'dist'))).toBe(await cleanBuildHash(project));
    await Promise.all(locales.map((locale) => rm(fileOf(locale))));
    expect(await buildIn(project)).toEqual({ rendered: 4, kept: pages - 4 });
  });
});

describe('a changed generator', () => {
  let generator: string;
  beforeAll(async () => {
    generator = await copyGenerator(project);
    await buildIn(project, [], join(generator, 'cli/bin.js'));
  });

  it('renders every page again when a widget changes, with the new script addresses', async () => {
    const bin = join(generator, 'cli/bin.js');
    // The top bar comes in the loader's file (widgets/registry.ts, LOADER_WIDGETS), where an
    // export nothing imports would be left out: the edit is a statement that runs.
    const before = (await readdir(join(project, 'dist/assets'))).filter((name) => name.startsWith('loader.'));
    await edit(generator, 'widgets/topbar/index.ts', (text) => `${text}\nconsole.debug('edited widget');\n`);
    expect(await buildIn(project, [], bin)).toEqual({ rendered: pages, kept: 0 });
    const after = (await readdir(join(project, 'dist/assets'))).filter((name) => name.startsWith('loader.'));
    expect(after).not.toEqual(before);
    expect(await readFile(join(project, 'dist/ca/index.html'), 'utf8')).toContain(`/assets/${after[0]}`);
    expect(await hashTree(join(project, 'dist'))).toBe(await cleanBuildHash(project, bin));
  });

  it('renders only the pages of the page template that uses an edited template', async () => {
    const bin = join(generator, 'cli/bin.js');
    // Only the home page shows the reviews (templates/pages/HomePage.tsx imports the section).
    await edit(generator, 'templates/sections/ReviewsSection.tsx', (text) =>
      text.replace('<section id="reviews"', '<section id="reviews" data-edited="reviews"'),
    );
    const { code, stderr, report } = await buildWithReport([], { cwd: project, bin });
    expect(code, stderr).toBe(0);
    const shown = await Promise.all(
      report.pageList.map(async ({ url }) =>
        (await readFile(join(project, 'dist', url, 'index.html'), 'utf8')).includes('data-edited="reviews"'),
      ),
    );
    const homePages = shown.filter(Boolean).length;
    expect(homePages).toBeGreaterThan(0);
    expect({ rendered: report.rendered, kept: report.kept }).toEqual({ rendered: homePages, kept: pages - homePages });
    expect(await hashTree(join(project, 'dist'))).toBe(await cleanBuildHash(project, bin));
  });

  it('renders every page again when only the stylesheet changes, with the new stylesheet address', async () => {
    const bin = join(generator, 'cli/bin.js');
    const before = (await readdir(join(project, 'dist/assets'))).filter((name) => /^site\..+\.css$/.test(name));
    await edit(generator, 'templates/styles/site.css', (text) => `${text}\n.edited { color: red; }\n`);
    expect(await buildIn(project, [], bin)).toEqual({ rendered: pages, kept: 0 });
    const after = (await readdir(join(project, 'dist/assets'))).filter((name) => /^site\..+\.css$/.test(name));
    expect(after).toHaveLength(1);
    expect(after).not.toEqual(before);
    expect(await readFile(join(project, 'dist/ca/index.html'), 'utf8')).toContain(`/assets/${after[0]}`);
    expect(await hashTree(join(project, 'dist'))).toBe(await cleanBuildHash(project, bin));
  });
});
