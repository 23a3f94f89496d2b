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
 * title, the date of a legal text, the page's picture, `lead` (a service page's key facts), the
 * body, then `children`. The picture sits right under the title, on the first screen at every
 * width: it loads first, never lazily. It is the page's own photo, or, on the page a product card
 * leads to, the card's drawing of that kind of product (decorative) until the page has one;
 * without either nothing is left in its place. On wide screens the lead is a column of its own
 * beside the text, and stays in view while the text scrolls (docs/behaviour.md#page-frame).
 * The entry's texts carry their language where it is not the page's (a page its language lacks).
 */
export function ContentPage(props: PageProps & { lead?: ReactNode; children?: ReactNode }) {
  const { region, t } = useLanguage();
  const { route, pages, bodyHtml } = props;
  const entry = route.entry!;
  const trail = trailOf(pages, route);
  const lang = languageOf(route);
  const drawing = props.collections.products.find((product) => product.link === `/${route.id}`)?.image;
  const picture = entry.image ?? (drawing && { src: drawing, alt: '', width: 400, height: 300 });
  return (
    <BaseLayout {...props} trail={trail}>
      <article className={`page page--${route.template}${props.lead ? ' page--aside' : ''}`}>
        <PageHeading trail={trail} title={entry.title} lang={lang} />
        {route.template === 'legal' && entry.updated && (
          <p className="page__updated">{t('page.updated', { date: formatDate(region, entry.updated) })}</p>
        )}
        {picture && (
          <Photo
            {...picture}
            className="page__image"
            images={props.images}
            sizes="(min-width: 48rem) 44rem, 100vw"
            priority
            lang={entry.image ? lang : undefined}
          />
        )}
        {props.lead && <div className="page__aside">{props.lead}</div>}
        <div className="prose" lang={lang} dangerouslySetInnerHTML={{ __html: bodyHtml }} />
        {props.children}
      </article>
    </BaseLayout>
  );
}
