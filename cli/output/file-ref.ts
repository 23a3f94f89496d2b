import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Contents, FileRef, FileStamp } from './types.ts';

/** Whether an output's contents are a file on disk rather than bytes in memory. */
export function isFileRef(contents: Contents): contents is FileRef {
  return typeof contents === 'object' && !Buffer.isBuffer(contents);
}

/** An output's bytes, read from its file when the build holds none. */
export async function bytesOf(contents: Contents): Promise<Buffer> {
  if (isFileRef(contents)) return readFile(contents.file);
  return typeof contents === 'string' ? Buffer.from(contents) : contents;
}

/** Whether `file`, stamped `stamp` (none: no such file), holds exactly `bytes`: read only when the sizes agree. */
export function holdsBytes(file: string, stamp: FileStamp | undefined, bytes: Buffer): boolean {
  return stamp?.size === bytes.length && readFileSync(file).equals(bytes);
}
