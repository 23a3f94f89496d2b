import { availableParallelism } from 'node:os';
import { mapAtMost } from '../lib/at-most.ts';
import { cached } from '../lib/cache-file.ts';
import {
  COMPRESSIBLE,
  COPY_KINDS,
  compressors,
  isSlowCopy,
  levelsOf,
  PRECOMPRESS_FROM_BYTES,
} from '../lib/compression.ts';
import { bytesOf, holdsBytes, isFileRef } from '../output/file-ref.ts';
import type { FileRef } from '../output/types.ts';
import type { Output } from '../types.ts';

export { PRECOMPRESS_FROM_BYTES };

/** Zlib runs on libuv's threads; more jobs at once only hold more buffers, not more cores. */
const AT_ONCE = Math.max(2, availableParallelism() * 2);

/**
 * A `.br` and a `.gz` beside every compressible file of at least PRECOMPRESS_FROM_BYTES
 * (docs/behaviour.md#static-hosts), for servers that send them as they are (nginx, Apache).
 * A copy that would not be smaller is left out. Copies at Brotli's highest quality are cached by
 * the file's bytes, so only changed files cost that time. A file carried over from the last
 * build (the very file `current` has at its path) brings the copies it had there, unread; so
 * does one made again with the same bytes (the sitemap, the stylesheet, the scripts). zlib
 * works on its own threads, so a few files compress side by side, and each file's copies go to
 * `keep` at once (the writer's draft stages them), so the build holds only a few at a time.
 * `already` are copies made before (the render threads make each page's): their files are left
 * out, and those copies are returned with the others.
 */
export async function precompress(
  outputs: readonly Output[],
  cacheDir: string,
  current: (path: string) => FileRef | undefined,
  keep: (copies: Output[]) => Promise<Output[]> = async (copies) => copies,
  already: readonly Output[] = [],
): Promise<Output[]> {
  const done = new Set(already.map((copy) => copy.path.slice(0, copy.path.lastIndexOf('.'))));
  const candidates = outputs.filter((output) => COMPRESSIBLE.test(output.path) && !done.has(output.path));
  const made = await mapAtMost(AT_ONCE, candidates, async (output) => {
    const here = current(output.path);
    if (isFileRef(output.contents) && here?.file === output.contents.file) {
      if (here.stamp.size < PRECOMPRESS_FROM_BYTES) return [];
      return carriedCopies(output.path) ?? compress(output, await bytesOf(output.contents));
    }
    const bytes = await bytesOf(output.contents);
    if (bytes.length < PRECOMPRESS_FROM_BYTES) return [];
    const isSame = here !== undefined && holdsBytes(here.file, here.stamp, bytes);
    return (isSame && carriedCopies(output.path)) || compress(output, bytes);
  });
  return [...already, ...made.flat()];

  /** The copies the current version has of the file at `path`, when it has every kind. */
  function carriedCopies(path: string): Output[] | undefined {
    const carried = COPY_KINDS.map((kind) => ({ path: `${path}.${kind}`, contents: current(`${path}.${kind}`) }));
    return carried.every((copy) => copy.contents !== undefined) ? (carried as Output[]) : undefined;
  }

  /** The copies of one file that are smaller than it, to `keep`. */
  async function compress(output: Output, bytes: Buffer): Promise<Output[]> {
    const copies = await Promise.all(
      COPY_KINDS.map(async (extension) => {
        const make = () => compressors[extension](bytes, output.path);
        // Only the slow copies are worth a cache entry: reading one back costs about what the fast ones take to make.
        const compressed = isSlowCopy(extension, output.path)
          ? await cached(cacheDir, extension, [levelsOf(extension, output.path), bytes], make)
          : await make();
        return compressed.length < bytes.length ? [{ path: `${output.path}.${extension}`, contents: compressed }] : [];
      }),
    );
    return keep(copies.flat());
  }
}
