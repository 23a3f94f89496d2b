import type { PageRef, Route, SitePages } from '../cli/types.ts';

/** The short name of a page for menus and breadcrumbs. */
export function labelOf(route: PageRef): string {
  return route.model?.name ?? route.entry?.label ?? route.entry?.title ?? route.id;
}

/**
 * The pages from home to `route`, for breadcrumbs: home, then each folder above the page that
 * is a page itself (docs/behaviour.md#routes: folders are pages), then the page. A folder
 * without its own page is left out, since its address is a 404 page.
 */
export function trailOf(pages: SitePages, route: Route): { label: string; url: string }[] {
  const segments = route.id.split('/').slice(0, -1);
  const folders = segments.map((_, index) => pages.get(route.locale, segments.slice(0, index + 1).join('/')));
  const trail = [pages.find(route.locale, ''), ...folders.filter((page) => page !== undefined), route];
  return trail.map((page) => ({ label: labelOf(page), url: page.url }));
}
