import { BuildError } from '../errors.ts';
import { nearestNames } from '../lib/nearest-names.ts';
import { withTrailingSlash } from '../lib/url.ts';
import { parseYaml } from '../lib/yaml-lines.ts';
import type { Collections, Locale, PageEntry, RedirectRule, SourceFile } from '../types.ts';

/** The collections whose entries link to a page of the site, and what each entry is called in a message. */
const LINKING_COLLECTIONS = [
  { file: 'collections/services.yaml', collection: 'services', noun: 'service' },
  { file: 'collections/products.yaml', collection: 'products', noun: 'product' },
] as const;

/** What the check needs besides the collections: the pages, and the old addresses content/redirects.yaml moves. */
export interface SiteAddresses {
  readonly pages: readonly PageEntry[];
  /** Pages whose own file has problems, as `locale/id`: they exist, and their problems are reported already. */
  readonly failed: ReadonlySet<string>;
  readonly codes: readonly Locale[];
  readonly moved: readonly RedirectRule[];
}

/**
 * Every `link` of services.yaml and products.yaml leads to a page of the site. A page renamed
 * while a collection still names it is refused here, once, at the entry's line; else every
 * page's footer, the home page and the services page would each fail on it in every language.
 * The hint offers the nearest existing pages and the `moved:` lines that keep the old
 * addresses working (docs/behaviour.md#redirects).
 */
export function checkCollectionLinks(
  collections: Collections,
  byPath: ReadonlyMap<string, SourceFile>,
  site: SiteAddresses,
  errors: BuildError[],
): void {
  const [original = ''] = site.codes;
  const ids = pageIdsOf(site, collections, original);
  const named = new Set(
    LINKING_COLLECTIONS.flatMap(({ collection }) => collections[collection].map((entry) => entry.link.slice(1))),
  );
  const missing: { id: string; message: string; file: string; line: number; col: number }[] = [];
  for (const { file, collection, noun } of LINKING_COLLECTIONS) {
    const source = byPath.get(file);
    if (!source) continue;
    let positions: ReturnType<typeof parseYaml> | undefined;
    collections[collection].forEach((entry, index) => {
      const id = entry.link.slice(1);
      if (ids.has(id)) return;
      positions ??= parseYaml(source.text, source.file);
      const message = `the ${noun} "${entry.id}" links to ${entry.link}, which is no page: content/${original}/${id || 'index'}.md does not exist`;
      missing.push({ id, message, file: source.file, ...positions.positionOf([index, 'link']) });
    });
  }
  // One rename's redirect lines are given once, under the first of its entries printed (by file, then line).
  const first = new Map<string, string>();
  const order = (a: (typeof missing)[number], b: (typeof missing)[number]) =>
    a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line;
  for (const { id, message, ...where } of missing.sort(order)) {
    const hint = renameHint(id, { ids, named }, site, first.get(id));
    if (!first.has(id)) first.set(id, `${where.file}:${where.line}`);
    errors.push(new BuildError('BrokenLink', message, { ...where, hint }));
  }
}

/**
 * The ids of the default language's pages (every language has them, its own or as a fallback),
 * with the pages a model-list page makes of the models collection.
 */
function pageIdsOf(site: SiteAddresses, collections: Collections, original: Locale): Set<string> {
  const ids = new Set<string>();
  for (const page of site.pages.filter((entry) => entry.locale === original)) {
    ids.add(page.id);
    if (page.template === 'model-list') for (const model of collections.models) ids.add(`${page.id}/${model.id}`);
  }
  for (const key of site.failed) if (key.startsWith(`${original}/`)) ids.add(key.slice(original.length + 1));
  return ids;
}

/**
 * What to write instead: the page content/redirects.yaml already moves the old address to, or
 * the nearest pages. When the nearest is a page no entry names yet, as a renamed page is, the
 * hint adds the redirect lines the rename needs (or where they were given, `given`).
 */
function renameHint(
  id: string,
  { ids, named }: { ids: ReadonlySet<string>; named: ReadonlySet<string> },
  site: SiteAddresses,
  given?: string,
): string {
  const [original = ''] = site.codes;
  const movedTo = new Map(site.moved.map((rule) => [withoutSlash(rule.from), withTrailingSlash(rule.to)]));
  const already = movedTo.get(`/${original}/${id}`);
  const movedId = already?.slice(original.length + 2, -1);
  if (movedId !== undefined && ids.has(movedId)) {
    return `content/redirects.yaml moves /${original}/${id} to ${already}: write its address here, /${movedId}.`;
  }
  const nearest = nearestNames(id, ids);
  if (nearest.length === 0) {
    return 'Write the path of an existing page without the language prefix, such as /services/orto-k, or add the page.';
  }
  const choices = nearest.map((candidate) => `/${candidate}`).join(' or ');
  const [target] = nearest;
  const lines = site.codes
    .filter((code) => !named.has(target!) && !movedTo.has(`/${code}/${id}`))
    .map((code) => `    - { from: /${code}/${id}, to: /${code}/${target}/ }`);
  const redirect =
    lines.length === 0
      ? ''
      : given !== undefined
        ? ` If the page was renamed, the hint at ${given} gives the lines of content/redirects.yaml that keep its old addresses working.`
        : ` If the page was renamed to /${target}, keep its old addresses working with these lines under moved: in content/redirects.yaml:\n${lines.join('\n')}`;
  return `Did you mean ${choices}?${redirect}`;
}

function withoutSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}
