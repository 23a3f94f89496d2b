import type { PageProps } from '../../cli/types.ts';
import type { LanguageCookie } from '../../widgets/registry.ts';
import { AppointmentLink } from '../components/AppointmentLink.tsx';
import { Island } from '../components/Island.tsx';
import { phoneText } from '../format.ts';
import { useLanguage } from '../i18n.tsx';
import { localHref, telHref } from '../links.ts';

const NAV_LINKS = [
  ['nav.home', '/'],
  ['nav.products', '/#products'],
  ['nav.optical', '/#optical'],
  ['nav.audiology', '/#audiology'],
  ['nav.about', '/about'],
  ['nav.contact', '/#contact'],
] as const;

/**
 * The top bar (docs/behaviour.md#page-frame): logo, main navigation with the phone, language switcher and booking
 * link. Without JavaScript everything is visible; the top-bar island turns the navigation into
 * a full-screen menu on phones, behind the (until then hidden) menu button. The booking link is
 * part of that menu, so phones reach it there; from tablets on it sits in the bar's grid.
 */
export function Header({
  route,
  settings,
  languages,
  favicon,
  languageCookies,
}: Pick<PageProps, 'route' | 'settings' | 'languages'> & {
  favicon?: string;
  /** The cookies the language switcher saves the chosen language in. */
  languageCookies: readonly LanguageCookie[];
}) {
  const { locale, t } = useLanguage();
  const call = t('nav.call', { phone: settings.contact.phone });
  return (
    <Island
      name="topbar"
      as="header"
      className="topbar"
      load="load"
      props={{ openLabel: t('nav.menu'), closeLabel: t('nav.close'), cookies: languageCookies }}
    >
      <div className="topbar__inner">
        <a className="brand" href={localHref(locale, '/')}>
          {favicon && <img src={favicon} alt="" width={32} height={32} />}
          <span>{settings.name}</span>
        </a>
        <a className="topbar__call" href={telHref(settings.contact.phone)} aria-label={call}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" focusable="false">
            <path
              fill="currentColor"
              d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 0 1 3 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1l-2.3 2.2Z"
            />
          </svg>
        </a>
        <button
          className="topbar__menu-toggle"
          type="button"
          data-menu-toggle=""
          aria-controls="main-menu"
          aria-expanded="false"
          aria-label={t('nav.menu')}
        >
          <span className="topbar__menu-icon" aria-hidden="true" />
        </button>
        <div className="topbar__menu" id="main-menu">
          <nav className="topbar__nav" aria-label={t('nav.main')}>
            <ul>
              {NAV_LINKS.map(([key, path]) => (
                <li key={key}>
                  <a
                    href={localHref(locale, path)}
                    aria-current={route.id === 'about' && path === '/about' ? 'page' : undefined}
                  >
                    {t(key)}
                  </a>
                </li>
              ))}
            </ul>
            <a className="topbar__phone" href={telHref(settings.contact.phone)} aria-label={call}>
              {phoneText(settings.contact.phone)}
            </a>
          </nav>
          <nav className="lang-switcher" aria-label={t('language.switch')}>
            <ul>
              {languages.map(({ code, name }) => (
                <li key={code}>
                  <a
                    href={route.alternates[code]}
                    hrefLang={code}
                    lang={code}
                    aria-current={code === locale ? 'true' : undefined}
                  >
                    {name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <AppointmentLink settings={settings} className="button button--primary topbar__book" />
        </div>
      </div>
    </Island>
  );
}
