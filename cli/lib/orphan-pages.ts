import { BuildError } from '../errors.ts';
import type { Output, Route } from '../types.ts';

/** The hint of pages that link to each other while no path of links leads to them from the home page. */
const UNREACHED_HINT =
  'Link to one of them from a page the home page leads to (a page of the menu or the footer, a service), list it in a collection, or remove them.';

/**
 * Pages a visitor cannot reach by following links from the home page of their language: they
 * can be found only by typing the address or from a search engine. The links are every page's
 * own (its text, the menu, the footer, the cards a collection makes), followed from each
 * language's home page; a page's own translations do not count (the language switcher links
 * every page to its siblings), nor do redirect stubs, the sitemap or a page's head (canonical
 * and hreflang links are not links a reader follows; they are in `<link>`, which the summary's
 * links include, so the same page's ids are left out). Home pages and 404 pages are entry
 * points. One warning per page, naming its source file and the addresses not reached: "no
 * other page links to" them, or, when pages link to them that the home page does not reach
 * either (pages that only link to each other), which pages those are.
 */
export function findOrphanPages(outputs: readonly Output[]): BuildError[] {
  const pages = outputs.filter((output) => output.route && output.summary && !output.summary.isRedirect);
  const routeOf = new Map(pages.map((page) => [page.route!.url, page.route!]));
  const linksOf = new Map<string, string[]>();
  const linkedFrom = new Map<string, string[]>();
  // The menu's and the footer's links are on every page: each is resolved once.
  const targetOf = new Map<string, Route | undefined>();
  for (const page of pages) {
    const from = page.route!;
    const targets = new Set<string>();
    for (const link of page.summary!.links) {
      let target = targetOf.get(link);
      if (target === undefined && !targetOf.has(link)) {
        const url = pageUrlOf(link);
        target = url === undefined ? undefined : routeOf.get(url);
        targetOf.set(link, target);
      }
      if (target && target.id !== from.id) targets.add(target.url);
    }
    linksOf.set(from.url, [...targets]);
    for (const url of targets) {
      const sources = linkedFrom.get(url);
      if (sources) sources.push(from.url);
      else linkedFrom.set(url, [from.url]);
    }
  }
  const reached = reachedFrom(
    pages.filter((page) => page.route!.id === '').map((page) => page.route!.url),
    linksOf,
  );
  const problems = new Map<string, BuildError>();
  for (const { route } of pages) {
    if (!route || route.id === '' || !route.isIndexable || reached.has(route.url) || problems.has(route.id)) continue;
    // Named once, by the default language's file, with its addresses in the site's language order.
    const urls = Object.values(route.alternates).filter((url) => routeOf.has(url) && !reached.has(url));
    problems.set(route.id, orphanProblem(route, urls, linkedFrom));
  }
  return [...problems.values()];
}

/** Every page address reached from `starts` by following `linksOf`, the starts included. */
function reachedFrom(starts: readonly string[], linksOf: ReadonlyMap<string, readonly string[]>): Set<string> {
  const reached = new Set(starts);
  const queue = [...starts];
  for (let url = queue.pop(); url !== undefined; url = queue.pop()) {
    for (const target of linksOf.get(url) ?? []) {
      if (reached.has(target)) continue;
      reached.add(target);
      queue.push(target);
    }
  }
  return reached;
}

/** The warning for one page: nothing links to its addresses, or only pages the home page does not reach either. */
function orphanProblem(route: Route, urls: readonly string[], linkedFrom: ReadonlyMap<string, string[]>): BuildError {
  const where = route.entry?.file ? { file: route.entry.file } : {};
  const linking = [...new Set(urls.flatMap((url) => linkedFrom.get(url) ?? []))];
  if (linking.length === 0) return new BuildError('OrphanPage', `no other page links to ${urls.join(', ')}`, where);
  const message = `no path of links from the home page reaches ${urls.join(', ')}: only ${linking.join(', ')} link${linking.length === 1 ? 's' : ''} to ${urls.length === 1 ? 'it' : 'them'}, and the home page does not reach ${linking.length === 1 ? 'that page' : 'those pages'} either`;
  return new BuildError('OrphanPage', message, { ...where, hint: UNREACHED_HINT });
}

/** The page address a link leads to (`/ca/about/` from `/ca/about/#team`), or undefined for another site or a file. */
function pageUrlOf(link: string): string | undefined {
  if (!link.startsWith('/') || link.startsWith('//')) return undefined;
  const end = link.search(/[?#]/);
  const path = end === -1 ? link : link.slice(0, end);
  return path.endsWith('/') ? path : /\.[a-z0-9]+$/i.test(path) ? undefined : `${path}/`;
}
