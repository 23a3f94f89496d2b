import type { Settings } from '../../cli/types.ts';
import { useLanguage } from '../i18n.tsx';

/**
 * Under the hero, four facts that tell a first-time visitor who they are dealing with
 * (docs/behaviour.md#home-page): years in the neighbourhood (counted to the build's year),
 * the qualified professionals (those the legal notice lists), brands carried and the review
 * score, all from the settings.
 */
export function TrustStrip({ settings, buildYear }: { settings: Settings; buildYear: number }) {
  const { locale, t } = useLanguage();
  const number = (value: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);
  const { trust, reviews, health } = settings;
  const facts = [
    [number(buildYear - trust.openedIn), t('trust.years')],
    [number(health.professionals.length), t('trust.professionals')],
    [t('trust.atLeast', { count: number(trust.brands) }), t('trust.brands')],
    [
      <>
        {number(reviews.rating.score)} <span aria-hidden="true">★</span>
      </>,
      t('trust.rating', { count: number(reviews.rating.count), source: reviews.source }),
    ],
  ] as const;
  return (
    <section className="trust" aria-label={t('trust.label')}>
      <ul className="trust__list">
        {facts.map(([value, caption]) => (
          <li key={caption} className="trust__item">
            <strong className="trust__value">{value}</strong>
            <span className="trust__caption">{caption}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
