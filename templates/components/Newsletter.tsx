import type { Settings, SitePages } from '../../cli/types.ts';
import { useLanguage } from '../i18n.tsx';
import { Island } from './Island.tsx';

/**
 * The newsletter sign-up above the footer (docs/behaviour.md#newsletter), with the first layer of
 * data-protection information beside the address it asks for. It posts to the configured endpoint.
 * Without one it must not post to the page itself (a static host answers 405), so it becomes a
 * message to the shop's e-mail address instead, with JavaScript or without.
 */
export function Newsletter({ settings, pages }: { settings: Settings; pages: SitePages }) {
  const { locale, t } = useLanguage();
  const privacy = pages.find(locale, 'legal/privacy-policy');
  // Without an endpoint the form is a mailto: GET: its fields become the message's subject and body.
  const mail = !settings.newsletterEndpoint;
  return (
    <section className="newsletter" aria-labelledby="newsletter-heading">
      <div className="newsletter__inner">
        <h2 id="newsletter-heading">{t('newsletter.heading')}</h2>
        <p>{t('newsletter.intro')}</p>
        <Island
          name="newsletter"
          load="visible"
          props={{
            endpoint: settings.newsletterEndpoint,
            busy: t('newsletter.busy'),
            invalid: t('newsletter.invalid'),
            success: { title: t('newsletter.heading'), description: t('newsletter.success') },
            failure: { title: t('newsletter.heading'), description: t('newsletter.error') },
            mailed: { title: t('newsletter.heading'), description: t('newsletter.mailed') },
          }}
        >
          <form
            className="newsletter__form"
            method={mail ? 'get' : 'post'}
            action={mail ? `mailto:${settings.contact.email}` : settings.newsletterEndpoint}
          >
            {mail && <input type="hidden" name="subject" value={t('newsletter.heading')} />}
            <label htmlFor="newsletter-email">{t('newsletter.email')}</label>
            <div className="newsletter__row">
              <input
                id="newsletter-email"
                name={mail ? 'body' : 'email'}
                type="email"
                autoComplete="email"
                required
                aria-describedby="newsletter-consent"
              />
              <button className="button button--primary" type="submit">
                {t('newsletter.submit')}
              </button>
            </div>
            {/* The form's own message for an address it refuses, written by its script. */}
            <p id="newsletter-error" className="newsletter__error" role="alert" />
            {/* The first layer of data-protection information, where the address is asked for (LOPDGDD, art. 11). */}
            <p id="newsletter-consent" className="newsletter__consent">
              {t('newsletter.consent', {
                controller: settings.company.legalName,
                email: settings.dataProtection.email,
              })}{' '}
              <a href={privacy.url}>{t('newsletter.policyLink')}</a>
            </p>
          </form>
        </Island>
      </div>
    </section>
  );
}
