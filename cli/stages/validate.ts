import { z } from 'zod';
import { BuildError, fromRecord, throwIfAny, toRecord, type ProblemRecord } from '../errors.ts';
import { contentHash } from '../lib/hash.ts';
import { findInvisibleCharacters } from '../lib/invisible-characters.ts';
import { parseMarkdownFile } from '../lib/front-matter.ts';
import { parseWithSchema } from '../lib/schema-errors.ts';
import { parseYaml, type YamlSource } from '../lib/yaml-lines.ts';
import { collectionSchemas, redirectsFileSchema } from '../schemas/collections.ts';
import { frontMatterSchema } from '../schemas/page.ts';
import { settingsSchema } from '../schemas/site.ts';
import { uiKeys, type UiKey } from '../schemas/ui.ts';
import { LOCALES, type Collections, type Content, type Locale, type PageEntry } from '../types.ts';
import { textOf, type LoadedFiles, type RawFile } from './load.ts';

type CollectionName = keyof typeof collectionSchemas;
const collectionFiles: Record<CollectionName, keyof Collections> = {
  products: 'products',
  services: 'services',
  reviews: 'reviews',
  brands: 'brands',
  'oticon-models': 'models',
  storage: 'storage',
};
/** Files at the top of content/ that are documentation, not content. */
const ignoredFiles = new Set(['README.md']);

/** What validation found besides the content: errors, warnings and example values in use. */
interface Findings {
  readonly errors: BuildError[];
  readonly warnings: BuildError[];
  readonly examples: string[];
  /** Runs a parse; a BuildError it throws is recorded and yields undefined. */
  guard<T>(work: () => T): T | undefined;
}

function createFindings(): Findings {
  const errors: BuildError[] = [];
  return {
    errors,
    warnings: [],
    examples: [],
    guard(work) {
      try {
        return work();
      } catch (error) {
        if (!(error instanceof BuildError)) throw error;
        errors.push(error);
        return undefined;
      }
    },
  };
}

/** A markdown page's validated front matter and where its body starts, by the hash of its text. */
export type ParsedPages = Map<string, ParsedPage>;
/** What validating a YAML file found (when it was valid), by its path and the hash of its text. */
export type CheckedYaml = Map<
  string,
  { readonly value: unknown; readonly warnings: readonly ProblemRecord[]; readonly examples: readonly string[] }
>;
export interface ParsedPage {
  readonly frontMatter: z.infer<typeof frontMatterSchema>;
  readonly bodyStart: number;
  readonly bodyLine: number;
  /** What the page's text holds that the page will not show, as warnings. */
  readonly warnings?: readonly ProblemRecord[];
}

/**
 * Turns the raw files into the validated content model. Collects every problem and throws
 * them together; fallbacks to Catalan become warnings. `parsed` holds pages an earlier build
 * validated, by the hash of their text; it is left holding exactly the pages of this build.
 */
export function validateContent(
  loaded: LoadedFiles,
  parsed: ParsedPages = new Map(),
  checked: CheckedYaml = new Map(),
): Content {
  const findings = createFindings();
  const byPath = new Map(loaded.content.map((file) => [file.path, file]));
  const earlier = new Map(checked);
  checked.clear();
  // A YAML file unchanged since the last build is not parsed again: its value, warnings and
  // example values are what they were.
  const remember = <T>(path: string, work: (scoped: Findings) => T | undefined): T | undefined => {
    const file = byPath.get(path);
    const key = file && `${file.file}\0${contentHash(textOf(file))}`;
    const known = key === undefined ? undefined : earlier.get(key);
    if (known) {
      findings.warnings.push(...known.warnings.map(fromRecord));
      findings.examples.push(...known.examples);
      checked.set(key!, known);
      return known.value as T;
    }
    const scoped = createFindings();
    const invisible = file && findInvisibleCharacters(textOf(file), file.file);
    if (invisible) scoped.warnings.push(invisible);
    const value = work(scoped);
    findings.errors.push(...scoped.errors);
    findings.warnings.push(...scoped.warnings);
    findings.examples.push(...scoped.examples);
    if (key !== undefined && value !== undefined && scoped.errors.length === 0)
      checked.set(key, { value, warnings: scoped.warnings.map(toRecord), examples: scoped.examples });
    return value;
  };
  const settings = remember('site.yaml', (scoped) =>
    readYamlFile(byPath, 'site.yaml', settingsSchema, scoped, (source, file) =>
      scoped.examples.push(...source.examplePaths.map((path) => `${file}: ${path}`)),
    ),
  );
  const redirects = remember('redirects.yaml', (scoped) =>
    readYamlFile(byPath, 'redirects.yaml', redirectsFileSchema, scoped),
  );
  const collections = readCollections(byPath, remember);
  const ui = Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      remember(`${locale}/ui.yaml`, (scoped) =>
        scoped.guard(() => validateUi(byPath.get(`${locale}/ui.yaml`), locale, scoped.errors, scoped.warnings)),
      ) ?? {},
    ]),
  );
  const pages = validatePages(loaded.content, findings, parsed);
  findUnknownFiles(loaded.content, findings.errors);
  throwIfAny(findings.errors);
  return {
    settings: settings!,
    examples: findings.examples,
    ui: ui as Content['ui'],
    pages,
    collections,
    redirectRules: redirects!.moved,
    unprefixedSections: redirects!.unprefixed,
    publicFiles: loaded.publicFiles,
    images: loaded.images,
    warnings: findings.warnings,
  };
}

