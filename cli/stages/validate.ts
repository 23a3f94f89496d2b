import { BuildError, fromRecord, throwIfAny } from '../errors.ts';
import { parseYaml } from '../lib/yaml-lines.ts';
import type { redirectsFileSchema } from '../schemas/collections.ts';
import type { UiKey } from '../schemas/ui.ts';
import type { Collections, Content, Language, Locale, PageEntry, Settings, SourceFile, Sources } from '../types.ts';
import { checkAssetReferences } from '../validate/asset-references.ts';
import { checkCollectionLinks } from '../validate/collection-links.ts';
import { checkConsentTexts } from '../validate/consent-texts.ts';
import { checkFactLengths } from '../validate/fact-lengths.ts';
import { checkLanguageCookies } from '../validate/language-cookies.ts';
import { checkLinkNames } from '../validate/link-names.ts';
import { checkMonthlyPrices } from '../validate/monthly-prices.ts';
import { checkSearchTitles } from '../validate/search-titles.ts';
import { checkSuggestedPages } from '../validate/suggested-pages.ts';
import { parseContentFile, type PageLink, type ParsedPage, type ParseFile } from '../validate/parse-file.ts';
import { visibleTexts } from '../validate/visible-texts.ts';
import { findWordProblems, wordRulesOf, type Glossary, type WordRules } from '../validate/word-rules.ts';
import type * as z from 'zod';

/** Collection files below content/collections/ and the field of `Collections` each fills. */
const COLLECTION_FILES: Record<string, keyof Collections> = {
  products: 'products',
  services: 'services',
  reviews: 'reviews',
  brands: 'brands',
  'oticon-models': 'models',
  storage: 'storage',
};
/** Files at the top of content/ that the build does not read: documentation, and the spelling gate's word list (`check`). */
const NOT_BUILT = new Set(['README.md', 'words.txt']);

/** What validation found besides the content: errors, warnings and example values in use. */
interface Findings {
  readonly errors: BuildError[];
  readonly warnings: BuildError[];
  readonly examples: string[];
}

/**
 * Turns the sources into the validated content model: each file is parsed and checked alone
 * (cli/validate/parse-file.ts; site.yaml first, since it names the languages), then what
 * spans files is checked: required files, pages with an original in the default language,
 * pages missing in a language (warnings), files that belong nowhere. Collects every problem
 * and throws them together. `parse` is the per-file parser: the incremental build hands in
 * one that reuses the results of files it has seen, and this stage remembers nothing.
 */
