import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

let written = 0;
/** Folders made by this process: a recursive mkdir per file costs more than writing it. */
const made = new Set<string>();

/**
 * Writes a file whole or not at all: written beside it under a name of this process's, then
 * renamed into place, so no reader (and no later build) ever sees half of one. The one way the
 * generator saves its own files: cache entries, the manifest, the writer's journal.
 */
export async function writeWhole(file: string, contents: string | Buffer): Promise<void> {
  const folder = dirname(file);
  if (!made.has(folder)) await mkdir(folder, { recursive: true });
  made.add(folder);
  // Unique per call: builds side by side, or one build twice, may save the same file at once.
  const partial = `${file}.${process.pid}.${(written += 1)}`;
  await writeFile(partial, contents);
  await rename(partial, file);
}

/** The process that was writing a file under this name (see writeWhole), or undefined for any other name. */
export const writerOfPartial = (name: string): number | undefined => {
  const pid = /\.(\d+)\.\d+$/.exec(name)?.[1];
  return pid === undefined ? undefined : Number(pid);
};
