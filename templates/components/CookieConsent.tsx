import type { Collections, Settings } from '../../cli/types.ts';
import { useLanguage } from '../i18n.tsx';
import { Island } from './Island.tsx';

/**
 * The consent banner (docs/behaviour.md#cookie-consent), hidden until the consent island shows it to a
 * visitor who has not chosen yet. Accept, Reject and Customize are equal buttons.
 */
export function CookieConsent({ settings, storage }: { settings: Settings; storage: Collections['storage'] }) {
  const { t } = useLanguage();
  const props = {
    preselect: settings.consent.preselect,
    texts: {
      dialogTitle: t('cookie.dialogTitle'),
      necessary: t('cookie.necessary'),
      necessaryText: t('cookie.necessaryText'),
      analytics: t('cookie.analytics'),
      analyticsText: t('cookie.analyticsText'),
      marketing: t('cookie.marketing'),
      marketingText: t('cookie.marketingText'),
      alwaysOn: t('cookie.alwaysOn'),
      save: t('cookie.save'),
      close: t('cookie.close'),
    },
    storage: storage.map((item) => ({ name: item.name, category: item.category })),
  };
  return (
    <Island name="cookie-consent" load="idle" props={props}>
      <section className="consent-banner" data-consent-banner="" aria-labelledby="consent-title" hidden>
        <h2 id="consent-title">{t('cookie.title')}</h2>
        <p>{t('cookie.text')}</p>
        <p className="consent-banner__actions">
          <button type="button" className="button button--secondary" data-consent="accept">
            {t('cookie.accept')}
          </button>
          <button type="button" className="button button--secondary" data-consent="reject">
            {t('cookie.reject')}
          </button>
          <button type="button" className="button button--secondary" data-consent="customize">
            {t('cookie.customize')}
          </button>
        </p>
      </section>
    </Island>
  );
}
