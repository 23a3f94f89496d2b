import type { ReactNode } from 'react';
import type { ServiceCard as ServiceEntry } from '../../cli/types.ts';
import { ServiceCard } from '../components/ServiceCard.tsx';
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
  cards: readonly ServiceEntry[];
  children?: ReactNode;
}) {
  const { locale } = useLanguage();
  return (
    <Section id={id} heading={heading} intro={intro}>
      <ul className="card-grid card-grid--balanced">
        {cards.map((card) => (
          <ServiceCard key={card.id} card={card} href={localHref(locale, card.link)} />
        ))}
      </ul>
      {children && <div className="section__actions">{children}</div>}
    </Section>
  );
}
