import { z } from 'zod';
import { BuildError, throwIfAny } from '../errors.ts';
import { parseMarkdownFile } from '../lib/front-matter.ts';
import { parseWithSchema } from '../lib/schema-errors.ts';
import { parseYaml, type YamlSource } from '../lib/yaml-lines.ts';
import { collectionSchemas, redirectRuleSchema } from '../schemas/collections.ts';
import { frontMatterSchema } from '../schemas/page.ts';
import { settingsSchema } from '../schemas/site.ts';
import { uiKeys, type UiKey } from '../schemas/ui.ts';
import { LOCALES, type Collections, type Content, type Locale, type PageEntry } from '../types.ts';
import type { LoadedFiles, RawFile } from './load.ts';

type CollectionName = keyof typeof collectionSchemas;
const collectionFiles: Record<CollectionName, keyof Collections> = {
  products: 'products', services: 'services', reviews: 'reviews', brands: 'brands', 'oticon-models': 'models', storage: 'storage',
};
/** Files at the top of content/ that are documentation, not content. */
const ignoredFiles = new Set(['README.md']);

/**
 * Turns the raw files into the validated content model. Collects every problem and throws
 * them together; fallbacks to Catalan become warnings.
 */
export function validateContent(loaded: LoadedFiles): Content {
  const errors: BuildError[] = [];
  const warnings: BuildError[] = [];
  const examples: string[] = [];
  const byPath = new Map(loaded.content.map((file) => [file.path, file]));
  const guard = <T>(work: () => T): T | undefined => {
    try {
      return work();
    } catch (error) {
      if (error instanceof BuildError) errors.push(error);
      else throw error;
      return undefined;
    }
  };

  const settingsFile = requireFile(byPath, 'site.yaml', errors);
  const settingsSource = settingsFile && guard(() => parseYaml(settingsFile.text, settingsFile.file));
  const settings = settingsSource && parseWithSchema(settingsSchema, settingsSource, settingsFile.file, errors);
  if (settingsSource) examples.push(...settingsSource.examplePaths.map((path) => `${settingsFile.file}: ${path}`));

  const redirectsFile = requireFile(byPath, 'redirects.yaml', errors);
  const redirectsSource = redirectsFile && guard(() => parseYaml(redirectsFile.text, redirectsFile.file));
  const redirectRules = redirectsSource && parseWithSchema(z.array(redirectRuleSchema), redirectsSource, redirectsFile.file, errors);

  const collections = {} as Record<keyof Collections, unknown[]>;
  for (const [name, key] of Object.entries(collectionFiles) as [CollectionName, keyof Collections][]) {
    const file = requireFile(byPath, `collections/${name}.yaml`, errors);
    const source = file && guard(() => parseYaml(file.text, file.file));
    const entries = source && parseWithSchema(z.array(collectionSchemas[name]), source, file.file, errors);
    if (!file || !source || !entries) continue;
    findDuplicateIds(entries, source, file.file, errors);
    findMissingLocales(source.data, [], source, file.file, warnings);
    collections[key] = entries;
    for (const entry of entries) if ('example' in entry && entry.example) examples.push(`${file.file}: ${entry.id}`);
  }

  const ui = Object.fromEntries(LOCALES.map((locale) => [locale, guard(() => validateUi(byPath.get(`${locale}/ui.yaml`), locale, errors, warnings)) ?? {}]));
  const pages = validatePages(loaded.content, errors, warnings, guard);
  for (const file of loaded.content) {
    const [top] = file.path.split('/');
    const isKnown = top === 'collections' || LOCALES.includes(top as Locale) || ['site.yaml', 'redirects.yaml'].includes(file.path) || ignoredFiles.has(file.path);
    if (!isKnown) errors.push(new BuildError('UnknownLocale', `"${top}" is not a site language (${LOCALES.join(', ')}) nor a known content file`, { file: file.file }));
  }

  throwIfAny(errors);
  return {
    settings: settings!,
    examples,
    ui: ui as Content['ui'],
    pages,
    collections: collections as unknown as Collections,
    redirectRules: redirectRules!,
    publicFiles: loaded.publicFiles,
    warnings,
  };
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
    if (seen.has(entry.id)) errors.push(new BuildError('DuplicateId', `id "${String(entry.id)}" is used twice`, { file, ...source.positionOf([index, 'id']) }));
    seen.add(entry.id);
  });
}

