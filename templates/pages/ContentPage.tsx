import type { PageProps } from '../../cli/types.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { formatDate } from '../format.ts';
import { useLanguage } from '../i18n.tsx';
import { BaseLayout } from '../layout/BaseLayout.tsx';
import { findRoute, labelOf } from '../site-pages.ts';

/** A page of text: About and the legal pages (templates `page` and `legal`). */
export function ContentPage(props: PageProps) {
  const { locale, t } = useLanguage();
  const { route, routes, bodyHtml } = props;
  const entry = route.entry!;
  const home = findRoute(routes, locale, '');
  return (
    <BaseLayout {...props}>
      <article className="page">
        <Breadcrumbs trail={[{ label: labelOf(home), href: home.url }, { label: labelOf(route), href: route.url }]} />
        <h1>{entry.title}</h1>
        {entry.updated && (
          <p className="page__updated">
            {t('page.updated', { date: formatDate(locale, entry.updated) })}
          </p>
        )}
        <div className="prose" dangerouslySetInnerHTML={{ __html: bodyHtml }} />
      </article>
    </BaseLayout>
  );
}
