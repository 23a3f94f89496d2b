import { z } from 'zod';
import { BuildError, throwIfAny } from '../errors.ts';
import { parseMarkdownFile } from '../lib/front-matter.ts';
import { findInvisibleCharacters } from '../lib/invisible-characters.ts';
import { checkLocalizedTexts } from '../lib/localized-texts.ts';
import { parseWithSchema } from '../lib/schema-errors.ts';
import { parseYaml, type YamlSource } from '../lib/yaml-lines.ts';
import { collectionSchemas, redirectsFileSchema } from '../schemas/collections.ts';
import { frontMatterSchema } from '../schemas/page.ts';
import { settingsSchema } from '../schemas/site.ts';
import { uiKeys, type UiKey } from '../schemas/ui.ts';
import type { Collections, Content, Language, Locale, PageEntry, Settings, SourceFile, Sources } from '../types.ts';

/** Collection files below content/collections/ and the field of `Collections` each fills. */
const COLLECTION_FILES: Record<keyof typeof collectionSchemas, keyof Collections> = {
  products: 'products',
  services: 'services',
  reviews: 'reviews',
  brands: 'brands',
  'oticon-models': 'models',
  storage: 'storage',
};
/** Files at the top of content/ that are documentation, not content. */
const DOCUMENTATION = new Set(['README.md']);

/** What validation found besides the content: errors, warnings and example values in use. */
interface Findings {
  readonly errors: BuildError[];
  readonly warnings: BuildError[];
  readonly examples: string[];
}

/**
 * Turns the sources into the validated content model: settings first (they name the
 * languages), then collections, translation tables and pages. Collects every problem and
 * throws them together; a text or page missing in a language is a warning (the default
 * language's is shown).
 */
export function validateContent(sources: Sources): Content {
  const findings: Findings = { errors: [], warnings: [], examples: [] };
  const byPath = new Map(sources.content.map((file) => [file.path, file]));
  for (const file of sources.content) {
    const invisible = findInvisibleCharacters(file.text, file.file);
    if (invisible) findings.warnings.push(invisible);
  }
  const settings = readYamlFile(byPath, 'site.yaml', settingsSchema, findings, (source, file) =>
    findings.examples.push(...source.examplePaths.map((path) => `${file}: ${path}`)),
  );
  const redirects = readYamlFile(byPath, 'redirects.yaml', redirectsFileSchema, findings);
  const codes = settings?.languages.map((language) => language.code) ?? [];
  const collections = readCollections(byPath, codes, findings);
  const ui = Object.fromEntries(codes.map((code) => [code, validateUi(byPath, code, code === codes[0], findings)]));
  const pages = validatePages(sources.content, codes, findings);
  findUnknownFiles(sources.content, codes, findings.errors);
  throwIfAny(findings.errors);
  return {
    settings: settings!,
    languages: languagesOf(settings!, ui),
    examples: findings.examples,
    ui,
    pages,
    collections,
    redirectRules: redirects!.moved,
    unprefixedSections: redirects!.unprefixed,
    publicFiles: sources.publicFiles,
    images: sources.images,
    warnings: findings.warnings,
  };
}

/** The languages as pages name them: the settings' list, with each language's own name from its table. */
function languagesOf(settings: Settings, ui: Content['ui']): Language[] {
  return settings.languages.map(({ code, ogLocale }) => ({
    code,
    ogLocale,
    name: ui[code]?.['language.name'] ?? code,
  }));
}

/** Parses and checks one YAML file; `inspect` sees the parsed source when the file is valid. */
function readYamlFile<T extends z.ZodType>(
  byPath: ReadonlyMap<string, SourceFile>,
  path: string,
  schema: T,
  findings: Findings,
  inspect?: (source: YamlSource, file: string) => void,
): z.infer<T> | undefined {
  const file = byPath.get(path);
  if (!file) {
    findings.errors.push(new BuildError('ReadError', `content/${path} is missing`, { file: `content/${path}` }));
    return undefined;
  }
  const source = guard(findings, () => parseYaml(file.text, file.file));
  const value = source && parseWithSchema(schema, source, file.file, findings.errors);
  if (source && value !== undefined) inspect?.(source, file.file);
  return value;
}

/** Runs a parse; a BuildError it throws is recorded and gives undefined. */
function guard<T>(findings: Findings, parse: () => T): T | undefined {
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof BuildError)) throw error;
    findings.errors.push(error);
    return undefined;
  }
}

function readCollections(
  byPath: ReadonlyMap<string, SourceFile>,
  languages: readonly Locale[],
  findings: Findings,
): Collections {
  const collections = {} as Record<keyof Collections, unknown[]>;
  for (const [name, key] of Object.entries(COLLECTION_FILES) as [keyof typeof collectionSchemas, keyof Collections][]) {
    const path = `collections/${name}.yaml`;
    const schema = z.array(collectionSchemas[name]);
    const entries = readYamlFile(byPath, path, schema, findings, (source, file) => {
      const list = source.data as { id: unknown; example?: boolean }[];
      findDuplicateIds(list, source, file, findings.errors);
      if (languages.length > 0) checkLocalizedTexts(source, file, languages, findings);
      for (const entry of list) if (entry.example) findings.examples.push(`${file}: ${String(entry.id)}`);
    });
    collections[key] = entries ?? [];
  }
  return collections as unknown as Collections;
}

