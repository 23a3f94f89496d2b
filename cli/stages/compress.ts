import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { cached } from '../lib/cache-file.ts';
import type { Output } from '../types.ts';

/** Kinds of file that compress: text. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:html|css|js|mjs|svg|xml|json|txt|webmanifest)$/i;

/** Below this size a compressed copy saves less than a network packet. */
export const PRECOMPRESS_FROM_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Part of each cache key: a change of levels makes new copies. */
const LEVELS = 'br11-gz9';

/** Highest levels: the build compresses once, every visitor gains. */
const compressors = {
  br: (bytes: Buffer) =>
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
  gz: (bytes: Buffer) => gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
} as const;

const EXTENSIONS = Object.keys(compressors) as (keyof typeof compressors)[];

/**
 * A `.br` and a `.gz` beside every compressible file of at least PRECOMPRESS_FROM_BYTES
 * (docs/behaviour.md#static-hosts), for servers that send them as they are (nginx, Apache).
 * A copy that would not be smaller is left out. Each is cached by the file's bytes, so only
 * changed files cost time, and a file carried over from the last build brings the copies it
 * had there; zlib works on its own threads, so files compress side by side.
 */
export async function precompress(outputs: readonly Output[], cacheDir: string): Promise<Output[]> {
  const candidates = outputs.filter((output) => COMPRESSIBLE.test(output.path));
  const made = await Promise.all(
    candidates.map(async (output) => {
      // A file carried over unchanged from the last build carries its copies too, unread.
      if (typeof output.contents === 'object' && !Buffer.isBuffer(output.contents)) {
        const { copyOf } = output.contents;
        const carried = EXTENSIONS.filter((extension) => existsSync(`${copyOf}.${extension}`));
        if (carried.length === EXTENSIONS.length)
          return carried.map((extension) => ({
            path: `${output.path}.${extension}`,
            contents: { copyOf: `${copyOf}.${extension}` },
          }));
      }
      const bytes =
        typeof output.contents === 'string'
          ? Buffer.from(output.contents)
          : Buffer.isBuffer(output.contents)
            ? output.contents
            : await readFile(output.contents.copyOf);
      if (bytes.length < PRECOMPRESS_FROM_BYTES) return [];
      const copies = await Promise.all(
        EXTENSIONS.map(async (extension) => {
          const compressed = await cached(cacheDir, extension, [LEVELS, bytes], () => compressors[extension](bytes));
          return compressed.length < bytes.length
            ? [{ path: `${output.path}.${extension}`, contents: compressed }]
            : [];
        }),
      );
      return copies.flat();
    }),
  );
  return made.flat();
}
