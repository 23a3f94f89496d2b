import type { PageProps } from '../../cli/types.ts';
import { useLanguage } from '../i18n.tsx';
import { localHref } from '../links.ts';
import { BaseLayout } from '../layout/BaseLayout.tsx';
import { labelOf, languageOf } from '../site-pages.ts';

/**
 * The 404 page (docs/behaviour.md#404-pages): a big 404, the title, the message, then the ways
 * on: the home page first, the pages its front matter suggests (each by its short name), and the
 * home page's contact section, as the top bar offers it.
 */
export function NotFoundPage(props: PageProps) {
  const { locale, t } = useLanguage();
  const entry = props.route.entry!;
  const lang = languageOf(props.route);
  const suggested = (entry.suggestions ?? []).map((path) => props.pages.find(locale, path.slice(1)));
  return (
    <BaseLayout {...props}>
      <article className="page not-found">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1 lang={lang}>{entry.title}</h1>
        <div className="prose" lang={lang} dangerouslySetInnerHTML={{ __html: props.bodyHtml }} />
        <ul className="not-found__links">
          <li>
            <a className="button button--primary" href={localHref(locale, '/')}>
              {t('notFound.button')}
            </a>
          </li>
          {suggested.map((page) => (
            <li key={page.id}>
              <a className="button button--secondary" href={page.url} lang={languageOf(page)}>
                {labelOf(page)}
              </a>
            </li>
          ))}
          <li>
            <a className="button button--secondary" href={localHref(locale, '/#contact')}>
              {t('nav.contact')}
            </a>
          </li>
        </ul>
      </article>
    </BaseLayout>
  );
}
