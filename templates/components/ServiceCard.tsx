import type { ServiceCard as ServiceEntry } from '../../cli/types.ts';
import { useLanguage } from '../i18n.tsx';

/**
 * One service's card, as the home page and the services page show it under a group's h2: its
 * icon, its name linking to its page, and its sentence from content/collections/services.yaml.
 */
export function ServiceCard({ card, href }: { card: ServiceEntry; href: string }) {
  const { pick } = useLanguage();
  return (
    <li className="card service-card" data-reveal="">
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
        <a className="card__link" href={href}>
          {pick(card.title)}
        </a>
      </h3>
      <p>{pick(card.description)}</p>
    </li>
  );
}
