import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { contentHash } from './hash.ts';

let written = 0;
/** Folders made by this process: a recursive mkdir per entry costs more than writing it. */
const made = new Set<string>();

/**
 * Returns what `make` produces for these inputs, from the cache folder when an earlier build
 * made it: the file is named by the hash of the inputs, so a changed input is a new file.
 */
export async function cached(
  cacheDir: string,
  kind: string,
  inputs: readonly (string | Buffer)[],
  make: () => Promise<Buffer>,
): Promise<Buffer> {
  const key = contentHash(Buffer.concat(inputs.flatMap((input) => [Buffer.from(input), Buffer.from([0])])));
  const file = join(cacheDir, `${kind}-${key}`);
  const hit = await readFile(file).catch(() => undefined);
  if (hit) return hit;
  const result = await make();
  await saveCacheEntry(file, result);
  return result;
}

/** Writes a cache entry whole or not at all: renamed into place, so a build never reads half of one. */
export async function saveCacheEntry(file: string, contents: string | Buffer): Promise<void> {
  const folder = dirname(file);
  if (!made.has(folder)) await mkdir(folder, { recursive: true });
  made.add(folder);
  // Unique per call: builds side by side, or one build twice, may save the same entry at once.
  const partial = `${file}.${process.pid}.${(written += 1)}`;
  await writeFile(partial, contents);
  await rename(partial, file);
}
