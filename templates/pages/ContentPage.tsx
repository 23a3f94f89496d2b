import type { ReactNode } from 'react';
import type { PageProps } from '../../cli/types.ts';
import { PageHeading } from '../components/PageHeading.tsx';
import { Photo } from '../components/Photo.tsx';
import { formatDate } from '../format.ts';
import { useLanguage } from '../i18n.tsx';
import { BaseLayout } from '../layout/BaseLayout.tsx';
import { languageOf, trailOf } from '../site-pages.ts';

/**
 * A page of text (templates `page` and `legal`, and the base of service pages): breadcrumbs,
 * title, the date of a legal text, the page's own photo if it has one, `lead` (a service page's
 * key facts), the body, then `children`. The photo sits right under the title, on the first
 * screen at every width: it loads first, never lazily, and without one nothing is left in its place.
 * The entry's texts carry their language where it is not the page's (a page its language lacks).
 */
export function ContentPage(props: PageProps & { lead?: ReactNode; children?: ReactNode }) {
  const { region, t } = useLanguage();
  const { route, pages, bodyHtml } = props;
  const entry = route.entry!;
  const trail = trailOf(pages, route);
  const lang = languageOf(route);
  return (
    <BaseLayout {...props} trail={trail}>
      <article className={`page page--${route.template}`}>
        <PageHeading trail={trail} title={entry.title} lang={lang} />
        {route.template === 'legal' && entry.updated && (
          <p className="page__updated">{t('page.updated', { date: formatDate(region, entry.updated) })}</p>
        )}
        {entry.image && (
          <Photo
            {...entry.image}
            className="page__image"
            images={props.images}
            sizes="(min-width: 48rem) 44rem, 100vw"
            priority
            lang={lang}
          />
        )}
        {props.lead}
        <div className="prose" lang={lang} dangerouslySetInnerHTML={{ __html: bodyHtml }} />
        {props.children}
      </article>
    </BaseLayout>
  );
}
