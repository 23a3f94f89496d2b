import type { Settings } from '../../cli/types.ts';
import { Island } from '../components/Island.tsx';
import { OpeningHours } from '../components/OpeningHours.tsx';
import { phoneText } from '../format.ts';
import { useLanguage } from '../i18n.tsx';
import { chatHref, telHref } from '../links.ts';
import { Section } from '../components/Section.tsx';

/**
 * Store location and contact (docs/behaviour.md#brands-reviews-and-location): the map tour on
 * request, address, hours, phones, e-mail and chat.
 */
export function LocationSection({ settings, policyUrl }: { settings: Settings; policyUrl: string }) {
  const { t } = useLanguage();
  const { address, contact } = settings;
  const newTab = <span className="visually-hidden"> {t('link.newTab')}</span>;
  return (
    <Section id="contact" heading={t('location.heading')} intro={t('location.intro')}>
      <div id="location" className="location">
        <Island name="map" load="idle" props={{ url: settings.mapTourUrl, title: t('location.mapTitle') }}>
          {/* Nothing from the map's provider until the visitor asks: a preview, a button (with scripts), a link. */}
          <div className="map-preview">
            <p className="map-preview__address">
              <strong>{settings.name}</strong>
              <br />
              {address.street}, {address.postalCode} {address.locality}
            </p>
            <button type="button" className="button button--primary map-preview__load" data-map-load="">
              {t('location.mapLoad')}
            </button>
            <p className="map-preview__notice">
              {t('location.mapNotice')} <a href={policyUrl}>{t('footer.cookies')}</a>
            </p>
            <p className="map-preview__notice">
              <a href={settings.mapTourUrl} target="_blank" rel="noopener noreferrer">
                {t('location.mapOpen')}
                {newTab}
              </a>
            </p>
          </div>
        </Island>
        <div className="location__details">
          <h3>{t('location.address')}</h3>
          <address>
            {address.street}
            <br />
            {address.postalCode} {address.locality}
          </address>
          <h3 id="hours-heading">{t('location.hours')}</h3>
          <OpeningHours hours={settings.openingHours} labelledBy="hours-heading" />
          <dl className="location__contact">
            <dt>{t('location.phone')}</dt>
            <dd>
              <a href={telHref(contact.phone)}>{phoneText(contact.phone)}</a>
            </dd>
            <dt>{t('location.mobile')}</dt>
            <dd>
              <a href={telHref(contact.mobile)}>{phoneText(contact.mobile)}</a>
            </dd>
            <dt>{t('location.email')}</dt>
            <dd>
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </dd>
          </dl>
          <p className="location__actions">
            <a
              className="button button--primary"
              href={settings.directionsUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('location.directions')}
              {newTab}
            </a>
            <a
              className="button button--secondary"
              href={chatHref(contact.whatsapp, t('chat.message'))}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('location.chat')}
              {newTab}
            </a>
          </p>
        </div>
      </div>
    </Section>
  );
}