function findUnknownFiles(files: readonly SourceFile[], languages: readonly Locale[], errors: BuildError[]): void {
  for (const file of files) {
    const [top = ''] = file.path.split('/');
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
      languages.includes(top) ||
      ['site.yaml', 'redirects.yaml'].includes(file.path) ||
      DOCUMENTATION.has(file.path);
    if (!isKnown && languages.length > 0) {
      const message = `"${top}" is not a site language (${languages.join(', ')}) nor a known content file`;
      errors.push(new BuildError('UnknownLocale', message, { file: file.file }));
    }
  }
}

function findDuplicateIds(entries: readonly object[], source: YamlSource, file: string, errors: BuildError[]): void {
  const seen = new Set<unknown>();
  entries.forEach((entry, index) => {
    if (!('id' in entry)) return;
    if (seen.has(entry.id)) {
      const where = { file, ...source.positionOf([index, 'id']) };
      errors.push(new BuildError('DuplicateId', `id "${String(entry.id)}" is used twice`, where));
    }
    seen.add(entry.id);
  });
}

/** A language's translation table; the default language must have every key, the others fall back. */
function validateUi(
  byPath: ReadonlyMap<string, SourceFile>,
  locale: Locale,
  isDefault: boolean,
  findings: Findings,
): Partial<Record<UiKey, string>> {
  const path = `content/${locale}/ui.yaml`;
  const file = byPath.get(`${locale}/ui.yaml`);
  if (!file) {
    (isDefault ? findings.errors : findings.warnings).push(
      new BuildError('MissingTranslation', `${path} is missing`, { file: path }),
    );
    return {};
  }
  const source = guard(findings, () => parseYaml(file.text, file.file));
  if (!source) return {};
  const table = parseWithSchema(z.record(z.string(), z.string().min(1)), source, file.file, findings.errors) ?? {};
  const known = new Set<string>(uiKeys);
  for (const key of Object.keys(table).filter((name) => !known.has(name))) {
    const where = { file: file.file, ...source.positionOf([key]) };
    findings.errors.push(
      new BuildError('UnknownTranslationKey', `"${key}" is not a key of the translation table`, where),
    );
  }
  for (const key of uiKeys.filter((name) => table[name] === undefined)) {
    const message = `"${key}" has no ${locale} text${isDefault ? '' : '; the default language’s text is shown'}`;
    (isDefault ? findings.errors : findings.warnings).push(
      new BuildError('MissingTranslation', message, { file: file.file }),
    );
  }
  return table;
}

/** Parses one page's front matter; undefined, with the problems recorded, when it is invalid. */
function parsePage(file: SourceFile, id: string, locale: Locale, findings: Findings): PageEntry | undefined {
  const source = guard(findings, () => parseMarkdownFile(file.text, file.file));
  if (!source) return undefined;
  const frontMatter = parseWithSchema(frontMatterSchema, source.frontMatter, file.file, findings.errors, {
    code: 'InvalidFrontmatter',
  });
  if (!frontMatter) return undefined;
  return { id, locale, ...frontMatter, file: file.file, body: source.body, bodyLine: source.bodyLine };
}

function validatePages(files: readonly SourceFile[], languages: readonly Locale[], findings: Findings): PageEntry[] {
  const pages: PageEntry[] = [];
  const seen = new Map<string, string>();
  for (const file of files) {
    const [locale = '', ...rest] = file.path.split('/');
    if (!languages.includes(locale) || !file.path.endsWith('.md')) continue;
    const id = rest
      .join('/')
      .replace(/\.md$/, '')
      .replace(/(^|\/)index$/, '');
    const other = seen.get(`${locale}/${id}`);
    if (other) {
      const message = `this page has the same address as ${other}`;
      findings.errors.push(new BuildError('DuplicateRoute', message, { file: file.file }));
      continue;
    }
    seen.set(`${locale}/${id}`, file.file);
    const page = parsePage(file, id, locale, findings);
    if (page) pages.push(page);
  }
  const [original] = languages;
  const originals = new Set(pages.filter((page) => page.locale === original).map((page) => page.id));
  const present = new Set(pages.map((page) => `${page.locale}/${page.id}`));
  for (const page of pages.filter((entry) => entry.locale !== original && !originals.has(entry.id))) {
    const message = `this page has no original in the default language: content/${original}/${page.id || 'index'}.md`;
    findings.errors.push(new BuildError('MissingOriginal', message, { file: page.file }));
  }
  for (const page of pages.filter((entry) => entry.locale === original)) {
    for (const locale of languages.filter((code) => !present.has(`${code}/${page.id}`))) {
      const message = `this page has no ${locale} version; /${locale}/${page.id} shows the ${original} text`;
      findings.warnings.push(new BuildError('MissingTranslation', message, { file: page.file }));
    }
  }
  return pages;
}
