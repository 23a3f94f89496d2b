import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { contentHash } from './hash.ts';
import { writeWhole } from '../output/whole-file.ts';

/** The hash of a list of inputs, each ended by a NUL byte so that no two lists run together. */
export function keyOf(inputs: readonly (string | Buffer)[]): string {
  return contentHash(Buffer.concat(inputs.flatMap((input) => [Buffer.from(input), Buffer.from([0])])));
}

/**
 * Returns what `make` produces for these inputs, from the cache folder when an earlier build
 * made it: the file is named by the hash of the inputs (`keyOf`), so a changed input is a new file.
 */
export async function cached(
  cacheDir: string,
  kind: string,
  inputs: readonly (string | Buffer)[],
  make: () => Promise<Buffer>,
): Promise<Buffer> {
  const file = join(cacheDir, `${kind}-${keyOf(inputs)}`);
  const hit = await readFile(file).catch(() => undefined);
  if (hit) return hit;
  const result = await make();
  await writeWhole(file, result);
  return result;
}
