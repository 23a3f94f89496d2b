import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { mapAtMost } from '../lib/at-most.ts';
import { cached } from '../lib/cache-file.ts';
import { bytesOf, isFileRef } from '../lib/file-ref.ts';
import type { FileRef, Output } from '../types.ts';

/** Kinds of file that compress: text. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:html|css|js|mjs|svg|xml|json|txt|webmanifest)$/i;

/** Below this size a compressed copy saves less than a network packet. */
export const PRECOMPRESS_FROM_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Files every page loads (stylesheets, scripts, icons) are few and cached by each visitor, so they
 * get Brotli's highest quality, whatever it costs. Pages and other documents are many: quality 11
 * spends about 30 ms of CPU on a 20 KB page, 45 times quality 6, for about 11% fewer bytes (about
 * 500 bytes a page), which at 15,000 pages is minutes of every clean build. Quality 6 is also what
 * nginx's Brotli module compresses with on the fly, so no host would send these smaller.
 */
const SHARED = /\.(?:css|js|mjs|svg|webmanifest)$/i;
const brotliQuality = (path: string) => (SHARED.test(path) ? constants.BROTLI_MAX_QUALITY : 6);

/** Zlib runs on libuv's threads; more jobs at once only hold more buffers, not more cores. */
const AT_ONCE = Math.max(2, availableParallelism() * 2);

const compressors = {
  br: (bytes: Buffer, path: string) =>
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: brotliQuality(path),
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
  gz: (bytes: Buffer) => gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
} as const;

const isSlow = (extension: keyof typeof compressors, path: string) => extension === 'br' && SHARED.test(path);

/** Part of each cache key: a change of levels makes new copies. */
const levelsOf = (extension: keyof typeof compressors, path: string) =>
  extension === 'br' ? `br${brotliQuality(path)}` : 'gz9';

const EXTENSIONS = Object.keys(compressors) as (keyof typeof compressors)[];

/**
 * A `.br` and a `.gz` beside every compressible file of at least PRECOMPRESS_FROM_BYTES
 * (docs/behaviour.md#static-hosts), for servers that send them as they are (nginx, Apache).
 * A copy that would not be smaller is left out. Copies at Brotli's highest quality are cached by
 * the file's bytes, so only changed files cost that time. A file carried over from the last
 * build (the very file `current` has at its path) brings the copies it had there, unread. zlib
 * works on its own threads, so a few files compress side by side, and each file's copies go to
 * `keep` at once (the writer's draft stages them), so the build holds only a few at a time.
 */
export async function precompress(
  outputs: readonly Output[],
  cacheDir: string,
  current: (path: string) => FileRef | undefined,
  keep: (copies: Output[]) => Promise<Output[]> = async (copies) => copies,
): Promise<Output[]> {
  const candidates = outputs.filter((output) => COMPRESSIBLE.test(output.path));
  const made = await mapAtMost(AT_ONCE, candidates, async (output) => {
    if (isFileRef(output.contents) && current(output.path)?.file === output.contents.file) {
      const carried = EXTENSIONS.map((extension) => `${output.path}.${extension}`).map((path) => ({
        path,
        contents: current(path),
      }));
      if (carried.every((copy) => copy.contents !== undefined)) return carried as Output[];
    }
    const bytes = await bytesOf(output.contents);
    if (bytes.length < PRECOMPRESS_FROM_BYTES) return [];
    const copies = await Promise.all(
      EXTENSIONS.map(async (extension) => {
        const make = () => compressors[extension](bytes, output.path);
        // Only the slow copies are worth a cache entry: reading one back costs about what the fast ones take to make.
        const compressed = isSlow(extension, output.path)
          ? await cached(cacheDir, extension, [levelsOf(extension, output.path), bytes], make)
          : await make();
        return compressed.length < bytes.length ? [{ path: `${output.path}.${extension}`, contents: compressed }] : [];
      }),
    );
    return keep(copies.flat());
  });
  return made.flat();
}
