import { readFile } from 'node:fs/promises';
import type { FileRef, Output } from '../types.ts';

/** Whether an output's contents are a file on disk rather than bytes in memory. */
export function isFileRef(contents: Output['contents']): contents is FileRef {
  return typeof contents === 'object' && !Buffer.isBuffer(contents);
}

/** An output's bytes, read from its file when the build holds none. */
export async function bytesOf(contents: Output['contents']): Promise<Buffer> {
  if (isFileRef(contents)) return readFile(contents.file);
  return typeof contents === 'string' ? Buffer.from(contents) : contents;
}
