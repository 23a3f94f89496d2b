import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { contentHash } from './hash.ts';
import { isProcessRunning } from './process.ts';
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
  /** The fingerprint of what page lookups answered (see renderSite). */
  readonly lookups?: string;
}

/**
 * The file remembering the pages written into `outDir` by this version of the generator.
 * Links, ids and lookups repeat across thousands of pages (menus, footers), so each distinct
 * string is stored once and pages refer to it by number.
 */
const memoryFile = (cacheDir: string, generatorKey: string, outDir: string) =>
  join(cacheDir, `memory-${generatorKey}-${contentHash(outDir)}.json`);

/**
 * The pages are one text of lines, a page a line of tab-separated fields: path, key, signature,
 * size, mtime, then lookups, links, ids, islands and inline scripts as lists of string numbers
 * (base 36, comma-separated) and the external script's number. Paths and every other free text
 * are in the string table, so a field never holds a tab or a line break. Parsing one long JSON
 * string is several times faster than parsing a million small numbers: at 15,000 pages the
 * pages took 52 ms to parse as arrays and 7 ms as lines.
 */
const enum Field {
  Path,
  Key,
  Signature,
  Size,
  Mtime,
  Dependencies,
  Links,
  Ids,
  Islands,
  InlineScripts,
  ExternalScript,
}
type Packed = {
  strings: string[];
  pages: string;
  parsed: Record<string, [ParsedPage['frontMatter'], number, number, ParsedPage['warnings']?]>;
  checked: [string, CheckedYaml extends Map<string, infer T> ? T : never][];
  sources: [string, number, number, number, string][];
  files: string[];
  lookups?: string;
};

const listOf = (field: string | undefined): number[] =>
  field ? field.split(',').map((digits) => parseInt(digits, 36)) : [];
const fieldOf = (numbers: readonly number[]): string => numbers.map((value) => value.toString(36)).join(',');

/**
 * A page as the memory file has it: its fields are split on first use, its lookups and summary
 * decoded only when asked for, and a page carried over unchanged is written back as the line
 * it was read from. A rebuild of a large site then reads and writes its memory without taking
 * every page apart.
 */
