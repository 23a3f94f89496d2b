import type { Locale, PageRef, Route, SitePages } from '../cli/types.ts';

/** The short name of a page for menus and breadcrumbs. */
export function labelOf(route: PageRef): string {
  return route.model?.name ?? route.entry?.label ?? route.entry?.title ?? route.id;
}

/**
 * The language a page's own texts (title, label, description, body) are written in when it is
 * not the language of its address: the default language's, for a page that language lacks
 * (docs/behaviour.md#routes). Undefined when they are in the page's language. Wherever such a
 * text shows, on the page or in a menu, list or trail of another, it carries this as `lang`, so
 * screen readers and the spelling gate read it in its own language.
 */
export function languageOf(page: PageRef): Locale | undefined {
  return page.isFallback ? page.entry?.locale : undefined;
}

/** One step of a breadcrumb trail: a page's short name, its address and the name's language when not the page's. */
export interface TrailItem {
  readonly label: string;
  readonly url: string;
  readonly lang?: Locale;
}

/**
 * The pages from home to `route`, for breadcrumbs: home, then each folder above the page that
 * is a page itself (docs/behaviour.md#routes: folders are pages), then the page. A folder
 * without its own page is left out, since its address is a 404 page.
 */
export function trailOf(pages: SitePages, route: Route): TrailItem[] {
  const segments = route.id.split('/').slice(0, -1);
  const folders = segments.map((_, index) => pages.get(route.locale, segments.slice(0, index + 1).join('/')));
  const trail = [pages.find(route.locale, ''), ...folders.filter((page) => page !== undefined), route];
  return trail.map((page) => ({ label: labelOf(page), url: page.url, lang: languageOf(page) }));
}
