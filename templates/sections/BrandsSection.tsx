import type { Brand } from '../../cli/types.ts';
import { useLanguage } from '../i18n.tsx';
import { Section } from '../components/Section.tsx';
import { Island } from '../components/Island.tsx';

/** The brand slides (docs/behaviour.md#brands-reviews-and-location): a list the carousel widget enhances, a scrollable row without it. */
export function BrandsSection({ brands }: { brands: readonly Brand[] }) {
  const { t, pick } = useLanguage();
  return (
    <Section id="brands" heading={t('brands.heading')} intro={t('brands.intro')}>
      <Island
        name="carousel"
        load="visible"
        props={{
          previous: t('brands.previous'),
          next: t('brands.next'),
          label: t('brands.heading'),
          slideLabel: t('brands.slide'),
        }}
      >
        <div className="carousel" data-carousel="">
          {/* Focusable so keyboard users can scroll the row when the carousel script is not there. */}
          <ul className="brand-row" data-carousel-track="" tabIndex={0} aria-labelledby="brands-heading">
            {brands.map((brand) => (
              <li key={brand.id} className="brand-slide" tabIndex={0}>
                <figure>
                  <img src={brand.logo} alt={brand.name} width={400} height={300} loading="lazy" decoding="async" />
                  <figcaption>
                    <span className="brand-slide__name" aria-hidden="true">
                      {brand.name}
                    </span>
                    {pick(brand.description)}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </Island>
    </Section>
  );
}
