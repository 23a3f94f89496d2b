import type { PageProps, ServiceCard } from '../../cli/types.ts';
import { phoneText } from '../format.ts';
import { asksConsent } from '../consent.ts';
import { useLanguage } from '../i18n.tsx';
import { localHref, telHref } from '../links.ts';
import { labelOf, languageOf } from '../site-pages.ts';

/**
 * The footer's five groups (docs/behaviour.md#page-frame) and the bottom bar with copyright and
 * legal links. The service groups list the services collection's entries, in its order; each
 * link reads the label of the page it leads to, in that page's language when it lacks the footer's.
 */
export function Footer({
  pages,
  settings,
  services,
  buildYear,
}: Pick<PageProps, 'pages' | 'settings' | 'buildYear'> & { services: readonly ServiceCard[] }) {
  const { locale, t } = useLanguage();
  const pageLink = (id: string) => {
    const route = pages.find(locale, id);
    return (
      <li key={id}>
        <a href={route.url} lang={languageOf(route)}>
          {labelOf(route)}
        </a>
      </li>
    );
  };
  const serviceLinks = (section: ServiceCard['section']) =>
    services
      .filter((service) => service.section === section && service.inFooter)
      .map((service) => pageLink(service.link.slice(1)));
  const { address, contact } = settings;
  return (
    <footer className="footer">
      <div className="footer__grid">
        <section className="footer__brand" aria-label={settings.name}>
          <a className="brand" href={localHref(locale, '/')}>
            {settings.name}
          </a>
          <p>{t('footer.tagline')}</p>
          <nav aria-label={t('footer.social')}>
            <ul className="footer__social">
              {settings.social.map((profile) => (
                <li key={profile.network}>
                  <a href={profile.url} target="_blank" rel="noopener noreferrer">
                    {profile.label}
                    <span className="visually-hidden"> {t('link.newTab')}</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </section>
        <nav aria-labelledby="footer-visual">
          <h2 id="footer-visual">{t('footer.visual')}</h2>
          <ul>{serviceLinks('optical')}</ul>
        </nav>
        <nav aria-labelledby="footer-auditory">
          <h2 id="footer-auditory">{t('footer.auditory')}</h2>
          <ul>{serviceLinks('audiology')}</ul>
        </nav>
        <nav aria-labelledby="footer-support">
          <h2 id="footer-support">{t('footer.support')}</h2>
          <ul>
            <li>
              <a href={localHref(locale, '/#contact')}>{t('nav.contact')}</a>
            </li>
            <li>
              <a href={localHref(locale, '/#products')}>{t('nav.products')}</a>
            </li>
            {['legal/privacy-policy', 'legal/terms-conditions', 'legal/cookies-policy'].map(pageLink)}
            {asksConsent(settings) && (
              <li>
                <a href={pages.find(locale, 'legal/cookies-policy').url} data-cookie-settings="">
                  {t('cookie.settings')}
                </a>
              </li>
            )}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{t('footer.contact')}</h2>
          <address>
            {address.street}
            <br />
            {address.postalCode} {address.locality}
            <br />
            <a href={telHref(contact.phone)}>{phoneText(contact.phone)}</a>
            <br />
            <a href={telHref(contact.mobile)}>{phoneText(contact.mobile)}</a>
            <br />
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </address>
        </section>
      </div>
      <div className="footer__bottom">
        <p>{t('footer.copyright', { year: buildYear, name: settings.name })}</p>
        <nav aria-label={t('footer.legal')}>
          <ul>
            <li>
              <a href={pages.find(locale, 'legal/privacy-policy').url}>{t('footer.privacy')}</a>
            </li>
            <li>
              <a href={pages.find(locale, 'legal/terms-conditions').url}>{t('footer.terms')}</a>
            </li>
            <li>
              <a href={pages.find(locale, 'legal/cookies-policy').url}>{t('footer.cookies')}</a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