class RememberedPage implements PageMemory {
  #fields?: string[];
  #dependencies?: readonly string[];
  #summary?: PageSummary;
  constructor(
    readonly line: string,
    readonly strings: readonly string[],
  ) {}
  get fields() {
    return (this.#fields ??= this.line.split('\t'));
  }
  get path() {
    return this.strings[Number(this.fields[Field.Path])]!;
  }
  get key() {
    return this.fields[Field.Key]!;
  }
  get signature() {
    return this.fields[Field.Signature]!;
  }
  get stamp() {
    return { size: Number(this.fields[Field.Size]), mtimeMs: Number(this.fields[Field.Mtime]) };
  }
  get dependencies() {
    return (this.#dependencies ??= listOf(this.fields[Field.Dependencies]).map((index) => this.strings[index]!));
  }
  get summary() {
    return (this.#summary ??= new RememberedSummary(this.fields, this.strings));
  }
}

class RememberedSummary implements PageSummary {
  #links?: readonly string[];
  #ids?: readonly string[];
  #islands?: PageSummary['islands'];
  #inlineScripts?: readonly string[];
  constructor(
    private readonly fields: readonly string[],
    private readonly strings: readonly string[],
  ) {}
  private of(field: Field) {
    return listOf(this.fields[field]).map((index) => this.strings[index]!);
  }
  get links() {
    return (this.#links ??= this.of(Field.Links));
  }
  get ids() {
    return (this.#ids ??= this.of(Field.Ids));
  }
  get islands() {
    return (this.#islands ??= this.of(Field.Islands).map((island) => ({
      name: island.slice(0, island.indexOf(' ')),
      load: island.slice(island.indexOf(' ') + 1),
    })));
  }
  get inlineScripts() {
    return (this.#inlineScripts ??= this.of(Field.InlineScripts));
  }
  get externalScript() {
    return this.fields[Field.ExternalScript] ? this.strings[Number(this.fields[Field.ExternalScript])] : undefined;
  }
}

/** What the last build of this generator into `outDir` remembers; nothing when there is no such build. */
export async function loadBuildMemory(
  cacheDir: string,
  generatorKey: string | undefined,
  outDir: string,
): Promise<BuildMemory> {
  const empty = { pages: new Map(), parsed: new Map(), checked: new Map(), sources: new Map(), files: [] };
  if (!generatorKey) return empty;
  let packed: Packed;
  try {
    packed = JSON.parse(await readFile(memoryFile(cacheDir, generatorKey, outDir), 'utf8')) as Packed;
  } catch {
    return empty;
  }
  const { strings } = packed;
  const parsed: ParsedPages = new Map(
    Object.entries(packed.parsed).map(([hash, [frontMatter, bodyStart, bodyLine, warnings]]) => [
      hash,
      { frontMatter, bodyStart, bodyLine, ...(warnings ? { warnings } : {}) },
    ]),
  );
  const pages = new Map<string, PageMemory>();
  for (const line of packed.pages ? packed.pages.split('\n') : []) {
    const page = new RememberedPage(line, strings);
    pages.set(page.path, page);
  }
  const sources: KnownSources = new Map(
    packed.sources.map(([path, size, mtimeMs, ctimeMs, hash]) => [path, { stamp: { size, mtimeMs, ctimeMs }, hash }]),
  );
  return { pages, parsed, checked: new Map(packed.checked), sources, files: packed.files, lookups: packed.lookups };
}

/** Writes what the build that just finished remembers, and removes what other generator versions left. */
export async function saveBuildMemory(
  cacheDir: string,
  generatorKey: string | undefined,
  outDir: string,
  memory: BuildMemory,
): Promise<void> {
  if (!generatorKey) return;
  // Pages carried over keep their numbers in the table they were read with, new strings are
  // added to it; when most pages are new the table starts afresh, so it never fills with
  // strings no page uses any more.
  const remembered = [...memory.pages.values()].filter(
    (page): page is RememberedPage => page instanceof RememberedPage,
  );
  const base = remembered.length > memory.pages.size / 2 ? remembered[0]!.strings : undefined;
  const strings: string[] = [...(base ?? [])];
  const numbers = new Map<string, number>(strings.map((value, index) => [value, index]));
  const number = (value: string) => {
    let index = numbers.get(value);
    if (index === undefined) numbers.set(value, (index = strings.push(value) - 1));
    return index;
  };
  const lines: string[] = [];
  for (const [path, page] of [...memory.pages].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (page instanceof RememberedPage && page.strings === base) {
      lines.push(page.line);
      continue;
    }
    const { summary } = page;
    const fields = [
      number(path),
      page.key,
      page.signature,
      page.stamp.size,
      page.stamp.mtimeMs,
      fieldOf(page.dependencies.map(number)),
      fieldOf(summary.links.map(number)),
      fieldOf(summary.ids.map(number)),
      fieldOf(summary.islands.map((island) => number(`${island.name} ${island.load}`))),
      fieldOf(summary.inlineScripts.map(number)),
      summary.externalScript === undefined ? '' : number(summary.externalScript),
    ];
    lines.push(fields.join('\t'));
  }
  const parsed: Packed['parsed'] = Object.fromEntries(
    [...memory.parsed].map(([hash, page]) => [
      hash,
      page.warnings
        ? [page.frontMatter, page.bodyStart, page.bodyLine, page.warnings]
        : [page.frontMatter, page.bodyStart, page.bodyLine],
    ]),
  );
  const file = memoryFile(cacheDir, generatorKey, outDir);
  await mkdir(cacheDir, { recursive: true });
  // Memories of other generator versions, and half-written ones of builds that were killed.
  const stale = (await readdir(cacheDir)).filter(
    (name) =>
      name.startsWith('memory-') &&
      (!name.startsWith(`memory-${generatorKey}-`) ||
        (/\.json\.\d+$/.test(name) && !isProcessRunning(Number(name.slice(name.lastIndexOf('.') + 1))))),
  );
  await Promise.all(stale.map((name) => rm(join(cacheDir, name), { force: true })));
  await writeFile(
    `${file}.${process.pid}`,
    JSON.stringify({
      strings,
      pages: lines.join('\n'),
      parsed,
      checked: [...memory.checked],
      files: memory.files,
      lookups: memory.lookups,
      sources: [...memory.sources].map(([path, source]) => [
        path,
        source.stamp.size,
        source.stamp.mtimeMs,
        source.stamp.ctimeMs,
        source.hash,
      ]),
    }),
  );
  await rename(`${file}.${process.pid}`, file);
}
