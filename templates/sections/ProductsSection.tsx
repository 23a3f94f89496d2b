import type { ImageManifest, Product, Settings } from '../../cli/types.ts';
import { AdvertisingAuthorisation } from '../components/AdvertisingAuthorisation.tsx';
import { CreditMarker } from '../components/CreditMarker.tsx';
import { Photo } from '../components/Photo.tsx';
import { CREDIT_EXAMPLE_ID, creditExampleText, formatPrice } from '../format.ts';
import { useLanguage } from '../i18n.tsx';
import { localHref } from '../links.ts';
import { Section } from '../components/Section.tsx';

/**
 * The home page's product teasers with their "from" prices and what each price buys
 * (docs/behaviour.md#home-page), each with its picture if it has one: a photo of content/images/ as a responsive <picture>. A
 * monthly price carries an asterisk that links to the representative example of its credit,
 * under the cards (Ley 16/2011, art. 9; validation makes sure the example exists and agrees).
 * The authorisation to advertise medical devices follows, when the settings give one.
 */
export function ProductsSection({
  products,
  financing,
  health,
  images,
}: {
  products: readonly Product[];
  financing: Settings['financing'];
  health: Settings['health'];
  images: ImageManifest;
}) {
  const { locale, t, pick } = useLanguage();
  const example =
    financing && products.some((product) => product.pricePeriod === 'month')
      ? creditExampleText(locale, t, pick, financing)
      : undefined;
  return (
    <Section id="products" heading={t('products.heading')} intro={t('products.intro')}>
      <ul className="card-grid card-grid--products">
        {products.map((product) => {
          const price = formatPrice(locale, product.price);
          return (
            <li key={product.id} className="card product-card" data-reveal="">
              {/* Decorative: the card's name says what it shows. Below the hero, so lazy. */}
              {product.image && (
                <Photo
                  src={product.image}
                  alt=""
                  width={400}
                  height={300}
                  images={images}
                  sizes="(min-width: 56rem) 18rem, 50vw"
                  className="card__image"
                />
              )}
              <p className="card__eyebrow">{pick(product.category)}</p>
              <h3>
                <a className="card__link" href={localHref(locale, product.link)}>
                  {pick(product.name)}
                </a>
              </h3>
              {/* What the price buys runs on from it: a binding price says what it covers. */}
              <p className="product-card__price">
                {product.pricePeriod === 'month' && example ? (
                  <>
                    {t('products.from', { price: t('products.perMonth', { price }) })}
                    <CreditMarker />
                  </>
                ) : (
                  t('products.from', { price })
                )}{' '}
                <span className="product-card__unit">{pick(product.unit)}</span>
              </p>
            </li>
          );
        })}
      </ul>
      {example && (
        <p className="credit-example" id={CREDIT_EXAMPLE_ID}>
          <span aria-hidden="true">* </span>
          {example}
        </p>
      )}
      <AdvertisingAuthorisation health={health} />
    </Section>
  );
}