export function validateContent(sources: Sources, parse: ParseFile = parseContentFile): Content {
  const findings: Findings = { errors: [], warnings: [], examples: [] };
  const byPath = new Map(sources.content.map((file) => [file.path, file]));
  const valueOf = <T>(
    path: string,
    languages: readonly Locale[],
    isRequired = true,
    rules?: WordRules,
  ): T | undefined => {
    const file = byPath.get(path);
    if (!file) {
      if (isRequired)
        findings.errors.push(new BuildError('ReadError', `content/${path} is missing`, { file: `content/${path}` }));
      return undefined;
    }
    const parsed = parse(file, languages, rules);
    findings.errors.push(...parsed.errors.map(fromRecord));
    findings.warnings.push(...parsed.warnings.map(fromRecord));
    findings.examples.push(...parsed.examples);
    return parsed.value as T | undefined;
  };
  const settings = valueOf<Settings>('site.yaml', []);
  // Without settings the site's languages are unknown, and every text per language, page and
  // translation table would be wrong for it: site.yaml's own problems are the ones to report.
  if (!settings) throwIfAny(findings.errors);
  const codes = settings?.languages.map((language) => language.code) ?? [];
  const redirects = valueOf<z.infer<typeof redirectsFileSchema>>('redirects.yaml', codes);
  const collections = Object.fromEntries(
    Object.entries(COLLECTION_FILES).map(([name, key]) => [
      key,
      valueOf<unknown[]>(`collections/${name}.yaml`, codes) ?? [],
    ]),
  ) as unknown as Collections;
  const ui = Object.fromEntries(codes.map((code) => [code, uiTableOf(byPath, code, codes, valueOf, findings)]));
  const glossary = valueOf<Glossary>('glossary.yaml', codes, false) ?? [];
  // How pages and the other texts are read for refused words and typed facts (content/README.md, "Words").
  const rules = settings && wordRulesOf({ settings, collections, ui }, glossary, codes);
  const pages: PageEntry[] = [];
  const pageLinks = new Map<PageEntry, readonly PageLink[]>();
  /** Pages whose file has problems, as `locale/id`: they exist, so their translations have an original. */
  const failed = new Set<string>();
  for (const file of sources.content) {
    const known = isKnownFile(file, codes);
    if (known === 'page') {
      const parsed = valueOf<ParsedPage>(file.path, codes, true, rules);
      if (parsed) {
        const page = pageEntryOf(file, parsed);
        pages.push(page);
        pageLinks.set(page, parsed.links);
      } else failed.add(pageKeyOf(file.path));
    } else if (known === 'other') {
      valueOf(file.path, codes, false);
    } else if (known !== 'read') {
      findings.errors.push(unknownFileError(file, codes));
    }
  }
  findMissingPages(pages, failed, codes, findings);
  const images = checkAssetReferences(pages, collections, byPath, sources, findings.errors);
  const sourceTexts = new Map(sources.content.map((file) => [file.file, file.text]));
  checkSuggestedPages(pages, failed, sourceTexts, codes, findings.errors);
  checkCollectionLinks(collections, byPath, { pages, failed, codes, moved: redirects?.moved ?? [] }, findings.errors);
  if (settings) {
    checkSearchTitles(pages, sourceTexts, settings, findings.errors);
    checkFactLengths(pages, { settings, collections, ui }, codes, sourceTexts, findings.errors);
    checkConsentTexts(sources.content, ui, settings, codes, findings.errors);
    checkLanguageCookies(settings, collections.storage, findings.errors);
    checkMonthlyPrices(
      sources.content.filter((file) => isKnownFile(file, codes) === 'page'),
      collections.products,
      byPath.get('collections/products.yaml'),
      settings,
      findings.errors,
    );
    // The settings' texts as written: read filled, a placeholder there would look like the fact it writes.
    const written = parseYaml(byPath.get('site.yaml')!.text, 'content/site.yaml').data as Settings;
    const texts = [...visibleTexts({ ui, collections, settings: written, languages: codes, texts: sourceTexts })];
    for (const text of texts)
      for (const problem of findWordProblems(rules!, text))
        findings.errors.push(
          new BuildError(problem.code, problem.message, { file: text.file, ...text.place(problem.shown) }),
        );
    checkLinkNames(pages, pageLinks, texts, collections, sourceTexts, codes, findings.errors);
  }
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
    images,
    warnings: findings.warnings,
  };
}

/** A language's translation table: required for the default language, a fallback warning for the others. */
function uiTableOf(
  byPath: ReadonlyMap<string, SourceFile>,
  code: Locale,
  codes: readonly Locale[],
  valueOf: <T>(path: string, languages: readonly Locale[], isRequired?: boolean) => T | undefined,
  findings: Findings,
): Partial<Record<UiKey, string>> {
  const path = `${code}/ui.yaml`;
  if (!byPath.has(path)) {
    const problem = new BuildError('MissingTranslation', `content/${path} is missing`, { file: `content/${path}` });
    (code === codes[0] ? findings.errors : findings.warnings).push(problem);
    return {};
  }
  return valueOf<Partial<Record<UiKey, string>>>(path, codes) ?? {};
}

/**
 * What a content file is: a page, a file read above (settings, redirects, collections,
 * translation tables), another file of a language folder, or one that belongs nowhere.
 */
