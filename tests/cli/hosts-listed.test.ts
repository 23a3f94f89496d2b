import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, hashTree, runCli } from '../helpers/cli.ts';

const ENV = { SOURCE_DATE_EPOCH: '1763683200' };
let project: string;
beforeAll(async () => {
  project = await copyProject();
});
afterAll(async () => {
  await rm(project, { recursive: true, force: true });
});

/** Lists these hosts in content/site.yaml. */
const listHosts = async (hosts: string) => {
  const file = join(project, 'content/site.yaml');
  const text = await readFile(file, 'utf8');
  expect(text).toMatch(/^hosts: .*$/m);
  await writeFile(file, text.replace(/^hosts: .*$/m, `hosts: ${hosts}`));
};
const build = async (args: string[] = []) => {
  const result = await runCli(['build', '--quiet', ...args], { cwd: project, env: ENV });
  expect(result.code, result.stderr).toBe(0);
};
/** The files below a folder of the project, by path inside it. */
const filesIn = async (dir: string) =>
  (await readdir(join(project, dir), { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(join(project, dir).length + 1));
const copiesIn = async (dir: string) => (await filesIn(dir)).filter((path) => /\.(br|gz)$/.test(path));

describe('the hosts content/site.yaml lists', () => {
  it('get their configuration and upload folder, and no others; copies only for nginx or Apache', async () => {
    await listHosts('[cloudflare-pages]');
    await build();
    expect(await readdir(join(project, 'dist-hosts'))).toEqual(['cloudflare-pages']);
    const site = await filesIn('dist');
    expect(site).not.toContain('.htaccess');
    expect(site).not.toContain('vercel.json');
    expect(site).toContain('ca/index.html');
    expect(await copiesIn('dist')).toEqual([]);
    expect((await filesIn('dist-hosts/cloudflare-pages')).sort()).toEqual([...site, '_headers', '_redirects'].sort());

    await listHosts('[nginx, vercel]');
    await build();
    expect(await readdir(join(project, 'dist-hosts'))).toEqual(['nginx']);
    expect(await filesIn('dist-hosts/nginx')).toEqual(['nginx.conf']);
    expect(await filesIn('dist')).toContain('vercel.json');
    expect(await filesIn('dist')).not.toContain('.htaccess');
    expect(await copiesIn('dist')).toContain('ca/index.html.br');
    expect(await copiesIn('dist')).toContain('ca/index.html.gz');
    // An incremental build between host lists writes what a clean one does.
    await build(['--out', 'clean']);
    expect(await hashTree(join(project, 'dist'))).toBe(await hashTree(join(project, 'clean')));
    expect(await hashTree(join(project, 'dist-hosts'))).toBe(await hashTree(join(project, 'clean-hosts')));
  }, 240_000);

  it('get no copies with --no-compress, whichever they are', async () => {
    await listHosts('[nginx, apache]');
    await build(['--no-compress']);
    expect(await copiesIn('dist')).toEqual([]);
    expect(await filesIn('dist')).toContain('.htaccess');
    await build();
    expect(await copiesIn('dist')).toContain('ca/index.html.br');
  }, 240_000);
});
