import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import type { BuildReport } from '../../cli/commands/build.ts';

/** The project root, where the CLI and the real content live. */
export const ROOT = resolve(import.meta.dirname, '../..');

/** Runs the generator's command line (or another copy's, `bin`); never rejects, the exit code is in the result. */
export function runCli(
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; bin?: string; timeoutMs?: number } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [options.bin ?? join(ROOT, 'cli/bin.js'), ...args],
      { cwd: options.cwd ?? ROOT, env: { ...process.env, ...options.env }, timeout: options.timeoutMs ?? 60_000 },
      (error, stdout, stderr) => {
        done({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

/**
 * Runs `sitegen build --json` with `args`: the exit code, stderr, and the report as the build
 * gave it (the summary, pages rendered and kept, warnings as records), when it succeeded.
 */
export async function buildWithReport(
  args: readonly string[],
  options: Parameters<typeof runCli>[1] = {},
): Promise<{ code: number; stderr: string; report: BuildReport }> {
  const { code, stdout, stderr } = await runCli(['build', '--json', ...args], options);
  return { code, stderr, report: (code === 0 ? JSON.parse(stdout) : undefined) as BuildReport };
}

/** A scratch project: a copy of the real content and public folders in a new temporary folder. */
export async function copyProject(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sitegen-test-'));
  await cp(join(ROOT, 'content'), join(dir, 'content'), { recursive: true });
  await cp(join(ROOT, 'public'), join(dir, 'public'), { recursive: true });
  return dir;
}

/**
 * A copy of the generator (cli/, templates/, widgets/) inside `project`, sharing the real
 * packages, whose sources a test may edit; run it with `runCli(…, { bin: join(copy, 'cli/bin.js') })`.
 * Its node_modules links each package but keeps a cache of its own, as an installed generator
 * does: the bundle's source maps then lead to the copy's sources, not to the repository's.
 */
export async function copyGenerator(project: string): Promise<string> {
  const generator = join(project, 'generator');
  await mkdir(join(generator, 'node_modules'), { recursive: true });
  for (const folder of ['cli', 'templates', 'widgets']) {
    await cp(join(ROOT, folder), join(generator, folder), { recursive: true });
  }
  await cp(join(ROOT, 'package.json'), join(generator, 'package.json'));
  for (const entry of await readdir(join(ROOT, 'node_modules'))) {
    if (entry !== '.cache') await symlink(join(ROOT, 'node_modules', entry), join(generator, 'node_modules', entry));
  }
  return generator;
}

/** One hash over every file's path and bytes below a folder: equal hashes, equal trees. */
export async function hashTree(dir: string): Promise<string> {
  const hash = createHash('sha256');
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const file of files)
    hash
      .update(relative(dir, file))
      .update('\0')
      .update(await readFile(file))
      .update('\0');
  return hash.digest('hex');
}

/** The hash of every file below a folder, by relative path. */
export async function hashFiles(dir: string): Promise<Map<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  return new Map(
    await Promise.all(
      files.map(
        async (file) =>
          [
            relative(dir, file),
            createHash('sha256')
              .update(await readFile(file))
              .digest('hex'),
          ] as const,
      ),
    ),
  );
}
