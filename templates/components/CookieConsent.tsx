import { createHash } from 'node:crypto';
import type { Collections, Settings } from '../../cli/types.ts';
import { storedWith } from '../consent.ts';
import { useLanguage } from '../i18n.tsx';
import { Island } from './Island.tsx';

/**
 * The version of the list of cookies and storage keys the site sets with these settings: a
 * stored choice given for another list is asked again (docs/behaviour.md#cookie-consent), so
 * turning analytics or marketing on asks every visitor about it. Only what changes the question
 * counts: a name, its kind or its category; a reworded purpose does not.
 */
export function consentVersion(storage: Collections['storage'], settings: Settings): string {
  const list = storedWith(storage, settings)
    .map((item) => [item.name, item.kind, item.category].join(' '))
    .sort();
  return createHash('sha256').update(list.join('\n')).digest('hex').slice(0, 8);
}

/**
 * The consent banner (docs/behaviour.md#cookie-consent), hidden until the consent island shows it to a
 * visitor who has not chosen yet. Accept, Reject and Customise are equal buttons, after a link to
 * the cookie policy. It comes right after the skip link, so the keyboard reaches it first,
 * though it shows at the bottom of the window. It speaks only of what the settings turn on: the
 * analytics and marketing categories, their sentence in the banner and their switch in the
 * preferences are there only with their setting, and the page places the banner only when one is
 * (`asksConsent`).
 */
export function CookieConsent({
  settings,
  storage,
  version,
  policyUrl,
}: {
  settings: Settings;
  storage: Collections['storage'];
  version: string;
  policyUrl: string;
}) {
  const { t } = useLanguage();
  const analytics = settings.analyticsId !== '';
  const marketing = settings.marketingTag !== '';
  const props = {
    preselect: settings.consent.preselect,
    version,
    categories: [
      ...(analytics
        ? [{ category: 'analytics' as const, name: t('cookie.analytics'), text: t('cookie.analyticsText') }]
        : []),
      ...(marketing
        ? [{ category: 'marketing' as const, name: t('cookie.marketing'), text: t('cookie.marketingText') }]
        : []),
    ],
    texts: {
      dialogTitle: t('cookie.dialogTitle'),
      necessary: t('cookie.necessary'),
      necessaryText: t('cookie.necessaryText'),
      alwaysOn: t('cookie.alwaysOn'),
      save: t('cookie.save'),
      close: t('cookie.close'),
    },
    // Third-party embeds set their cookies on request, outside the categories the visitor chooses.
    // A name kept both as a cookie and in local storage (the language) is one name to the visitor.
    storage: [
      ...new Map(
        storedWith(storage, settings).flatMap((item) =>
          item.category === 'third-party'
            ? []
            : [[`${item.category} ${item.name}`, { name: item.name, category: item.category }] as const],
        ),
      ).values(),
    ],
  };
  const text = [
    t('cookie.text'),
    ...(analytics ? [t('cookie.analyticsBanner')] : []),
    ...(marketing ? [t('cookie.marketingBanner')] : []),
  ].join(' ');
  return (
    // Loaded at once, not when idle: on a busy phone the first idle moment comes after the second the banner waits.
    <Island name="cookie-consent" load="load" props={props}>
      <section className="consent-banner" data-consent-banner="" aria-label={t('cookie.title')} hidden>
        {/*
          Not a heading: the banner comes before the page's h1 in the document. Its title names the
          region through aria-label, the same words: named from another element, a section without a
          heading is one the HTML checker (Validator.nu) reports as lacking its heading.
        */}
        <p className="consent-banner__title">{t('cookie.title')}</p>
        <p>
          {text} <a href={policyUrl}>{t('footer.cookies')}</a>
        </p>
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
