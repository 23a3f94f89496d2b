import type { Product } from '../../cli/types.ts';
import { formatPrice } from '../format.ts';
import { useLanguage } from '../i18n.tsx';
import { localHref } from '../links.ts';
import { pick } from '../localized.ts';

/** The home page's product teasers with their "from" prices (spec §3). */
export function ProductsSection({ products }: { products: readonly Product[] }) {
  const { locale, t } = useLanguage();
  return (
    <section id="products" className="section" aria-labelledby="products-heading">
      <h2 id="products-heading">{t('products.heading')}</h2>
      <p className="section__intro">{t('products.intro')}</p>
      <ul className="card-grid card-grid--4">
        {products.map((product) => {
          const price = formatPrice(locale, product.price);
          return (
            <li key={product.id} className="card product-card">
              <p className="card__eyebrow">{pick(product.category, locale)}</p>
              <h3><a href={localHref(locale, product.link)}>{pick(product.name, locale)}</a></h3>
              <p className="product-card__price">
                {t('products.from', { price: product.pricePeriod === 'month' ? t('products.perMonth', { price }) : price })}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
