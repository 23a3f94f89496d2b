import { randomUUID } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { contentHash } from '../lib/hash.ts';
import { isProcessRunning } from '../lib/process.ts';
import type { BuildSummary } from '../lib/build-summary.ts';
import type { PageRead } from '../lib/page-index.ts';
import { writeWhole, writerOfPartial } from '../output/whole-file.ts';
import type { PageSummary } from '../types.ts';
import type { ParsedFile } from '../validate/parse-file.ts';

/**
 * The manifest's format. A manifest of any other format (or of another output folder, or made
 * by code every page runs that has changed since) is discarded, never misread: the build renders
 * every page. Change it with any change to what the manifest holds or how a key is computed.
 */
const FORMAT = 7;

/** What the last build made of one file of a page, and from what. */
export interface PageRecord {
  /** Hash of the page's own inputs and of everything every page reads (see fingerprint.ts). */
  readonly key: string;
  /** What its templates and body looked up, and a hash of the answers they got. */
  readonly reads: readonly PageRead[];
  readonly answers: string;
  readonly summary: PageSummary;
}

/**
 * What the last build into an output folder made: its pages and the content files it parsed, and
 * which version of the folder its pages are in. What the writer left there is the writer's own
 * record (cli/output/folder-record.ts).
 */
export interface Manifest {
  /** The generator that made the pages (`Config.generatorKey`); no inputs' key nor report when another one did. */
  readonly generator: string;
  /**
   * The code every page of it runs (`Config.pageCode`, cli/ included); empty pages and parses
   * when that changed. An edit to one template's own files keeps them: the keys of its pages tell.
   */
  readonly code: string;
  /** By output path. */
  readonly pages: ReadonlyMap<string, PageRecord>;
  /** Each content file as parsed, by its path, the site's languages and the hash of its text. */
  readonly parsed: ReadonlyMap<string, ParsedFile>;
  /** The id of the version of the output folder the pages were written into (cli/output/types.ts). */
  readonly version?: string;
  /** The key of what the build read (inputs.ts), and what its report said: a build that finds the same key reports the same. */
  readonly inputs?: string;
  readonly summary?: BuildSummary;
}

/**
 * The files as stored, plain JSON, in two: the record a build that may have nothing to do reads
 * (incremental/up-to-date.ts), and the pages and parses only a build that renders needs (at
 * 15,000 pages most of the bytes). The record names the pages file it goes with (`pages`): one
 * from another build (one killed between the two) is not used, and every page renders again.
 */
interface StoredManifest {
  format: number;
  generator: string;
  code: string;
  outDir: string;
  /** The id of the pages file of the same build. */
  pages: string;
  version?: string;
  inputs?: string;
  summary?: BuildSummary;
}
/**
 * Menus and footers give thousands of pages the same links and lookups, so every string is
 * stored once in `strings` and pages refer to it by index.
 */
interface StoredPages {
  id: string;
  strings: string[];
  pages: Record<string, StoredPage>;
  parsed: Record<string, ParsedFile>;
}
interface StoredPage {
  key: string;
  answers: string;
  isRedirect: boolean;
  reads: number[];
  links: number[];
  ids: number[];
  islands: number[];
  inlineScripts: number[];
  externalScript?: number;
}

const manifestFile = (cacheDir: string, outDir: string) => join(cacheDir, `manifest-${contentHash(outDir)}.json`);
const pagesFile = (cacheDir: string, outDir: string) => join(cacheDir, `pages-${contentHash(outDir)}.json`);

/**
 * The manifest of the last build into `outDir`: its inputs' key and report only if `generator`
 * made it, its pages and parses (when `hasPages`) if its pages ran `code` as those of this
 * build do (by default, if `generator` made it); undefined when there is none to trust.
 */