/** Parses and checks one YAML file; `inspect` sees the parsed source when the file is valid. */
function readYamlFile<T extends z.ZodType>(
  byPath: Map<string, RawFile>,
  path: string,
  schema: T,
  findings: Findings,
  inspect?: (source: YamlSource, file: string) => void,
): z.infer<T> | undefined {
  const file = requireFile(byPath, path, findings.errors);
  const source = file && findings.guard(() => parseYaml(textOf(file), file.file));
  const value = source && parseWithSchema(schema, source, file.file, findings.errors);
  if (file && source && value !== undefined) inspect?.(source, file.file);
  return value;
}

type Remember = <T>(path: string, work: (scoped: Findings) => T | undefined) => T | undefined;

function readCollections(byPath: Map<string, RawFile>, remember: Remember): Collections {
  const collections = {} as Record<keyof Collections, unknown[]>;
  for (const [name, key] of Object.entries(collectionFiles) as [CollectionName, keyof Collections][]) {
    collections[key] =
      remember(`collections/${name}.yaml`, (findings) =>
        readYamlFile(byPath, `collections/${name}.yaml`, z.array(collectionSchemas[name]), findings, (source, file) => {
          const entries = source.data as { id: unknown; example?: boolean }[];
          findDuplicateIds(entries, source, file, findings.errors);
          findMissingLocales(source.data, [], source, file, findings.warnings);
          for (const entry of entries) if (entry.example) findings.examples.push(`${file}: ${String(entry.id)}`);
        }),
      ) ?? [];
  }
  return collections as unknown as Collections;
}

function findUnknownFiles(files: readonly RawFile[], errors: BuildError[]): void {
  for (const file of files) {
    const [top] = file.path.split('/');
    if (top === 'images') {
      errors.push(
        new BuildError('UnknownLocale', 'content/images/ holds JPEG and PNG images only', {
          file: file.file,
          hint: 'Put other files, such as SVG drawings, in public/.',
        }),
      );
      continue;
    }
    const isKnown =
      top === 'collections' ||
      LOCALES.includes(top as Locale) ||
      ['site.yaml', 'redirects.yaml'].includes(file.path) ||
      ignoredFiles.has(file.path);
    if (!isKnown)
      errors.push(
        new BuildError(
          'UnknownLocale',
          `"${top}" is not a site language (${LOCALES.join(', ')}) nor a known content file`,
          { file: file.file },
        ),
      );
  }
}

function requireFile(byPath: Map<string, RawFile>, path: string, errors: BuildError[]): RawFile | undefined {
  const file = byPath.get(path);
  if (!file) errors.push(new BuildError('ReadError', `content/${path} is missing`, { file: `content/${path}` }));
  return file;
}

function findDuplicateIds(entries: readonly object[], source: YamlSource, file: string, errors: BuildError[]): void {
  const seen = new Set<unknown>();
  entries.forEach((entry, index) => {
    if (!('id' in entry)) return;
    if (seen.has(entry.id))
      errors.push(
        new BuildError('DuplicateId', `id "${String(entry.id)}" is used twice`, {
          file,
          ...source.positionOf([index, 'id']),
        }),
      );
    seen.add(entry.id);
  });
}

