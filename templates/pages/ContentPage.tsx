import type { PageProps } from '../../cli/types.ts';
import { PageHeading } from '../components/PageHeading.tsx';
import { formatDate } from '../format.ts';
import { useLanguage } from '../i18n.tsx';
import { BaseLayout } from '../layout/BaseLayout.tsx';

/** A page of text: About and the legal pages (templates `page` and `legal`). */
export function ContentPage(props: PageProps) {
  const { locale, t } = useLanguage();
  const { route, routes, bodyHtml } = props;
  const entry = route.entry!;
  return (
    <BaseLayout {...props}>
      <article className="page">
        <PageHeading route={route} routes={routes} title={entry.title} />
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
