import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, runCli } from '../helpers/cli.ts';

/** Every kind `sitegen new` makes, two pages of one kind among them, as a maintainer would add them before writing any. */
const SCAFFOLDS = [
  ['page', 'summer-hours'],
  ['page', 'winter-hours'],
  ['service', 'eye-strain'],
  ['service', 'tinnitus-care', '--section', 'audiology'],
  ['product', 'reading-glasses'],
];

let project: string;
beforeAll(async () => {
  project = await copyProject();
  for (const args of SCAFFOLDS) {
    const created = await runCli(['new', ...args], { cwd: project });
    expect(created.code, created.stderr).toBe(0);
  }
});
afterAll(async () => {
  await rm(project, { recursive: true, force: true });
});

describe('scaffolds of sitegen new, before a word of them is written', () => {
  it('build, and pass every gate of check: titles and descriptions distinct in each language and spelled in it, accessible pages', async () => {
    const built = await runCli(['build', '--quiet'], { cwd: project, timeoutMs: 300_000 });
    expect(built.code, built.stderr).toBe(0);
    // The accessibility gate on every page takes minutes on two cores (tests/cli/check.test.ts
    // runs it on the real site): here the other gates on the whole site, then it on the pages
    // the scaffolds make or change.
    const checked = await runCli(['check', '--skip', 'accessibility'], { cwd: project, timeoutMs: 600_000 });
    expect(checked.code, `${checked.stdout}${checked.stderr}`).toBe(0);
    expect(checked.stdout).toContain('Every gate passed.');

    const slugs = SCAFFOLDS.map(([, slug]) => slug!);
    const isKept = (file: string) =>
      file === 'index.html' ||
      /^(ca|es|en)\/((services|products)\/)?index\.html$/.test(file) ||
      slugs.some((slug) => file.includes(`/${slug}/`));
    const pages = (await readdir(join(project, 'dist'), { recursive: true })).filter((file) => file.endsWith('.html'));
    for (const page of pages.filter((file) => !isKept(file))) await rm(join(project, 'dist', page));
    const accessible = await runCli(['check', '--skip', 'links,html,seo,spelling,budgets'], {
      cwd: project,
      timeoutMs: 600_000,
    });
    expect(accessible.code, `${accessible.stdout}${accessible.stderr}`).toBe(0);
    // Each language's home, services and products pages, and every scaffold's page, at two widths.
    expect(accessible.stdout).toMatch(
      new RegExp(`accessibility\\s+${3 * (3 + slugs.length) * 2} checked\\s+0 problems`),
    );
  }, 900_000);
});
