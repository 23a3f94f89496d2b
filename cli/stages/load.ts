import { readFileSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { BuildError } from '../errors.ts';
import type { FileStamp } from '../lib/build-memory.ts';

/** A content file as read from disk. */
export interface RawFile {
  /** Path for messages, relative to the working directory: `content/es/about.md`. */
  readonly file: string;
  /** Path below the content folder, forward slashes: `es/about.md`. */
  readonly path: string;
  /** The text; not read for a markdown page the last build saw as it is (`knownHash`). */
  readonly text?: string;
  /** Hash of the text of a page that has the size and modification time the last build saw. */
  readonly knownHash?: string;
  /** Size and times of a markdown page, for the next build's `known`. */
  readonly stamp?: SourceStamp;
}

/**
 * A source file's size, modification time and status-change time. The last changes with every
 * write and cannot be set back, so a tool that restores modification times (an archive, a copy
 * keeping times) cannot pass a changed file off as unchanged.
 */
export interface SourceStamp extends FileStamp {
  readonly ctimeMs: number;
}

/** Markdown pages the last build read, by path below the content folder: their stamp and hash. */
export type KnownSources = ReadonlyMap<string, { readonly stamp: SourceStamp; readonly hash: string }>;

/** What the load stage read. */
export interface LoadedFiles {
  readonly content: readonly RawFile[];
  /** Raster images below content/images/, as bytes: the build makes responsive versions. */
  readonly images: readonly { path: string; contents: Buffer }[];
  readonly publicFiles: readonly { path: string; contents: Buffer }[];
}

/** Content images the build turns into responsive images. */
export const RASTER_IMAGE = /^images\/.+\.(jpe?g|png)$/i;

/**
 * Reads every file under the content and public folders (besides page bodies, read when their
 * page is rendered, the only disk reads of a build). One by one and synchronously: for
 * thousands of small files that is several times faster than as many promises, and the build
 * has nothing else to do meanwhile. A markdown page with the size and modification time it had
 * in the last build (`known`) is not read at all: its hash says which validated page it is.
 */
export async function loadFiles(
  contentDir: string,
  publicDir: string,
  known: KnownSources = new Map(),
): Promise<LoadedFiles> {
  const [contentPaths, publicPaths] = await Promise.all([listFiles(contentDir), listFiles(publicDir, true)]);
  const content = contentPaths
    .filter((path) => !RASTER_IMAGE.test(path))
    .map((path): RawFile => {
      const absolute = join(contentDir, path);
      const file = displayPath(absolute);
      if (!path.endsWith('.md')) return { file, path, text: readText(absolute) };
      const stats = statSync(absolute, { throwIfNoEntry: false });
      const stamp = stats && { size: stats.size, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs };
      const before = known.get(path)?.stamp;
      if (
        stamp &&
        before &&
        before.size === stamp.size &&
        before.mtimeMs === stamp.mtimeMs &&
        before.ctimeMs === stamp.ctimeMs
      )
        return { file, path, knownHash: known.get(path)!.hash, stamp };
      return { file, path, text: readText(absolute), ...(stamp ? { stamp } : {}) };
    });
  const images = await Promise.all(
    contentPaths
      .filter((path) => RASTER_IMAGE.test(path))
      .map(async (path) => ({ path, contents: await readFile(join(contentDir, path)) })),
  );
  const publicFiles = await Promise.all(
    publicPaths.map(async (path) => ({ path, contents: await readFile(join(publicDir, path)) })),
  );
  return { content, images, publicFiles };
}

/** A content file's text: as loaded, or read now for a page the load stage did not need to read. */
export function textOf(file: RawFile): string {
  return file.text ?? readText(file.file);
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (cause) {
    throw new BuildError('ReadError', `cannot read the file: ${(cause as Error).message}`, {
      file: displayPath(file),
      cause,
    });
  }
}

/** Lists files below `dir` (sorted, forward slashes), skipping dot-files; a missing optional dir is empty. */
async function listFiles(dir: string, isOptional = false): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch (cause) {
    if (isOptional && (cause as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new BuildError('ReadError', `cannot read the folder: ${(cause as Error).message}`, {
      file: displayPath(dir),
      cause,
    });
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => !path.split('/').some((part) => part.startsWith('.')))
    .sort();
}

function displayPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return (rel.startsWith('..') ? path : rel).split(sep).join('/');
}
