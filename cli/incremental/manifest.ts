import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { contentHash } from '../lib/hash.ts';
import { isProcessRunning } from '../lib/process.ts';
import type { PageRead } from '../lib/page-index.ts';
import type { FileStamp, PageSummary } from '../types.ts';
import type { ParsedFile } from '../validate/parse-file.ts';

/**
 * The manifest's format. A manifest of any other format (or of another version of the
 * generator, or of another output folder) is discarded, never misread: the build renders
 * every page. Change it with any change to what the manifest holds or how a key is computed.
 */
const FORMAT = 3;

/** What the last build made of one file of a page, and from what. */
export interface PageRecord {
  /** Hash of the page's own inputs and of everything every page reads (see fingerprint.ts). */
  readonly key: string;
  /** What its templates and body looked up, and a hash of the answers they got. */
  readonly reads: readonly PageRead[];
  readonly answers: string;
  /** The file as written: a file still like this was not changed since. */
  readonly stamp: FileStamp;
  readonly summary: PageSummary;
}

/** What the last build into an output folder made of its pages, and the content files it parsed. */
export interface Manifest {
  readonly generator: string;
  /** By output path. */
  readonly pages: ReadonlyMap<string, PageRecord>;
  /** Each content file as parsed, by its path, the site's languages and the hash of its text. */
  readonly parsed: ReadonlyMap<string, ParsedFile>;
}

/**
 * The file as stored: plain JSON. Menus and footers give thousands of pages the same links
 * and lookups, so every string is stored once in `strings` and pages refer to it by index.
 */
interface StoredManifest {
  format: number;
  generator: string;
  outDir: string;
  strings: string[];
  pages: Record<string, StoredPage>;
  parsed: Record<string, ParsedFile>;
}
interface StoredPage {
  key: string;
  answers: string;
  size: number;
  mtimeMs: number;
  ino: number;
  isRedirect: boolean;
  reads: number[];
  links: number[];
  ids: number[];
  islands: number[];
  inlineScripts: number[];
  externalScript?: number;
}

const manifestFile = (cacheDir: string, outDir: string) => join(cacheDir, `manifest-${contentHash(outDir)}.json`);

/** The manifest of the last build of this generator into `outDir`; undefined when there is none to trust. */
export async function readManifest(cacheDir: string, outDir: string, generator: string): Promise<Manifest | undefined> {
  let stored: StoredManifest;
  try {
    stored = JSON.parse(await readFile(manifestFile(cacheDir, outDir), 'utf8')) as StoredManifest;
  } catch {
    return undefined;
  }
  if (stored.format !== FORMAT || stored.generator !== generator || stored.outDir !== outDir) return undefined;
  const { strings } = stored;
  const text = (indexes: readonly number[]) => indexes.map((index) => strings[index]!);
  const pages = new Map<string, PageRecord>();
  for (const [path, page] of Object.entries(stored.pages)) {
    pages.set(path, {
      key: page.key,
      answers: page.answers,
      stamp: { size: page.size, mtimeMs: page.mtimeMs, ino: page.ino },
      reads: text(page.reads),
      summary: {
        isRedirect: page.isRedirect,
        links: text(page.links),
        ids: text(page.ids),
        islands: text(page.islands).map((island) => {
          const [name = '', load = ''] = island.split(' ');
          return { name, load };
        }),
        inlineScripts: text(page.inlineScripts),
        ...(page.externalScript === undefined ? {} : { externalScript: strings[page.externalScript]! }),
      },
    });
  }
  return { generator, pages, parsed: new Map(Object.entries(stored.parsed)) };
}

/**
 * Saves the manifest of the build that just finished: written aside and renamed into place,
 * so a build killed meanwhile leaves the old manifest or the new one, never half of one. Files
 * that killed builds left half written are removed.
 */
export async function writeManifest(cacheDir: string, outDir: string, manifest: Manifest): Promise<void> {
  const strings: string[] = [];
  const numbers = new Map<string, number>();
  const number = (value: string) => {
    let index = numbers.get(value);
    if (index === undefined) numbers.set(value, (index = strings.push(value) - 1));
    return index;
  };
  const pages: Record<string, StoredPage> = {};
  for (const [path, page] of [...manifest.pages].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const { summary } = page;
    pages[path] = {
      key: page.key,
      answers: page.answers,
      size: page.stamp.size,
      mtimeMs: page.stamp.mtimeMs,
      ino: page.stamp.ino,
      isRedirect: summary.isRedirect,
      reads: page.reads.map(number),
      links: summary.links.map(number),
      ids: summary.ids.map(number),
      islands: summary.islands.map((island) => number(`${island.name} ${island.load}`)),
      inlineScripts: summary.inlineScripts.map(number),
      ...(summary.externalScript === undefined ? {} : { externalScript: number(summary.externalScript) }),
    };
  }
  const parsed = Object.fromEntries(manifest.parsed);
  const stored: StoredManifest = { format: FORMAT, generator: manifest.generator, outDir, strings, pages, parsed };
  const file = manifestFile(cacheDir, outDir);
  await mkdir(cacheDir, { recursive: true });
  await removeHalfWritten(cacheDir);
  await writeFile(`${file}.${process.pid}`, JSON.stringify(stored));
  await rename(`${file}.${process.pid}`, file);
}

/**
 * Removes manifests that builds killed while saving them left behind (`manifest-….json.<pid>`),
 * and the build memory files (`memory-…`) of generators from before the manifest.
 */
async function removeHalfWritten(cacheDir: string): Promise<void> {
  const names = await readdir(cacheDir);
  const left = names.filter((name) => {
    if (name.startsWith('memory-')) return true;
    const pid = /^manifest-.*\.json\.(\d+)$/.exec(name)?.[1];
    return pid !== undefined && !isProcessRunning(Number(pid));
  });
  await Promise.all(left.map((name) => rm(join(cacheDir, name), { force: true })));
}
