import type { Review, Settings } from '../../cli/types.ts';
import { formatDate } from '../format.ts';
import { useLanguage } from '../i18n.tsx';

/**
 * Customers' reviews (docs/behaviour.md#brands-reviews-and-location): the score of every review
 * on the review page and the link to it first, so the few shown read as a sample of all of them,
 * introduced by how they were chosen and checked (`reviews.verification` in site.yaml);
 * beside it the reviews, each with stars as an accessible rating, its date and source, in a row
 * that scrolls sideways (by swipe, scroll bar or keyboard), so five whole reviews take the
 * height of one.
 */
export function ReviewsSection({ reviews, source }: { reviews: readonly Review[]; source: Settings['reviews'] }) {
  const { locale, region, t, pick } = useLanguage();
  const number = (value: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);
  return (
    <section id="reviews" className="section reviews" aria-labelledby="reviews-heading">
      <div className="reviews__summary">
        <h2 id="reviews-heading">{t('reviews.heading')}</h2>
        {/* What they are: how they were collected and checked, beside them (Ley de Competencia Desleal, art. 20). */}
        <p className="section__intro reviews__verification">{pick(source.verification)}</p>
        <p className="reviews__score">
          <strong>
            {number(source.rating.score)} <span aria-hidden="true">★</span>
          </strong>{' '}
          {t('trust.rating', { count: number(source.rating.count), source: source.source })}
        </p>
        <p>
          <a className="button button--secondary" href={source.url} target="_blank" rel="noopener noreferrer">
            {t('reviews.readAll')}
            <span className="visually-hidden"> {t('link.newTab')}</span>
          </a>
        </p>
      </div>
      {/* Focusable, so a keyboard scrolls it too (axe: scrollable-region-focusable). */}
      <div className="review-strip" role="group" aria-labelledby="reviews-heading" tabIndex={0}>
        <ul className="review-strip__list">
          {reviews.map((review) => (
            <li key={review.id} className="card review">
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
      </div>
    </section>
  );
}
