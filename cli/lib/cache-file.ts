import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
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
  if (!made.has(cacheDir)) await mkdir(cacheDir, { recursive: true });
  made.add(cacheDir);
  // Unique per call: files with the same bytes compute the same entry side by side.
  const partial = `${file}.${process.pid}.${(written += 1)}`;
  await writeFile(partial, result);
  await rename(partial, file);
  return result;
}
