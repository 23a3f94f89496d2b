import type { PageProps } from '../../cli/types.ts';
import { useLanguage } from '../i18n.tsx';
import { localHref } from '../links.ts';
import { BaseLayout } from '../layout/BaseLayout.tsx';

/** The 404 page (docs/behaviour.md#404-pages): a big 404, the title, the message and a way home. */
export function NotFoundPage(props: PageProps) {
  const { locale, t } = useLanguage();
  return (
    <BaseLayout {...props}>
      <article className="page not-found">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1>{props.route.entry!.title}</h1>
        <div className="prose" dangerouslySetInnerHTML={{ __html: props.bodyHtml }} />
        <p>
          <a className="button button--primary" href={localHref(locale, '/')}>
            {t('notFound.button')}
          </a>
        </p>
      </article>
    </BaseLayout>
  );
}
