import { createHash } from 'node:crypto';

/** A short, stable content hash for file names: the first 10 hex digits of SHA-256. */
export function contentHash(contents: string | Buffer): string {
  return createHash('sha256').update(contents).digest('hex').slice(0, 10);
}