/** Warns about every localized text ({ca, es?, en?}) that lacks a language. */
function findMissingLocales(
  value: unknown,
  path: PropertyKey[],
  source: YamlSource,
  file: string,
  warnings: BuildError[],
): void {
  if (!value || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  if (typeof record.ca === 'string' && Object.keys(record).every((key) => LOCALES.includes(key as Locale))) {
    for (const locale of LOCALES.filter((code) => record[code] === undefined)) {
      warnings.push(
        new BuildError('MissingTranslation', `"${path.join('.')}" has no ${locale} text; the Catalan text is shown`, {
          file,
          ...source.positionOf(path),
        }),
      );
    }
    return;
  }
  for (const [key, child] of Object.entries(record))
    findMissingLocales(child, [...path, Array.isArray(value) ? Number(key) : key], source, file, warnings);
}

function validateUi(
  file: RawFile | undefined,
  locale: Locale,
  errors: BuildError[],
  warnings: BuildError[],
): Partial<Record<UiKey, string>> {
  const path = `content/${locale}/ui.yaml`;
  if (!file) {
    (locale === 'ca' ? errors : warnings).push(
      new BuildError('MissingTranslation', `${path} is missing`, { file: path }),
    );
    return {};
  }
  const source = parseYaml(textOf(file), file.file);
  const table = parseWithSchema(z.record(z.string(), z.string().min(1)), source, file.file, errors) ?? {};
  const known = new Set<string>(uiKeys);
  for (const key of Object.keys(table)) {
    if (!known.has(key))
      errors.push(
        new BuildError('UnknownTranslationKey', `"${key}" is not a key of the translation table`, {
          file: file.file,
          ...source.positionOf([key]),
        }),
      );
  }
  for (const key of uiKeys.filter((name) => table[name] === undefined)) {
    const problem = new BuildError(
      'MissingTranslation',
      `"${key}" has no ${locale} text${locale === 'ca' ? '' : '; the Catalan text is shown'}`,
      { file: file.file },
    );
    (locale === 'ca' ? errors : warnings).push(problem);
  }
  return table as Partial<Record<UiKey, string>>;
}

/** Parses and checks one page's front matter; undefined, with the problems recorded, when it is invalid. */
function parsePage(file: RawFile, findings: Findings): ParsedPage | undefined {
  const text = textOf(file);
  const source = findings.guard(() => parseMarkdownFile(text, file.file));
  const frontMatter =
    source &&
    parseWithSchema(frontMatterSchema, source.frontMatter, file.file, findings.errors, { code: 'InvalidFrontmatter' });
  if (!source || !frontMatter) return undefined;
  const invisible = findInvisibleCharacters(text, file.file);
  // A copy: the parser's strings are slices that would keep the whole file's text in memory.
  return {
    frontMatter: JSON.parse(JSON.stringify(frontMatter)) as typeof frontMatter,
    bodyStart: text.length - source.body.length,
    bodyLine: source.bodyLine,
    ...(invisible ? { warnings: [toRecord(invisible)] } : {}),
  };
}

function validatePages(files: readonly RawFile[], findings: Findings, parsed: ParsedPages): PageEntry[] {
  const { errors, warnings } = findings;
  const pages: PageEntry[] = [];
  const earlier = new Map(parsed);
  parsed.clear();
  const seen = new Map<string, string>();
  for (const file of files) {
    const [locale, ...rest] = file.path.split('/');
    if (!LOCALES.includes(locale as Locale) || !file.path.endsWith('.md')) continue;
    const id = rest
      .join('/')
      .replace(/\.md$/, '')
      .replace(/(^|\/)index$/, '');
    const key = `${locale}/${id}`;
    if (seen.has(key)) {
      errors.push(
        new BuildError('DuplicateRoute', `this page has the same address as ${seen.get(key)}`, { file: file.file }),
      );
      continue;
    }
    seen.set(key, file.file);
    const hash = file.knownHash ?? contentHash(textOf(file));
    const page = earlier.get(hash) ?? parsePage(file, findings);
    if (!page) continue;
    parsed.set(hash, page);
    warnings.push(...(page.warnings ?? []).map(fromRecord));
    pages.push({
      id,
      locale: locale as Locale,
      ...page.frontMatter,
      file: file.file,
      bodyStart: page.bodyStart,
      bodyLine: page.bodyLine,
      sourceHash: hash,
    });
  }
  const catalan = new Set(pages.filter((page) => page.locale === 'ca').map((page) => page.id));
  const present = new Set(pages.map((page) => `${page.locale}/${page.id}`));
  for (const page of pages) {
    if (page.locale !== 'ca' && !catalan.has(page.id)) {
      errors.push(
        new BuildError('MissingOriginal', `this page has no Catalan original content/ca/${page.id || 'index'}.md`, {
          file: page.file,
        }),
      );
    }
  }
  for (const page of pages.filter((entry) => entry.locale === 'ca')) {
    for (const locale of LOCALES.filter((code) => !present.has(`${code}/${page.id}`))) {
      warnings.push(
        new BuildError(
          'MissingTranslation',
          `this page has no ${locale} version; /${locale}/${page.id} shows the Catalan text`,
          { file: page.file },
        ),
      );
    }
  }
  return pages;
}
