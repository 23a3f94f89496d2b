import type { PageProps } from '../../cli/types.ts';
import { AppointmentLink } from '../components/AppointmentLink.tsx';
import { useLanguage } from '../i18n.tsx';
import { localHref } from '../links.ts';
import { BaseLayout } from '../layout/BaseLayout.tsx';
import { Island } from '../components/Island.tsx';
import { Photo } from '../components/Photo.tsx';
import { BrandsSection } from '../sections/BrandsSection.tsx';
import { LocationSection } from '../sections/LocationSection.tsx';
import { ProductsSection } from '../sections/ProductsSection.tsx';
import { ReviewsSection } from '../sections/ReviewsSection.tsx';
import { ServicesSection } from '../sections/ServicesSection.tsx';
import { TrustStrip } from '../sections/TrustStrip.tsx';
import { businessData } from '../seo/structured-data.ts';
import { labelOf, languageOf } from '../site-pages.ts';

/** Optical visits booked from the home page's optical section last 30 minutes (docs/behaviour.md#booking-chat-and-contact). */
const OPTICAL_VISIT_MINUTES = 30;
/** Shown in the hero's place when its image cannot load (docs/behaviour.md#home-page). */
const HERO_PLACEHOLDER = '/images/illustrations/hero-placeholder.svg';

/** The home page, its sections in order with their anchor ids (docs/behaviour.md#home-page). */
export function HomePage(props: PageProps) {
  const { locale, t } = useLanguage();
  const { route, pages, settings, collections, bodyHtml, assets } = props;
  const audiologyCentre = pages.find(locale, 'services/audiologia-centro');
  const business = businessData(
    settings,
    route,
    { name: labelOf(audiologyCentre), url: audiologyCentre.url },
    assets.socialImage?.url,
  );
  const hero = route.entry?.image;
  const cards = (section: 'optical' | 'audiology') =>
    collections.services.filter((card) => card.section === section && card.onHome);
  return (
    <BaseLayout {...props} structuredData={business}>
      <Island name="home" load="load" props={{ placeholder: HERO_PLACEHOLDER }}>
        <section id="hero" className={hero ? 'hero' : 'hero hero--text'} aria-labelledby="hero-heading">
          <div className="hero__text">
            <h1 id="hero-heading">{t('hero.title')}</h1>
            <p className="hero__subtitle">{t('hero.subtitle')}</p>
            <p className="hero__actions">
              <AppointmentLink settings={settings} />
              <a className="button button--secondary" href={localHref(locale, '/#products')}>
                {t('hero.shopNow')}
              </a>
            </p>
          </div>
          {/* The largest element of the first screen: loaded first, never lazily. */}
          {hero && (
            <Photo
              {...hero}
              className="hero__image"
              images={props.images}
              sizes="(min-width: 56rem) 38rem, 100vw"
              priority
              dataHero
              lang={languageOf(route)}
            />
          )}
        </section>
      </Island>
      <TrustStrip settings={settings} buildYear={props.buildYear} />
      <div className="visually-hidden" lang={languageOf(route)} dangerouslySetInnerHTML={{ __html: bodyHtml }} />
      <ProductsSection
        products={collections.products}
        financing={settings.financing}
        health={settings.health}
        images={props.images}
      />
      <ServicesSection id="optical" heading={t('optical.heading')} intro={t('optical.intro')} cards={cards('optical')}>
        <AppointmentLink settings={settings} duration={OPTICAL_VISIT_MINUTES} />
      </ServicesSection>
      <ServicesSection
        id="audiology"
        heading={t('audiology.heading')}
        intro={t('audiology.intro')}
        cards={cards('audiology')}
      >
        <a className="button button--secondary" href={localHref(locale, '/services/audiologia-centro')}>
          {t('audiology.centreLink')}
        </a>
      </ServicesSection>
      <ReviewsSection reviews={collections.reviews} source={settings.reviews} />
      <BrandsSection brands={collections.brands} />
      <LocationSection settings={settings} policyUrl={props.pages.find(locale, 'legal/cookies-policy').url} />
    </BaseLayout>
  );
}
