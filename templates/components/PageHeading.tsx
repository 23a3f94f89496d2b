import type { Route } from '../../cli/types.ts';
import { useLanguage } from '../i18n.tsx';
import { findRoute, labelOf } from '../site-pages.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';

/** An inner page's top: the trail from home through `parents` to the page, then its H1. */
export function PageHeading({ route, routes, title, parents = [] }: { route: Route; routes: readonly Route[]; title: string; parents?: readonly string[] }) {
  const { locale } = useLanguage();
  const trail = [findRoute(routes, locale, ''), ...parents.map((id) => findRoute(routes, locale, id)), route];
  return (
    <>
      <Breadcrumbs trail={trail.map((item) => ({ label: labelOf(item), href: item.url }))} />
      <h1>{title}</h1>
    </>
  );
}
