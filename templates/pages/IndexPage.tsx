import type { PageProps, PageRef } from '../../cli/types.ts';
import { PageHeading } from '../components/PageHeading.tsx';
import { useLanguage } from '../i18n.tsx';
import { BaseLayout } from '../layout/BaseLayout.tsx';
import { labelOf, trailOf } from '../site-pages.ts';

/**
 * A folder's own page (template `index`, docs/behaviour.md#routes: folders are pages): its
 * text, then a card for each page in the folder, so the list grows with the content and never
 * names a page itself. Cards go by their names in the page's language, as a reader scans them.
 */
export function IndexPage(props: PageProps) {
  const { locale, pick } = useLanguage();
  const { route, pages, bodyHtml } = props;
  const trail = trailOf(pages, route);
  const byName = new Intl.Collator(locale);
  const children = pages
    .childrenOf(locale, route.id)
    .filter((child) => child.isIndexable)
    .sort((a, b) => byName.compare(labelOf(a), labelOf(b)));
  const summaryOf = (child: PageRef) => (child.model ? pick(child.model.summary) : child.entry?.description);
  return (
    <BaseLayout {...props} trail={trail}>
      <article className="page page--wide">
        <PageHeading trail={trail} title={route.entry!.title} />
        <div className="prose" dangerouslySetInnerHTML={{ __html: bodyHtml }} />
        {children.length > 0 && (
          <ul className="card-grid page__list">
            {children.map((child) => (
              // A page this language lacks shows the default language's name and text: say which.
              <li key={child.id} className="card" lang={child.isFallback ? child.entry?.locale : undefined}>
                <h2>
                  <a className="card__link" href={child.url}>
                    {labelOf(child)}
                  </a>
                </h2>
                <p>{summaryOf(child)}</p>
              </li>
            ))}
          </ul>
        )}
      </article>
    </BaseLayout>
  );
}
