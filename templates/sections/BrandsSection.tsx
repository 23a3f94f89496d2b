import type { Brand } from '../../cli/types.ts';
import { useLanguage } from '../i18n.tsx';
import { Section } from '../components/Section.tsx';
import { Carousel, CarouselSlide, CarouselTrack } from '../components/Carousel.tsx';
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
        <Carousel>
          <CarouselTrack className="brand-row" labelledBy="brands-heading">
            {brands.map((brand) => (
              <CarouselSlide key={brand.id} className="brand-slide">
                <figure>
                  <img
                    src={brand.logo}
                    alt={brand.name}
                    width={400}
                    height={300}
                    loading="lazy"
                    decoding="async"
                    draggable={false}
                  />
                  <figcaption>
                    <span className="brand-slide__name" aria-hidden="true">
                      {brand.name}
                    </span>
                    {pick(brand.description)}
                  </figcaption>
                </figure>
              </CarouselSlide>
            ))}
          </CarouselTrack>
        </Carousel>
      </Island>
    </Section>
  );
}
