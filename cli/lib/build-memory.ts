import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { contentHash } from './hash.ts';
import type { Dependency } from './page-index.ts';
import type { KnownSources } from '../stages/load.ts';
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
  /** The markdown pages it read: their size, times and hash. */
  readonly sources: KnownSources;
  /** Every file the build wrote. */
  readonly files: readonly string[];
}

/**
 * The file remembering the pages written into `outDir` by this version of the generator.
 * Links, ids and lookups repeat across thousands of pages (menus, footers), so each distinct
 * string is stored once and pages refer to it by number.
 */
const memoryFile = (cacheDir: string, generatorKey: string, outDir: string) => join(cacheDir, `memory-${generatorKey}-${contentHash(outDir)}.json`);

type PackedPage = [string, string, number, number, number[], number[], number[], number[], number[], string?];
type Packed = {
  strings: string[];
  pages: Record<string, PackedPage>;
  parsed: Record<string, [ParsedPage['frontMatter'], number, number]>;
  checked: [string, CheckedYaml extends Map<string, infer T> ? T : never][];
  sources: [string, number, number, number, string][];
  files: string[];
};

/**
 * A page as the memory file has it: its lookups and summary are decoded only when asked for,
 * and a page carried over unchanged is written back as it was read. A rebuild of a large site
 * then reads and writes its memory without taking every page apart.
 */
class RememberedPage implements PageMemory {
  #dependencies?: readonly string[];
  #summary?: PageSummary;
  constructor(readonly packed: PackedPage, readonly strings: readonly string[]) {}
  get key() { return this.packed[0]; }
  get signature() { return this.packed[1]; }
  get stamp() { return { size: this.packed[2], mtimeMs: this.packed[3] }; }
  get dependencies() { return (this.#dependencies ??= this.packed[4].map((index) => this.strings[index]!)); }
  get summary() { return (this.#summary ??= new RememberedSummary(this.packed, this.strings)); }
}

class RememberedSummary implements PageSummary {
  #links?: readonly string[];
  #ids?: readonly string[];
  #islands?: PageSummary['islands'];
  #inlineScripts?: readonly string[];
  constructor(private readonly packed: PackedPage, private readonly strings: readonly string[]) {}
  private of(indexes: number[]) { return indexes.map((index) => this.strings[index]!); }
  get links() { return (this.#links ??= this.of(this.packed[5])); }
  get ids() { return (this.#ids ??= this.of(this.packed[6])); }
  get islands() {
    return (this.#islands ??= this.of(this.packed[7]).map((island) => ({ name: island.slice(0, island.indexOf(' ')), load: island.slice(island.indexOf(' ') + 1) })));
  }
  get inlineScripts() { return (this.#inlineScripts ??= this.of(this.packed[8])); }
  get externalScript() { return this.packed[9]; }
}

/** What the last build of this generator into `outDir` remembers; nothing when there is no such build. */
export async function loadBuildMemory(cacheDir: string, generatorKey: string | undefined, outDir: string): Promise<BuildMemory> {
  const empty = { pages: new Map(), parsed: new Map(), checked: new Map(), sources: new Map(), files: [] };
  if (!generatorKey) return empty;
  let packed: Packed;
  try {
    packed = JSON.parse(await readFile(memoryFile(cacheDir, generatorKey, outDir), 'utf8')) as Packed;
  } catch {
    return empty;
  }
  const { strings } = packed;
  const parsed: ParsedPages = new Map(Object.entries(packed.parsed).map(([hash, [frontMatter, bodyStart, bodyLine]]) => [hash, { frontMatter, bodyStart, bodyLine }]));
  const pages: PageManifest = new Map(Object.entries(packed.pages).map(([path, page]) => [path, new RememberedPage(page, strings)]));
  const sources: KnownSources = new Map(packed.sources.map(([path, size, mtimeMs, ctimeMs, hash]) => [path, { stamp: { size, mtimeMs, ctimeMs }, hash }]));
  return { pages, parsed, checked: new Map(packed.checked), sources, files: packed.files };
}

/** Writes what the build that just finished remembers, and removes what other generator versions left. */
export async function saveBuildMemory(cacheDir: string, generatorKey: string | undefined, outDir: string, memory: BuildMemory): Promise<void> {
  if (!generatorKey) return;
  // Pages carried over keep their numbers in the table they were read with, new strings are
  // added to it; when most pages are new the table starts afresh, so it never fills with
  // strings no page uses any more.
  const remembered = [...memory.pages.values()].filter((page): page is RememberedPage => page instanceof RememberedPage);
  const base = remembered.length > memory.pages.size / 2 ? remembered[0]!.strings : undefined;
  const strings: string[] = [...(base ?? [])];
  const numbers = new Map<string, number>(strings.map((value, index) => [value, index]));
  const number = (value: string) => {
    let index = numbers.get(value);
    if (index === undefined) numbers.set(value, (index = strings.push(value) - 1));
    return index;
  };
  const pages: Packed['pages'] = {};
  for (const [path, page] of [...memory.pages].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (page instanceof RememberedPage && page.strings === base) {
      pages[path] = page.packed;
      continue;
    }
    const { summary } = page;
    pages[path] = [
      page.key, page.signature, page.stamp.size, page.stamp.mtimeMs, page.dependencies.map(number), summary.links.map(number), summary.ids.map(number),
      summary.islands.map((island) => number(`${island.name} ${island.load}`)), summary.inlineScripts.map(number),
      ...(summary.externalScript === undefined ? [] : [summary.externalScript]),
    ] as PackedPage;
  }
  const parsed: Packed['parsed'] = Object.fromEntries([...memory.parsed].map(([hash, page]) => [hash, [page.frontMatter, page.bodyStart, page.bodyLine]]));
  const file = memoryFile(cacheDir, generatorKey, outDir);
  await mkdir(cacheDir, { recursive: true });
  const stale = (await readdir(cacheDir)).filter((name) => name.startsWith('memory-') && !name.startsWith(`memory-${generatorKey}-`));
  await Promise.all(stale.map((name) => rm(join(cacheDir, name), { force: true })));
  await writeFile(`${file}.${process.pid}`, JSON.stringify({
    strings, pages, parsed, checked: [...memory.checked], files: memory.files,
    sources: [...memory.sources].map(([path, source]) => [path, source.stamp.size, source.stamp.mtimeMs, source.stamp.ctimeMs, source.hash]),
  }));
  await rename(`${file}.${process.pid}`, file);
}
