import { readFileSync } from 'node:fs';
import { findSourceMap, type SourceOrigin } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
 * The generator's folder as this thread's stack frames name it, ending in a slash; null when
 * frames do not name TypeScript sources (source maps off). cli/bin.js runs the bundle with
 * source maps on, so frames name `templates/…tsx` and `cli/…ts`, resolved from where the maps
 * are: asked of a frame of this file, whose path below the generator's folder is known.
 */
function generatorFolderInFrames(): string | null {
  if (generatorFolder !== undefined) return generatorFolder;
  const own = framesOf(new Error().stack).find((frame) => frame.path.endsWith(SELF));
  generatorFolder = own ? own.path.slice(0, -SELF.length) : null;
  return generatorFolder;
}

/**
 * The frames of a stack, each where its source map places it when it names a bundled file (a
 * component stack, which React writes itself, names the bundle), else as it stands.
 */
function framesOf(stack: string | undefined): { path: string; line: number; col: number }[] {
  return (stack ?? '').split('\n').flatMap((text) => {
    const match = FRAME.exec(text);
    if (!match) return [];
    const [address, line, col] = [match[1]!, Number(match[2]), Number(match[3])];
    const origin: Partial<SourceOrigin> | undefined = /\.[cm]?js$/.test(address)
      ? findSourceMap(address)?.findOrigin(line, col)
      : undefined;
    if (origin?.fileName !== undefined && origin.lineNumber !== undefined && origin.columnNumber !== undefined) {
      return [{ path: pathOf(origin.fileName), line: origin.lineNumber, col: origin.columnNumber }];
    }
    return [{ path: pathOf(address), line, col }];
  });
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
 * The lines around a place in a file of the generator, as Vite and Babel show them: two above,
 * the line with a `>` and a caret under its column, one below. Empty when the file cannot be read.
 */
export function codeFrameOf({ file, line, col }: SourceLocation): string {
  const root = generatorFolderInFrames();
  if (root === null) return '';
  let lines: string[];
  try {
    lines = readFileSync(join(root, file), 'utf8').split(/\r?\n/);
  } catch {
    return '';
  }
  if (line > lines.length) return '';
  const first = Math.max(1, line - 2);
  const last = Math.min(lines.length, line + 1);
  const width = String(last).length;
  const rows: string[] = [];
  for (let number = first; number <= last; number++) {
    const gutter = `${number === line ? '>' : ' '} ${String(number).padStart(width)} |`;
    rows.push(`${gutter} ${lines[number - 1]}`.trimEnd());
    if (number === line) {
      const indent = [...(lines[number - 1] ?? '').slice(0, col - 1)].map((char) => (char === '\t' ? '\t' : ' '));
      rows.push(`  ${' '.repeat(width)} | ${indent.join('')}^`);
    }
  }
  return rows.join('\n');
}
