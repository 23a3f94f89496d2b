import type { PageProps, Settings } from '../../cli/types.ts';
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
import { VisitsOffer } from '../sections/VisitsOffer.tsx';
import { businessData } from '../seo/structured-data.ts';
import { labelOf, languageOf } from '../site-pages.ts';

/** Optical visits booked from the home page's optical section last 30 minutes (docs/behaviour.md#booking-chat-and-contact). */
const OPTICAL_VISIT_MINUTES = 30;
/** Shown in the hero's place when its image cannot load (docs/behaviour.md#home-page). */
const HERO_PLACEHOLDER = '/images/illustrations/hero-placeholder.svg';

/** The home page, its sections in order with their anchor ids (docs/behaviour.md#home-page). */
export function HomePage(props: PageProps) {
  const { locale, t, pick } = useLanguage();
  const { route, pages, settings, collections, bodyHtml, assets } = props;
  const audiologyCentre = pages.find(locale, 'services/audiologia-centro');
  const business = businessData(
    settings,
    route,
    { name: labelOf(audiologyCentre), url: audiologyCentre.url },
    assets.socialImage?.url,
  );
  const services = pages.find(locale, 'services');
  const hero = route.entry?.image;
  const cards = (section: 'optical' | 'audiology') =>
    collections.services.filter((card) => card.section === section && card.onHome);
  // A visit is told by its service's card sentence, or its page's description without a card.
  const visit = (id: string, length: Settings['visits']['eyeExam']) => {
    const page = pages.find(locale, id);
    const card = collections.services.find((entry) => entry.link === `/${id}`);
    return { page, description: card ? pick(card.description) : (page.entry?.description ?? ''), visit: length };
  };
  return (
    <BaseLayout {...props} structuredData={business}>
      <Island name="home" load="load" props={{ placeholder: HERO_PLACEHOLDER }}>
        <section
          id="hero"
          className={hero ? 'hero hero-band' : 'hero hero-band hero--text'}
          aria-labelledby="hero-heading"
        >
          <div className="hero__text">
            <h1 id="hero-heading">{t('hero.title')}</h1>
            <p className="hero__subtitle">{t('hero.subtitle')}</p>
            <VisitsOffer
              settings={settings}
              visits={[
                visit('services/salut-visual', settings.visits.eyeExam),
                visit('services/hearing-test', settings.visits.hearingTest),
              ]}
            />
            <p className="hero__more">
              <a href={localHref(locale, '/#products')}>{t('hero.shopNow')}</a>
            </p>
          </div>
          {/* The largest element of the first screen: loaded first, never lazily. */}
          {hero && (
            <Photo
              {...hero}
              className="hero__image"
              images={props.images}
              sizes="(min-width: 56rem) 34rem, 100vw"
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
      <div className="services-band">
        <ServicesSection id="optical" heading={t('optical.heading')} cards={cards('optical')}>
          <AppointmentLink settings={settings} duration={OPTICAL_VISIT_MINUTES} context={t('optical.heading')} />
        </ServicesSection>
        <ServicesSection id="audiology" heading={t('audiology.heading')} cards={cards('audiology')}>
          <a className="button button--secondary" href={localHref(locale, '/services/audiologia-centro')}>
            {t('audiology.centreLink')}
          </a>
        </ServicesSection>
        <p className="services-band__all">
          <a href={services.url}>{t('services.all')}</a>
        </p>
      </div>
      <ReviewsSection reviews={collections.reviews} source={settings.reviews} />
      <BrandsSection brands={collections.brands} />
      <LocationSection settings={settings} policyUrl={props.pages.find(locale, 'legal/cookies-policy').url} />
    </BaseLayout>
  );
}
