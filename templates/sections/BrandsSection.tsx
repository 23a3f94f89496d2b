import type { Brand } from '../../cli/types.ts';
import { useLanguage } from '../i18n.tsx';
import { pick } from '../localized.ts';
import { Section } from '../components/Section.tsx';

/** The brand slides (spec §2): a list the carousel widget enhances, a scrollable row without it. */
export function BrandsSection({ brands }: { brands: readonly Brand[] }) {
  const { locale, t } = useLanguage();
  return (
    <Section id="brands" heading={t('brands.heading')} intro={t('brands.intro')}>
      {/* Focusable so keyboard users can scroll the row when the carousel script is not there. */}
      <ul className="brand-row" tabIndex={0} aria-label={t('brands.heading')}>
        {brands.map((brand) => (
          <li key={brand.id} className="brand-slide">
            <img src={brand.logo} alt={brand.name} width={400} height={300} loading="lazy" decoding="async" />
            <p className="brand-slide__caption">{pick(brand.description, locale)}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
