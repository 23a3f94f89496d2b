import type { Brand } from '../../cli/types.ts';
import { useLanguage } from '../i18n.tsx';
import { pick } from '../localized.ts';

/** The brand slides (spec §2): a list the carousel widget enhances, a scrollable row without it. */
export function BrandsSection({ brands }: { brands: readonly Brand[] }) {
  const { locale, t } = useLanguage();
  return (
    <section id="brands" className="section" aria-labelledby="brands-heading">
      <h2 id="brands-heading">{t('brands.heading')}</h2>
      <p className="section__intro">{t('brands.intro')}</p>
      <ul className="brand-row">
        {brands.map((brand) => (
          <li key={brand.id} className="brand-slide">
            <img src={brand.logo} alt={brand.name} width={400} height={300} loading="lazy" decoding="async" />
            <p className="brand-slide__caption">{pick(brand.description, locale)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
