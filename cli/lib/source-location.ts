import { readFileSync } from 'node:fs';
import { SourceMap, type SourceMapping, type SourceMapPayload } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { codeFrameIn } from './code-frame.ts';

/** A place in one of the generator's own source files: its path from the generator's folder, line and column from 1. */
export interface SourceLocation {
  readonly file: string;
  readonly line: number;
  readonly col: number;
}

/** This module's own path below the generator's folder, as stack frames name it. */
const SELF = 'cli/lib/source-location.ts';

/** One stack frame: `at Name (/path/file.tsx:5:31)`, `at /path/file.tsx:5:31`, or a file:// address. */
const FRAME = /^\s*at (?:.*? \()?((?:file:\/\/)?\/[^():]*|[A-Za-z]:\\[^():]*):(\d+):(\d+)\)?$/;

let generatorFolder: string | null | undefined;

/**
 * The generator's folder as this thread's frames give it once placed in the sources, ending in
 * a slash; null when they name no TypeScript source (a bundle without its maps). Asked of a
 * frame of this file, whose path below the generator's folder is known.
 */
function generatorFolderInFrames(): string | null {
  if (generatorFolder !== undefined) return generatorFolder;
  const own = framesOf(new Error().stack).find((frame) => frame.path.endsWith(SELF));
  generatorFolder = own ? own.path.slice(0, -SELF.length) : null;
  return generatorFolder;
}

/** A stack frame's place: where its source map places it when it names a bundled file, else as it stands. */
function placeOf(address: string, line: number, col: number): { path: string; line: number; col: number } {
  // As Node places a frame with source maps on: the start of the mapped piece of code the
  // position falls in (findOrigin would add the distance from that start, counted in the
  // bundle's text, to a place in the source's).
  const entry: Partial<SourceMapping> =
    (/\.[cm]?js$/.test(address) && sourceMapOf(address)?.findEntry(line - 1, col - 1)) || {};
  if (entry.originalSource !== undefined && entry.originalLine !== undefined && entry.originalColumn !== undefined) {
    return { path: pathOf(entry.originalSource), line: entry.originalLine + 1, col: entry.originalColumn + 1 };
  }
  return { path: pathOf(address), line, col };
}

/** The frames of a stack, each placed in the sources (`placeOf`). */
function framesOf(stack: string | undefined): { path: string; line: number; col: number }[] {
  return (stack ?? '').split('\n').flatMap((text) => {
    const match = FRAME.exec(text);
    return match ? [placeOf(match[1]!, Number(match[2]), Number(match[3]))] : [];
  });
}

/**
 * `stack` with each frame in a bundled file replaced by its place in the TypeScript sources, for
 * a person to read: the error of a bug in the generator.
 */
export function sourceStackOf(stack: string): string {
  return stack
    .split('\n')
    .map((text) => {
      const match = FRAME.exec(text);
      if (!match) return text;
      const [address, line, col] = [match[1]!, match[2]!, match[3]!];
      const place = placeOf(address, Number(line), Number(col));
      return text.replace(`${address}:${line}:${col}`, `${place.path}:${place.line}:${place.col}`);
    })
    .join('\n');
}

const sourceMaps = new Map<string, SourceMap | undefined>();

/**
 * The source map beside a bundled file (cli/bin.js writes them), read the first time a stack
 * needs it. Node's own source maps (`--enable-source-maps`) would read every chunk's map
 * at every start, for the few builds that ever place a frame.
 */
function sourceMapOf(address: string): SourceMap | undefined {
  if (!sourceMaps.has(address)) {
    let map: SourceMap | undefined;
    try {
      const file = `${address.startsWith('file://') ? fileURLToPath(address) : address}.map`;
      const payload = JSON.parse(readFileSync(file, 'utf8')) as SourceMapPayload;
      // The map names its sources from where it is; placed frames name files.
      const sources = payload.sources.map((source) => new URL(source, pathToFileURL(file)).href);
      map = new SourceMap({ ...payload, sources });
    } catch {
      map = undefined;
    }
    sourceMaps.set(address, map);
  }
  return sourceMaps.get(address);
}

const pathOf = (address: string) =>
  (address.startsWith('file://') ? fileURLToPath(address) : address).replaceAll('\\', '/');

/**
 * The frames of `stack` in the generator's own TypeScript sources below `folder` (`templates/`),
 * innermost first, with their paths from the generator's folder. Empty without source maps.
 */
export function generatorFramesIn(stack: string | undefined, folder: string): SourceLocation[] {
  const root = generatorFolderInFrames();
  if (root === null) return [];
  return framesOf(stack).flatMap(({ path, line, col }) => {
    const file = path.startsWith(root) ? path.slice(root.length) : '';
    return file.startsWith(folder) && /\.tsx?$/.test(file) ? [{ file, line, col }] : [];
  });
}

/**
 * The lines around a place in a file of the generator (`codeFrameIn`): two above, the line
 * marked with a caret under its column, one below. Empty when the file cannot be read.
 */
export function codeFrameOf({ file, line, col }: SourceLocation): string {
  const root = generatorFolderInFrames();
  if (root === null) return '';
  let text: string;
  try {
    text = readFileSync(join(root, file), 'utf8');
  } catch {
    return '';
  }
  // Stack frames count columns in UTF-16 units; the frame counts characters.
  const lineText = text.split(/\r?\n/)[line - 1] ?? '';
  return codeFrameIn(text, line, [...lineText.slice(0, col - 1)].length + 1);
}
