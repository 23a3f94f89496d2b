import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, runCli } from '../helpers/cli.ts';

let project: string;
beforeAll(async () => {
  project = await copyProject();
  const first = await runCli(['build', '--quiet'], { cwd: project });
  expect(first.code, first.stderr).toBe(0);
});
afterAll(async () => {
  await rm(project, { recursive: true, force: true });
});

const edit = async (file: string, change: (text: string) => string) => writeFile(join(project, file), change(await readFile(join(project, file), 'utf8')));

describe('the markdown cache', () => {
  it('is written next to the project and reused by the next build', async () => {
    const [cacheFile] = (await readdir(join(project, '.cache/sitegen'))).filter((name) => name.startsWith('markdown-'));
    expect(cacheFile).toBeDefined();
    const entries = Object.keys(JSON.parse(await readFile(join(project, '.cache/sitegen', cacheFile!), 'utf8')));
    expect(entries.length).toBeGreaterThan(100);
    const again = await runCli(['build', '--quiet'], { cwd: project });
    expect(again.code).toBe(0);
  });

  it('renders again when a setting a page uses changes', async () => {
    await edit('content/site.yaml', (text) => text.replace('hola@example.com', 'escriu@example.org'));
    expect((await runCli(['build', '--quiet'], { cwd: project })).code).toBe(0);
    const privacy = await readFile(join(project, 'dist/ca/legal/privacy-policy/index.html'), 'utf8');
    expect(privacy).toContain('escriu@example.org');
    expect(privacy).not.toContain('hola@example.com');
  });

  it('still reports a link whose target page was removed, though the linking page did not change', async () => {
    const removed = join(project, 'content/ca/services/tinnitus-treatment.md');
    const original = await readFile(removed, 'utf8');
    await rm(removed);
    await rm(join(project, 'content/es/services/tinnitus-treatment.md'));
    await rm(join(project, 'content/en/services/tinnitus-treatment.md'));
    const result = await runCli(['build'], { cwd: project });
    expect(result.code).toBe(1);
    // The page that links to it was rendered from the cache before; the error must name its line.
    expect(result.stderr).toMatch(/content\/ca\/services\/(ear-protection|hearing-test)\.md:\d+:\d+ BrokenLink — the link to \/services\/tinnitus-treatment/);
    await writeFile(removed, original);
  });
});
