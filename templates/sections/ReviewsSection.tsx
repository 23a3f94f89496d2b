import type { Review, Settings } from '../../cli/types.ts';
import { formatDate } from '../format.ts';
import { useLanguage } from '../i18n.tsx';
import { Section } from '../components/Section.tsx';

/**
 * Customers' reviews (docs/behaviour.md#brands-reviews-and-location): stars as an accessible
 * rating, date, source; then the score of every review on the review page, beside the link to
 * it, so the few shown here read as a sample of all of them.
 */
export function ReviewsSection({ reviews, source }: { reviews: readonly Review[]; source: Settings['reviews'] }) {
  const { locale, region, t } = useLanguage();
  const number = (value: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);
  return (
    <Section id="reviews" heading={t('reviews.heading')} intro={t('reviews.intro')}>
      <ul className="card-grid card-grid--balanced">
        {reviews.map((review) => (
          <li key={review.id} className="card review" data-reveal="">
            <p className="review__stars" role="img" aria-label={t('reviews.rating', { rating: review.rating })}>
              {'★'.repeat(review.rating)}
              {'☆'.repeat(5 - review.rating)}
            </p>
            <blockquote className="review__text" lang={review.lang}>
              <p>{review.text}</p>
            </blockquote>
            <p className="review__meta">
              <span className="review__name">{review.name}</span>
              {' · '}
              <time dateTime={review.date}>{formatDate(region, review.date)}</time>
            </p>
            <p className="review__source">
              {t('reviews.source', { source: source.source })}
              {review.example && <> · {t('reviews.example')}</>}
            </p>
          </li>
        ))}
      </ul>
      <p className="reviews__summary">
        <strong>
          {number(source.rating.score)} <span aria-hidden="true">★</span>
        </strong>{' '}
        {t('trust.rating', { count: number(source.rating.count), source: source.source })}
      </p>
      <p className="section__actions">
        <a className="button button--secondary" href={source.url} target="_blank" rel="noopener noreferrer">
          {t('reviews.readAll')}
          <span className="visually-hidden"> {t('link.newTab')}</span>
        </a>
      </p>
    </Section>
  );
}
