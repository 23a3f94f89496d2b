import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { BuildError } from '../errors.ts';
import type { Output } from '../types.ts';

/** Where the finished site goes: the disk, or memory for tests. */
export interface Writer {
  write(outputs: readonly Output[]): Promise<void>;
}

/** Keeps the files in a map, by path. */
export function memoryWriter(): Writer & { readonly files: Map<string, string | Buffer> } {
  const files = new Map<string, string | Buffer>();
  return {
    files,
    async write(outputs) {
      for (const output of outputs) files.set(output.path, output.contents);
    },
  };
}

/**
 * Writes into a fresh sibling folder, then swaps it for `outDir`: the old site stays whole until
 * the new one is complete. A build killed between the two renames leaves `.<name>.previous`;
 * the next build puts it back before anything else.
 */
export function fsWriter(outDir: string): Writer {
  const parent = dirname(outDir);
  const name = basename(outDir);
  const staging = join(parent, `.${name}.staging-${process.pid}`);
  const previous = join(parent, `.${name}.previous`);
  return {
    async write(outputs) {
      const outside = outputs.find((output) => !isInside(output.path));
      if (outside) throw new BuildError('OutputError', `refusing to write ${JSON.stringify(outside.path)}: it is not a path inside the output folder`, { file: outDir });
      try {
        await restoreInterruptedSwap(outDir, previous);
        await removeAbandonedStaging(parent, name);
        const folders = new Set(outputs.map((output) => dirname(join(staging, output.path))));
        await Promise.all([...folders].map((folder) => mkdir(folder, { recursive: true })));
        await Promise.all(outputs.map((output) => writeFile(join(staging, output.path), output.contents)));
        const hadSite = await exists(outDir);
        if (hadSite) await rename(outDir, previous);
        await rename(staging, outDir);
        if (hadSite) await rm(previous, { recursive: true, force: true });
      } catch (cause) {
        await rm(staging, { recursive: true, force: true }).catch(() => undefined);
        throw new BuildError('OutputError', `cannot write the site: ${(cause as Error).message}`, { file: outDir, cause });
      }
    },
  };
}

async function restoreInterruptedSwap(outDir: string, previous: string): Promise<void> {
  if ((await exists(previous)) && !(await exists(outDir))) await rename(previous, outDir);
  else await rm(previous, { recursive: true, force: true });
}

/** Whether a relative output path stays inside the output folder. */
function isInside(path: string): boolean {
  return path !== '' && !isAbsolute(path) && !path.split(/[\\/]/).includes('..');
}

/** Removes staging folders of builds that were killed: their process no longer exists. */
async function removeAbandonedStaging(parent: string, name: string): Promise<void> {
  const prefix = `.${name}.staging-`;
  const entries = await readdir(parent).catch(() => [] as string[]);
  const abandoned = entries.filter((entry) => entry.startsWith(prefix) && !isRunning(Number(entry.slice(prefix.length))));
  await Promise.all(abandoned.map((entry) => rm(join(parent, entry), { recursive: true, force: true })));
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(() => true, () => false);
}
