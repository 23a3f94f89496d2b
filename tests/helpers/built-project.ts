import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { copyProject, hashTree, runCli } from './cli.ts';

/**
 * A scratch project (`copyProject`) built once by the real command line, and the hash of the
 * `dist/` it wrote, which a test that breaks the content holds the failed build's `dist/` to.
 * Call it at the top of a test file (`await`); the copy is removed after the file.
 */
export async function buildScratchProject(): Promise<{ project: string; distHash: string }> {
  const project = await copyProject();
  afterAll(() => rm(project, { recursive: true, force: true }));
  const first = await runCli(['build', '--quiet'], { cwd: project, env: { SOURCE_DATE_EPOCH: '1763683200' } });
  if (first.code !== 0)
    throw new Error(`The scratch project's first build failed (exit ${first.code}):\n${first.stderr}`);
  return { project, distHash: await hashTree(join(project, 'dist')) };
}
