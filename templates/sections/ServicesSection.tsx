import type { ReactNode } from 'react';
import type { ServiceCard } from '../../cli/types.ts';
import { useLanguage } from '../i18n.tsx';
import { localHref } from '../links.ts';
import { Section } from '../components/Section.tsx';

/** A titled grid of service cards (the home page's optical and audiology sections). */
export function ServicesSection({
  id,
  heading,
  intro,
  cards,
  children,
}: {
  id: 'optical' | 'audiology';
  heading: string;
  intro: string;
  cards: readonly ServiceCard[];
  children?: ReactNode;
}) {
  const { locale, pick } = useLanguage();
  return (
    <Section id={id} heading={heading} intro={intro}>
      <ul className="card-grid card-grid--services">
        {cards.map((card) => (
          <li key={card.id} className="card service-card" data-reveal="">
            <img
              className="service-card__icon"
              src={`/images/icons/${card.icon}.svg`}
              alt=""
              width={48}
              height={48}
              loading="lazy"
              decoding="async"
            />
            <h3>
              <a className="card__link" href={localHref(locale, card.link)}>
                {pick(card.title)}
              </a>
            </h3>
            <p>{pick(card.description)}</p>
          </li>
        ))}
      </ul>
      {children && <div className="section__actions">{children}</div>}
    </Section>
  );
}
