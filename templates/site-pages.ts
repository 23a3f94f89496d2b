import type { Locale, Route } from '../cli/types.ts';

/** The route of a page id in a language; throws when the page does not exist, failing the build. */
export function findRoute(routes: readonly Route[], locale: Locale, id: string): Route {
  const route = routes.find((candidate) => candidate.locale === locale && candidate.id === id);
  if (!route) throw new Error(`no page "${id}" in ${locale}; the template links to a page that content/ does not have`);
  return route;
}

/** The short name of a page for menus and breadcrumbs. */
export function labelOf(route: Route): string {
  return route.model?.name ?? route.entry?.label ?? route.entry?.title ?? route.id;
}

/** The pages from home to `route`, through the pages `parentIds` name, for breadcrumbs. */
export function trailOf(routes: readonly Route[], route: Route, parentIds: readonly string[] = []): { label: string; url: string }[] {
  const pages = [findRoute(routes, route.locale, ''), ...parentIds.map((id) => findRoute(routes, route.locale, id)), route];
  return pages.map((page) => ({ label: labelOf(page), url: page.url }));
}
