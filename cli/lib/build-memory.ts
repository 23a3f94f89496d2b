import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { contentHash } from './hash.ts';
import type { Dependency } from './page-index.ts';
import type { CheckedYaml, ParsedPage, ParsedPages } from '../stages/validate.ts';
import type { PageSummary } from '../types.ts';

/** How a written file looked when the build wrote it: a file still like this was not touched since. */
export interface FileStamp {
  readonly size: number;
  readonly mtimeMs: number;
}

/** What a build remembers of a page it wrote, to leave it as it is when nothing it used changed. */
export interface PageMemory {
  /** Hash of the page's own inputs: its route, its text, and everything shared by all pages. */
  readonly key: string;
  /** What its templates and body looked up, and the hash of the answers. */
  readonly dependencies: readonly Dependency[];
  readonly signature: string;
  readonly stamp: FileStamp;
  readonly summary: PageSummary;
}

/** Pages by output path. */
export type PageManifest = ReadonlyMap<string, PageMemory>;

/** What a build leaves for the next: its pages, and the markdown files it validated. */
export interface BuildMemory {
  readonly pages: PageManifest;
  readonly parsed: ParsedPages;
  readonly checked: CheckedYaml;
  /** Every file the build wrote. */
  readonly files: readonly string[];
}

/**
 * The file remembering the pages written into `outDir` by this version of the generator.
 * Links, ids and lookups repeat across thousands of pages (menus, footers), so each distinct
 * string is stored once and pages refer to it by number.
 */
const memoryFile = (cacheDir: string, generatorKey: string, outDir: string) => join(cacheDir, `memory-${generatorKey}-${contentHash(outDir)}.json`);

type Packed = {
  strings: string[];
  pages: Record<string, [string, string, number, number, number[], number[], number[], number[], number[], string?]>;
  parsed: Record<string, [ParsedPage['frontMatter'], number, number]>;
  checked: [string, CheckedYaml extends Map<string, infer T> ? T : never][];
  files: string[];
};

/** What the last build of this generator into `outDir` remembers; nothing when there is no such build. */
export async function loadBuildMemory(cacheDir: string, generatorKey: string | undefined, outDir: string): Promise<BuildMemory> {
  const empty = { pages: new Map(), parsed: new Map(), checked: new Map(), files: [] };
  if (!generatorKey) return empty;
  let packed: Packed;
  try {
    packed = JSON.parse(await readFile(memoryFile(cacheDir, generatorKey, outDir), 'utf8')) as Packed;
  } catch {
    return empty;
  }
  const { strings } = packed;
  const of = (indexes: number[]) => indexes.map((index) => strings[index]!);
  const parsed: ParsedPages = new Map(Object.entries(packed.parsed).map(([hash, [frontMatter, bodyStart, bodyLine]]) => [hash, { frontMatter, bodyStart, bodyLine }]));
  const pages: PageManifest = new Map(Object.entries(packed.pages).map(([path, [key, signature, size, mtimeMs, dependencies, links, ids, islands, inlineScripts, externalScript]]) => [path, {
    key, signature, stamp: { size, mtimeMs }, dependencies: of(dependencies),
    summary: {
      links: of(links), ids: of(ids), inlineScripts: of(inlineScripts),
      islands: of(islands).map((island) => ({ name: island.slice(0, island.indexOf(' ')), load: island.slice(island.indexOf(' ') + 1) })),
      ...(externalScript === undefined ? {} : { externalScript }),
    },
  }]));
  return { pages, parsed, checked: new Map(packed.checked), files: packed.files };
}

/** Writes what the build that just finished remembers, and removes what other generator versions left. */
export async function saveBuildMemory(cacheDir: string, generatorKey: string | undefined, outDir: string, memory: BuildMemory): Promise<void> {
  if (!generatorKey) return;
  const strings: string[] = [];
  const numbers = new Map<string, number>();
  const number = (value: string) => {
    let index = numbers.get(value);
    if (index === undefined) numbers.set(value, (index = strings.push(value) - 1));
    return index;
  };
  const pages: Packed['pages'] = {};
  for (const [path, page] of [...memory.pages].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const { summary } = page;
    pages[path] = [
      page.key, page.signature, page.stamp.size, page.stamp.mtimeMs, page.dependencies.map(number), summary.links.map(number), summary.ids.map(number),
      summary.islands.map((island) => number(`${island.name} ${island.load}`)), summary.inlineScripts.map(number),
      ...(summary.externalScript === undefined ? [] : [summary.externalScript]),
    ] as Packed['pages'][string];
  }
  const parsed: Packed['parsed'] = Object.fromEntries([...memory.parsed].map(([hash, page]) => [hash, [page.frontMatter, page.bodyStart, page.bodyLine]]));
  const file = memoryFile(cacheDir, generatorKey, outDir);
  await mkdir(cacheDir, { recursive: true });
  const stale = (await readdir(cacheDir)).filter((name) => name.startsWith('memory-') && !name.startsWith(`memory-${generatorKey}-`));
  await Promise.all(stale.map((name) => rm(join(cacheDir, name), { force: true })));
  await writeFile(`${file}.${process.pid}`, JSON.stringify({ strings, pages, parsed, checked: [...memory.checked], files: memory.files }));
  await rename(`${file}.${process.pid}`, file);
}
