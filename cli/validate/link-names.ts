import { BuildError } from '../errors.ts';
import { MODELS_PATH } from '../lib/url.ts';
import { positionAt } from '../lib/text-position.ts';
import type { Collections, Locale, PageEntry } from '../types.ts';
import type { PageLink } from './parse-file.ts';
import type { VisibleText } from './visible-texts.ts';
import { comparable } from './word-rules.ts';

/** A link of markdown to a page of the site: `[text](/path)`, not an image. */
const MARKDOWN_LINK = /(?<!!)\[([^\]\n]+)\]\((\/[^)\s]*)\)/g;
/** Emphasis marks inside a link's text, which a visitor does not read. */
const EMPHASIS = /[*_`]/g;
const SERVICES = 'content/collections/services.yaml';
const PRODUCTS = 'content/collections/products.yaml';

/** A link written in content: its text, where it leads, the language it is read in, and where to report it. */
interface WrittenLink {
  readonly text: string;
  readonly url: string;
  readonly locale: Locale;
  readonly field: string;
  readonly where: () => { readonly file: string; readonly line?: number; readonly col?: number };
}

/** The names of a page, as written and as texts compare them. */
interface Names {
  readonly written: readonly string[];
  readonly compared: readonly string[];
  /** Where the names are written: a page's label (or title) line, the models' file. */
  readonly where: string;
}

/**
 * A link names the page it leads to (content/README.md, "Words"): its text holds the page's
 * label or its title, or a model's name (with or without the maker and the version), in any
 * letter case, so one thing has one name from the link to the page. Checked in every page's
 * and model's text, on the services' cards and on the product teasers; the templates' own
 * links (menus, footer, breadcrumbs) are made from the labels.
 */
export function checkLinkNames(
  pages: readonly PageEntry[],
  pageLinks: ReadonlyMap<PageEntry, readonly PageLink[]>,
  texts: readonly VisibleText[],
  collections: Collections,
  sourceTexts: ReadonlyMap<string, string>,
  languages: readonly Locale[],
  errors: BuildError[],
): void {
  const namesOf = pageNames(pages, collections, languages, sourceTexts);
  const check = (link: WrittenLink) => {
    const names = namesOf(link.locale, link.url);
    if (!names) return;
    const said = comparable(link.text.replace(EMPHASIS, '')).replace(/\s+/g, ' ');
    if (names.compared.some((name) => said.includes(name))) return;
    const called = names.written
      .slice(0, 2)
      .map((name) => `"${name}"`)
      .join(' or ');
    const message = `${link.field}: the link "${link.text}" leads to ${link.url}, which ${names.where} names ${called}: a link's text names the page it leads to`;
    errors.push(new BuildError('MisnamedLink', message, link.where()));
  };
  for (const [page, links] of pageLinks)
    for (const link of links)
      check({
        text: link.text,
        url: link.url,
        locale: page.locale,
        field: 'body',
        where: () => ({ file: page.file, ...positionAt(sourceTexts.get(page.file) ?? '', link.at) }),
      });
  for (const text of texts)
    if (/: body\.[a-z]{2}$/.test(text.field) && text.text.includes('](/'))
      for (const [whole, label = '', url = ''] of text.text.matchAll(MARKDOWN_LINK))
        check({
          text: label,
          url,
          locale: text.locale,
          field: text.field,
          where: () => ({ file: text.file, ...text.place(whole) }),
        });
  const cards = [
    ...collections.services.map((entry) => ({ file: SERVICES, field: 'title', names: entry.title, entry })),
    ...collections.products.map((entry) => ({ file: PRODUCTS, field: 'name', names: entry.name, entry })),
  ];
  for (const { file, field, names, entry } of cards)
    for (const [locale, name] of Object.entries(names)) {
      const path = `${entry.id}: ${field}.${locale}`;
      check({
        text: name,
        url: entry.link,
        locale,
        field: path,
        where: () => ({ file, ...texts.find((each) => each.file === file && each.field === path)?.place(name) }),
      });
    }
}

/** The names of each page by language and path (`/services/orto-k`, `/ca/services/orto-k/#faq`): label, title, a model's name. */
function pageNames(
  pages: readonly PageEntry[],
  collections: Collections,
  languages: readonly Locale[],
  sourceTexts: ReadonlyMap<string, string>,
): (locale: Locale, url: string) => Names | undefined {
  const byKey = new Map(pages.map((page) => [`${page.locale}/${page.id}`, page]));
  const models = new Map(
    collections.models.map((model) => [
      `${MODELS_PATH}/${model.id}`,
      namesFrom(modelNames(model.name), 'content/collections/oticon-models.yaml'),
    ]),
  );
  // The line a maintainer would change: the page's label, or its title when it has none.
  const whereOf = (page: PageEntry) => {
    const text = sourceTexts.get(page.file) ?? '';
    const field = /^label[ \t]*:/m.exec(text) ?? /^title[ \t]*:/m.exec(text);
    return field ? `${page.file}:${positionAt(text, field.index).line}` : page.file;
  };
  const known = new Map<string, Names | undefined>();
  return (locale, url) => {
    const key = `${locale} ${url}`;
    if (known.has(key)) return known.get(key);
    const segments = url.split(/[?#]/)[0]!.split('/').filter(Boolean);
    if (languages.includes(segments[0] ?? '')) segments.shift();
    const id = segments.join('/');
    // A page missing in the language (not translated, or with problems of its own) is not judged here.
    const page = byKey.get(`${locale}/${id}`);
    const names = models.get(id) ?? (page && namesFrom([page.label, page.title], whereOf(page)));
    known.set(key, names);
    return names;
  };
}

function namesFrom(names: readonly (string | undefined)[], where: string): Names {
  const written = [...new Set(names.filter((name): name is string => !!name))];
  return { written, compared: written.map(comparable), where };
}

/** A model's names: "Oticon TV Adapter 3.0", "TV Adapter 3.0", "TV Adapter". */
function modelNames(name: string): string[] {
  const withoutMaker = name.replace(/^\S+\s+/, '');
  const withoutVersion = withoutMaker.replace(/\s+\d+(?:\.\d+)*$/, '');
  return [name, withoutMaker, withoutVersion];
}
