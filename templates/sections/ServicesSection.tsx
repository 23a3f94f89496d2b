import type { ReactNode } from 'react';
import type { ServiceCard as ServiceEntry } from '../../cli/types.ts';
import { ServiceCard } from '../components/ServiceCard.tsx';
import { useLanguage } from '../i18n.tsx';
import { localHref } from '../links.ts';

/**
 * How many services a column of the home page's services band shows with their sentence: its
 * first ones in content/collections/services.yaml; the rest follow as links by name, so the
 * column stays short on a phone and every service is still a click away.
 */
const FEATURED = 3;

/**
 * One column of the home page's services band (docs/behaviour.md#home-page): the optical or the
 * audiology services, under a heading that the top bar's links lead to. The group's introduction
 * is the services page's; here the services speak for themselves.
 */
export function ServicesSection({
  id,
  heading,
  cards,
  children,
}: {
  id: 'optical' | 'audiology';
  heading: string;
  cards: readonly ServiceEntry[];
  children?: ReactNode;
}) {
  const { locale, pick, t } = useLanguage();
  const others = cards.slice(FEATURED);
  return (
    <section id={id} className="services-column" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      <ul className="service-list">
        {cards.slice(0, FEATURED).map((card) => (
          <ServiceCard key={card.id} card={card} href={localHref(locale, card.link)} />
        ))}
      </ul>
      {others.length > 0 && (
        <div className="services-column__more">
          <h3>{t('services.more')}</h3>
          <ul className="service-links">
            {others.map((card) => (
              <li key={card.id}>
                <a href={localHref(locale, card.link)}>{pick(card.title)}</a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {children && <div className="services-column__actions">{children}</div>}
    </section>
  );
}
