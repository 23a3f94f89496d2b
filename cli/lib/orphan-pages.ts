import { BuildError } from '../errors.ts';
import type { Output } from '../types.ts';

/**
 * Pages that no other page links to: a visitor can reach them only by typing the address or
 * from a search engine. A page's own translations do not count (the language switcher links
 * every page to its siblings), nor do redirect stubs, the sitemap or a page's head (canonical
 * and hreflang links are not links a reader follows; they are in `<link>`, which the summary's
 * links include, so the same page's ids are left out). Home pages and 404 pages are entry
 * points. One warning per page, naming its source file and the addresses nothing links to.
 */
export function findOrphanPages(outputs: readonly Output[]): BuildError[] {
  const pages = outputs.filter((output) => output.route && output.summary && !output.summary.isRedirect);
  const idOf = new Map(pages.map((page) => [page.route!.url, page.route!.id]));
  const targets = new Set<string>();
  for (const page of pages) {
    const from = page.route!.id;
    for (const link of page.summary!.links) {
      const url = pageUrlOf(link);
      if (url && !targets.has(url) && idOf.get(url) !== from) targets.add(url);
    }
  }
  const problems = new Map<string, BuildError>();
  for (const { route } of pages) {
    if (!route || route.id === '' || !route.isIndexable || targets.has(route.url) || problems.has(route.id)) continue;
    // Named once, by the default language's file, with its addresses in the site's language order.
    const urls = Object.values(route.alternates).filter((url) => idOf.has(url) && !targets.has(url));
    const file = route.entry?.file;
    problems.set(
      route.id,
      new BuildError('OrphanPage', `no other page links to ${urls.join(', ')}`, file ? { file } : {}),
    );
  }
  return [...problems.values()];
}

/** The page address a link leads to (`/ca/about/` from `/ca/about/#team`), or undefined for another site or a file. */
function pageUrlOf(link: string): string | undefined {
  if (!link.startsWith('/') || link.startsWith('//')) return undefined;
  const end = link.search(/[?#]/);
  const path = end === -1 ? link : link.slice(0, end);
  return path.endsWith('/') ? path : /\.[a-z0-9]+$/i.test(path) ? undefined : `${path}/`;
}