function isKnownFile(file: SourceFile, codes: readonly Locale[]): 'page' | 'read' | 'other' | 'unknown' {
  const [top = '', ...rest] = file.path.split('/');
  if (['site.yaml', 'redirects.yaml', 'glossary.yaml'].includes(file.path) || NOT_BUILT.has(file.path)) return 'read';
  if (top === 'collections') return 'read';
  if (!codes.includes(top)) return codes.length === 0 ? 'read' : 'unknown';
  if (rest.join('/') === 'ui.yaml') return 'read';
  return file.path.endsWith('.md') ? 'page' : 'other';
}

function unknownFileError(file: SourceFile, codes: readonly Locale[]): BuildError {
  const [top = ''] = file.path.split('/');
  if (top === 'images') {
    return new BuildError('UnknownLocale', 'content/images/ holds JPEG and PNG images only', {
      file: file.file,
      hint: 'Put other files, such as SVG drawings, in public/.',
    });
  }
  const message = `"${top}" is not a site language (${codes.join(', ')}) nor a known content file`;
  return new BuildError('UnknownLocale', message, { file: file.file });
}

/** A page of the site from its file and its parsed front matter: its id is its path in the language folder. */
function pageEntryOf(file: SourceFile, parsed: ParsedPage): PageEntry {
  const { locale, id } = pageIdOf(file.path);
  const body = file.text.slice(parsed.bodyStart);
  return { id, locale, ...parsed.frontMatter, file: file.file, body, bodyLine: parsed.bodyLine };
}

/** A page's language and id from its path below content/: `es/services/index.md` is `es`, `services`. */
function pageIdOf(path: string): { locale: Locale; id: string } {
  const [locale = '', ...rest] = path.split('/');
  const id = rest
    .join('/')
    .replace(/\.md$/, '')
    .replace(/(^|\/)index$/, '');
  return { locale, id };
}

function pageKeyOf(path: string): string {
  const { locale, id } = pageIdOf(path);
  return `${locale}/${id}`;
}

/**
 * Pages without an original in the default language (errors), and pages a language lacks
 * (warnings). A page whose file has problems (`failed`, as `locale/id`) is there all the same.
 */
function findMissingPages(
  pages: PageEntry[],
  failed: ReadonlySet<string>,
  codes: readonly Locale[],
  findings: Findings,
): void {
  const seen = new Map<string, string>();
  for (const page of [...pages]) {
    const key = `${page.locale}/${page.id}`;
    const other = seen.get(key);
    if (other) {
      const message = `this page has the same address as ${other}`;
      findings.errors.push(new BuildError('DuplicateRoute', message, { file: page.file }));
      pages.splice(pages.indexOf(page), 1);
    }
    seen.set(key, page.file);
  }
  const [original] = codes;
  const originals = new Set(pages.filter((page) => page.locale === original).map((page) => page.id));
  for (const key of failed) if (key.startsWith(`${original}/`)) originals.add(key.slice(`${original}/`.length));
  const present = new Set([...pages.map((page) => `${page.locale}/${page.id}`), ...failed]);
  for (const page of pages.filter((entry) => entry.locale !== original && !originals.has(entry.id))) {
    const message = `this page has no original in the default language: content/${original}/${page.id || 'index'}.md`;
    findings.errors.push(new BuildError('MissingOriginal', message, { file: page.file }));
  }
  for (const page of pages.filter((entry) => entry.locale === original)) {
    for (const locale of codes.filter((code) => !present.has(`${code}/${page.id}`))) {
      const message = `this page has no ${locale} version; /${locale}/${page.id} shows the ${original} text`;
      findings.warnings.push(new BuildError('MissingTranslation', message, { file: page.file }));
    }
  }
}

/** The languages as pages name them: the settings' list, with each language's own name from its table. */
function languagesOf(settings: Settings, ui: Content['ui']): Language[] {
  return settings.languages.map(({ code, ogLocale }) => ({
    code,
    ogLocale,
    name: ui[code]?.['language.name'] ?? code,
  }));
}
