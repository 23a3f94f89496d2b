import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions } from 'node:zlib';

/** Kinds of file that compress: text. Images and fonts are compressed already. */
export const COMPRESSIBLE = /\.(?:html|css|js|mjs|svg|xml|json|txt|webmanifest)$/i;

/** Below this size a compressed copy saves less than a network packet. */
export const PRECOMPRESS_FROM_BYTES = 1024;

/**
 * Files every page loads (stylesheets, scripts, icons) are few and cached by each visitor, so they
 * get Brotli's highest quality, whatever it costs. Pages and other documents are many: quality 11
 * spends about 30 ms of CPU on a 20 KB page, 45 times quality 6, for about 11% fewer bytes (about
 * 500 bytes a page), which at 15,000 pages is minutes of every clean build. Quality 6 is also what
 * nginx's Brotli module compresses with on the fly, so no host would send these smaller.
 */
const SHARED = /\.(?:css|js|mjs|svg|webmanifest)$/i;
const brotliQuality = (path: string) => (SHARED.test(path) ? constants.BROTLI_MAX_QUALITY : 6);
const brotliOptions = (bytes: Uint8Array, path: string): BrotliOptions => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: brotliQuality(path),
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  },
});
const GZIP = { level: constants.Z_BEST_COMPRESSION };

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The copies, by the extension their name takes, made on zlib's threads. */
export const compressors = {
  br: (bytes: Buffer, path: string) => brotli(bytes, brotliOptions(bytes, path)),
  gz: (bytes: Buffer) => gzipAsync(bytes, GZIP),
} as const;

export type CopyKind = keyof typeof compressors;
export const COPY_KINDS = Object.keys(compressors) as CopyKind[];

/** Copies at Brotli's highest quality: slow to make, worth a cache entry. */
export const isSlowCopy = (kind: CopyKind, path: string) => kind === 'br' && SHARED.test(path);

/** Part of each cache key: a change of levels makes new copies. */
export const levelsOf = (kind: CopyKind, path: string) => (kind === 'br' ? `br${brotliQuality(path)}` : 'gz9');

/**
 * A page's copies, made at once on the calling thread (a render thread has the bytes in hand):
 * each that is smaller than the page, none for a page too small to be worth it. Each is an
 * array of its own, which can be moved to another thread: zlib's may share Node's buffer pool.
 */
export function pageCopiesOf(bytes: Uint8Array, path: string): Partial<Record<CopyKind, Uint8Array<ArrayBuffer>>> {
  if (!COMPRESSIBLE.test(path) || bytes.length < PRECOMPRESS_FROM_BYTES) return {};
  const copies: Partial<Record<CopyKind, Uint8Array<ArrayBuffer>>> = {};
  const br = brotliCompressSync(bytes, brotliOptions(bytes, path));
  if (br.length < bytes.length) copies.br = new Uint8Array(br);
  const gz = gzipSync(bytes, GZIP);
  if (gz.length < bytes.length) copies.gz = new Uint8Array(gz);
  return copies;
}
