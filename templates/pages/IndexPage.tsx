import type { PageProps, PageRef, ServiceCard as ServiceEntry, UiKey } from '../../cli/types.ts';
import { PageHeading } from '../components/PageHeading.tsx';
import { ServiceCard } from '../components/ServiceCard.tsx';
import { useLanguage } from '../i18n.tsx';
import { localHref } from '../links.ts';
import { BaseLayout } from '../layout/BaseLayout.tsx';
import { labelOf, languageOf, trailOf } from '../site-pages.ts';

/** Each group's heading and intro: the home page's, so the two pages name the groups alike. */
const GROUP_TEXTS: Record<ServiceEntry['section'], readonly [UiKey, UiKey]> = {
  optical: ['optical.heading', 'optical.intro'],
  audiology: ['audiology.heading', 'audiology.intro'],
};

/**
 * A folder's own page (template `index`, docs/behaviour.md#routes: folders are pages): its
 * text, then every page in the folder, so the list grows with the content and never names a
 * page itself. A page that content/collections/services.yaml lists shows as its card on the home
 * page does, in its group (optical, audiology) in the collection's order; any other page gets a
 * card of its name and description, in the alphabetical order of the page's language.
 */
export function IndexPage(props: PageProps) {
  const { locale } = useLanguage();
  const { route, pages, bodyHtml, collections } = props;
  const trail = trailOf(pages, route);
  const lang = languageOf(route);
  const children = pages.childrenOf(locale, route.id).filter((child) => child.isIndexable);
  const pageOf = (card: ServiceEntry) => children.find((child) => child.url === localHref(locale, card.link));
  const grouped = collections.services.filter((card) => pageOf(card) !== undefined);
  const sections = [...new Set(grouped.map((card) => card.section))];
  const byName = new Intl.Collator(locale);
  const others = children
    .filter((child) => !grouped.some((card) => pageOf(card) === child))
    .sort((a, b) => byName.compare(labelOf(a), labelOf(b)));
  return (
    <BaseLayout {...props} trail={trail}>
      <article className="page page--wide">
        <PageHeading trail={trail} title={route.entry!.title} lang={lang} />
        <div className="prose" lang={lang} dangerouslySetInnerHTML={{ __html: bodyHtml }} />
        {sections.map((section) => (
          <ServiceGroup
            key={section}
            section={section}
            cards={grouped.filter((card) => card.section === section)}
            hrefOf={(card) => pageOf(card)!.url}
          />
        ))}
        {others.length > 0 && <PageCards pages={others} />}
      </article>
    </BaseLayout>
  );
}

/** One group of the services page: the home page's heading, intro and cards for the section. */
function ServiceGroup({
  section,
  cards,
  hrefOf,
}: {
  section: ServiceEntry['section'];
  cards: readonly ServiceEntry[];
  hrefOf: (card: ServiceEntry) => string;
}) {
  const { t } = useLanguage();
  const [heading, intro] = GROUP_TEXTS[section];
  return (
    <section id={section} className="service-group" aria-labelledby={`${section}-heading`}>
      <h2 id={`${section}-heading`} className="page__section-heading">
        {t(heading)}
      </h2>
      <p className="service-group__intro">{t(intro)}</p>
      <ul className="card-grid card-grid--balanced">
        {cards.map((card) => (
          <ServiceCard key={card.id} card={card} href={hrefOf(card)} />
        ))}
      </ul>
    </section>
  );
}

/** A card for each page: its short name linking to it, and its description (a model's summary). */
function PageCards({ pages }: { pages: readonly PageRef[] }) {
  const { pick } = useLanguage();
  const summaryOf = (child: PageRef) => (child.model ? pick(child.model.summary) : child.entry?.description);
  return (
    <ul className="card-grid card-grid--balanced page__list">
      {pages.map((child) => (
        // A page this language lacks shows the default language's name and text: say which.
        <li key={child.id} className="card" lang={languageOf(child)}>
          <h2>
            <a className="card__link" href={child.url}>
              {labelOf(child)}
            </a>
          </h2>
          <p>{summaryOf(child)}</p>
        </li>
      ))}
    </ul>
  );
}