/** Warns about every localized text ({ca, es?, en?}) that lacks a language. */
function findMissingLocales(value: unknown, path: PropertyKey[], source: YamlSource, file: string, warnings: BuildError[]): void {
  if (!value || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  if (typeof record.ca === 'string' && Object.keys(record).every((key) => LOCALES.includes(key as Locale))) {
    for (const locale of LOCALES.filter((code) => record[code] === undefined)) {
      warnings.push(new BuildError('MissingTranslation', `"${path.join('.')}" has no ${locale} text; the Catalan text is shown`, { file, ...source.positionOf(path) }));
    }
    return;
  }
  for (const [key, child] of Object.entries(record)) findMissingLocales(child, [...path, Array.isArray(value) ? Number(key) : key], source, file, warnings);
}

function validateUi(file: RawFile | undefined, locale: Locale, errors: BuildError[], warnings: BuildError[]): Partial<Record<UiKey, string>> {
  const path = `content/${locale}/ui.yaml`;
  if (!file) {
    (locale === 'ca' ? errors : warnings).push(new BuildError('MissingTranslation', `${path} is missing`, { file: path }));
    return {};
  }
  const source = parseYaml(file.text, file.file);
  const table = parseWithSchema(z.record(z.string(), z.string().min(1)), source, file.file, errors) ?? {};
  const known = new Set<string>(uiKeys);
  for (const key of Object.keys(table)) {
    if (!known.has(key)) errors.push(new BuildError('UnknownTranslationKey', `"${key}" is not a key of the translation table`, { file: file.file, ...source.positionOf([key]) }));
  }
  for (const key of uiKeys.filter((name) => table[name] === undefined)) {
    const problem = new BuildError('MissingTranslation', `"${key}" has no ${locale} text${locale === 'ca' ? '' : '; the Catalan text is shown'}`, { file: file.file });
    (locale === 'ca' ? errors : warnings).push(problem);
  }
  return table as Partial<Record<UiKey, string>>;
}

function validatePages(files: readonly RawFile[], errors: BuildError[], warnings: BuildError[], guard: <T>(work: () => T) => T | undefined): PageEntry[] {
  const pages: PageEntry[] = [];
  const seen = new Map<string, string>();
  for (const file of files) {
    const [locale, ...rest] = file.path.split('/');
    if (!LOCALES.includes(locale as Locale) || !file.path.endsWith('.md')) continue;
    const id = rest.join('/').replace(/\.md$/, '').replace(/(^|\/)index$/, '');
    const key = `${locale}/${id}`;
    if (seen.has(key)) {
      errors.push(new BuildError('DuplicateRoute', `this page has the same address as ${seen.get(key)}`, { file: file.file }));
      continue;
    }
    seen.set(key, file.file);
    const source = guard(() => parseMarkdownFile(file.text, file.file));
    const front = source && parseWithSchema(frontMatterSchema, source.frontMatter, file.file, errors, { code: 'InvalidFrontmatter' });
    if (!source || !front) continue;
    pages.push({ id, locale: locale as Locale, ...front, body: source.body, file: file.file, bodyLine: source.bodyLine });
  }
  const catalan = new Set(pages.filter((page) => page.locale === 'ca').map((page) => page.id));
  const present = new Set(pages.map((page) => `${page.locale}/${page.id}`));
  for (const page of pages) {
    if (page.locale !== 'ca' && !catalan.has(page.id)) {
      errors.push(new BuildError('MissingOriginal', `this page has no Catalan original content/ca/${page.id || 'index'}.md`, { file: page.file }));
    }
  }
  for (const page of pages.filter((entry) => entry.locale === 'ca')) {
    for (const locale of LOCALES.filter((code) => !present.has(`${code}/${page.id}`))) {
      warnings.push(new BuildError('MissingTranslation', `this page has no ${locale} version; /${locale}/${page.id} shows the Catalan text`, { file: page.file }));
    }
  }
  return pages;
}
