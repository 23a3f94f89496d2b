import type { Product } from '../../cli/types.ts';
import { formatPrice } from '../format.ts';
import { useLanguage } from '../i18n.tsx';
import { localHref } from '../links.ts';
import { Section } from '../components/Section.tsx';

/** The home page's product teasers with their "from" prices (docs/behaviour.md#home-page). */
export function ProductsSection({ products }: { products: readonly Product[] }) {
  const { locale, t, pick } = useLanguage();
  return (
    <Section id="products" heading={t('products.heading')} intro={t('products.intro')}>
      <ul className="card-grid card-grid--products">
        {products.map((product) => {
          const price = formatPrice(locale, product.price);
          return (
            <li key={product.id} className="card product-card" data-reveal="">
              {product.image && (
                <img
                  className="card__image"
                  src={product.image}
                  alt=""
                  width={400}
                  height={300}
                  loading="lazy"
                  decoding="async"
                />
              )}
              <p className="card__eyebrow">{pick(product.category)}</p>
              <h3>
                <a className="card__link" href={localHref(locale, product.link)}>
                  {pick(product.name)}
                </a>
              </h3>
              <p className="product-card__price">
                {t('products.from', {
                  price: product.pricePeriod === 'month' ? t('products.perMonth', { price }) : price,
                })}
              </p>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
