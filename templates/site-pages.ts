import type { PageRef, Route, SitePages } from '../cli/types.ts';

/** The short name of a page for menus and breadcrumbs. */
export function labelOf(route: PageRef): string {
  return route.model?.name ?? route.entry?.label ?? route.entry?.title ?? route.id;
}

/** The pages from home to `route`, through the pages `parentIds` name, for breadcrumbs. */
export function trailOf(
  pages: SitePages,
  route: Route,
  parentIds: readonly string[] = [],
): { label: string; url: string }[] {
  const trail = [pages.find(route.locale, ''), ...parentIds.map((id) => pages.find(route.locale, id)), route];
  return trail.map((page) => ({ label: labelOf(page), url: page.url }));
}
