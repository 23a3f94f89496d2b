import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../helpers/cli.ts';

/** What a checkout holds that a production install builds from: the generator, its lockfile, the site. */
const PROJECT = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'cli',
  'templates',
  'widgets',
  'content',
  'public',
];

/**
 * A production machine's environment. npm, when it runs the suite, also tells its children
 * where its own project is (npm_config_local_prefix) and which script runs; the install below
 * must find the copy's package.json instead.
 */
const env: NodeJS.ProcessEnv = {
  ...Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^npm_(?!config_)|^npm_config_local_prefix$/.test(name)),
  ),
  NODE_ENV: 'production',
};

let project: string;

beforeAll(async () => {
  project = await mkdtemp(join(tmpdir(), 'sitegen-production-'));
  for (const entry of PROJECT) await cp(join(ROOT, entry), join(project, entry), { recursive: true });
  await promisify(execFile)('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], {
    cwd: project,
    env,
    timeout: 300_000,
  });
}, 300_000);
afterAll(async () => {
  await rm(project, { recursive: true, force: true });
});

describe('a production install (npm ci --omit=dev)', () => {
  it('leaves out every package only the development tools need', async () => {
    const lock = JSON.parse(await readFile(join(project, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean }>;
    };
    const devOnly = Object.entries(lock.packages)
      .filter(([path, entry]) => entry.dev && /^node_modules\/(@[^/]+\/)?[^/]+$/.test(path))
      .map(([path]) => path);
    expect(devOnly).toContain('node_modules/eslint');
    for (const path of devOnly) expect(existsSync(join(project, path)), path).toBe(false);
  });

  it('builds the site and passes every gate of check', async () => {
    const options = { cwd: project, bin: join(project, 'cli/bin.js'), env, timeoutMs: 300_000 };
    const built = await runCli(['build', '--quiet'], options);
    expect(built.code, built.stderr).toBe(0);
    // The accessibility gate on every page takes minutes on two cores (tests/cli/check.test.ts
    // runs it on the whole site); the other gates here, and it below on the home page alone,
    // which loads all that it runs on (playwright-core, axe-core, Chromium).
    const checked = await runCli(['check', '--skip', 'accessibility'], options);
    expect(checked.code, `${checked.stdout}${checked.stderr}`).toBe(0);
    // check asks for the root page (a redirect) to know the folder holds a built site.
    const pages = (await readdir(join(project, 'dist'), { recursive: true })).filter(
      (file) => file.endsWith('.html') && file !== 'index.html' && file !== 'ca/index.html',
    );
    for (const page of pages) await rm(join(project, 'dist', page));
    const accessible = await runCli(['check', '--skip', 'links,html,seo,spelling,budgets'], options);
    expect(accessible.code, `${accessible.stdout}${accessible.stderr}`).toBe(0);
    expect(accessible.stdout).toMatch(/accessibility\s+2 checked\s+0 problems/);
  }, 600_000);
});