export async function readManifest(
  cacheDir: string,
  outDir: string,
  generator: string,
  { hasPages = true, code }: { readonly hasPages?: boolean; readonly code?: string } = {},
): Promise<Manifest | undefined> {
  let stored: StoredManifest;
  try {
    stored = JSON.parse(await readFile(manifestFile(cacheDir, outDir), 'utf8')) as StoredManifest;
  } catch {
    return undefined;
  }
  if (stored.format !== FORMAT || stored.outDir !== outDir) return undefined;
  const isSameGenerator = stored.generator === generator;
  const isSameCode = code === undefined ? isSameGenerator : stored.code === code;
  const nothing = { generator, code: code ?? stored.code, pages: new Map(), parsed: new Map() };
  if (!isSameCode) return nothing;
  const { version } = stored;
  const withoutPages = {
    ...nothing,
    version,
    ...(isSameGenerator ? { inputs: stored.inputs, summary: stored.summary } : {}),
  };
  // Telling whether anything changed needs no page: their file is most of the bytes.
  if (!hasPages) return withoutPages;
  const storedPages = await readFile(pagesFile(cacheDir, outDir), 'utf8')
    .then((text) => JSON.parse(text) as StoredPages)
    .catch(() => undefined);
  if (storedPages?.id !== stored.pages) return withoutPages;
  const { strings } = storedPages;
  const text = (indexes: readonly number[]) => indexes.map((index) => strings[index]!);
  const pages = new Map<string, PageRecord>();
  for (const [path, page] of Object.entries(storedPages.pages)) {
    pages.set(path, {
      key: page.key,
      answers: page.answers,
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
  return { ...withoutPages, pages, parsed: new Map(Object.entries(storedPages.parsed)) };
}

/**
 * Saves the manifest of the build that just finished, each of its two files whole or not at all
 * (output/whole-file.ts), the pages first: a build killed meanwhile leaves the old manifest or the
 * new one, or (killed between the two) the old record with pages it does not name, which the
 * next build does not use: it renders every page.
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
      isRedirect: summary.isRedirect,
      reads: page.reads.map(number),
      links: summary.links.map(number),
      ids: summary.ids.map(number),
      islands: summary.islands.map((island) => number(`${island.name} ${island.load}`)),
      inlineScripts: summary.inlineScripts.map(number),
      ...(summary.externalScript === undefined ? {} : { externalScript: number(summary.externalScript) }),
    };
  }
  const id = randomUUID();
  const stored: StoredManifest = {
    format: FORMAT,
    generator: manifest.generator,
    code: manifest.code,
    outDir,
    pages: id,
    version: manifest.version,
    inputs: manifest.inputs,
    summary: manifest.summary,
  };
  await removeLeftovers(cacheDir);
  // The pages first: a record is never saved before the pages it names.
  const storedPages: StoredPages = { id, strings, pages, parsed: Object.fromEntries(manifest.parsed) };
  await writeWhole(pagesFile(cacheDir, outDir), JSON.stringify(storedPages));
  await writeWhole(manifestFile(cacheDir, outDir), JSON.stringify(stored));
}

/**
 * Points the saved manifest of `outDir` at `version` of the folder, with the same pages: the
 * stylesheet alone was written again (cli/build.ts, restyle). Its pages file is left as it is.
 */
export async function saveRebased(cacheDir: string, outDir: string, version: string): Promise<void> {
  const file = manifestFile(cacheDir, outDir);
  const stored = JSON.parse(await readFile(file, 'utf8')) as StoredManifest;
  if (stored.format !== FORMAT || stored.outDir !== outDir) return;
  await writeWhole(file, JSON.stringify({ ...stored, version } satisfies StoredManifest));
}

/**
 * Removes what killed builds left half saved in the cache folder, and what older generators
 * kept there: build memory files (`memory-…`) and the writer's spare copies of the site (`spare-…`).
 */
async function removeLeftovers(cacheDir: string): Promise<void> {
  const names = await readdir(cacheDir).catch(() => [] as string[]);
  const left = names.filter((name) => {
    if (/^(?:memory|spare)-/.test(name)) return true;
    const pid = writerOfPartial(name);
    return pid !== undefined && !isProcessRunning(pid);
  });
  await Promise.all(left.map((name) => rm(join(cacheDir, name), { recursive: true, force: true })));
}
