import { LOCALES, type PageProps } from '../../cli/types.ts';
import { AppointmentLink } from '../components/AppointmentLink.tsx';
import { useLanguage } from '../i18n.tsx';
import { localHref, telHref } from '../links.ts';

/** The top bar (spec §2): logo, main navigation, phone, language switcher and booking link. */
export function Header({ route, settings, languageNames, favicon }: Pick<PageProps, 'route' | 'settings' | 'languageNames'> & { favicon?: string }) {
  const { locale, t } = useLanguage();
  const links = [
    ['nav.home', '/'],
    ['nav.products', '/#products'],
    ['nav.optical', '/#optical'],
    ['nav.audiology', '/#audiology'],
    ['nav.about', '/about'],
    ['nav.contact', '/#contact'],
  ] as const;
  return (
    <header className="topbar" data-topbar="">
      <div className="topbar__inner">
        <a className="brand" href={localHref(locale, '/')}>
          {favicon && <img src={favicon} alt="" width={32} height={32} />}
          <span>{settings.name}</span>
        </a>
        <nav className="topbar__nav" id="main-menu" aria-label={t('nav.main')}>
          <ul>
            {links.map(([key, path]) => (
              <li key={key}>
                <a href={localHref(locale, path)} aria-current={route.id === 'about' && path === '/about' ? 'page' : undefined}>{t(key)}</a>
              </li>
            ))}
          </ul>
          <a className="topbar__phone" href={telHref(settings.contact.phone)} aria-label={t('nav.call', { phone: settings.contact.phone })}>
            {settings.contact.phone}
          </a>
        </nav>
        <nav className="lang-switcher" aria-label={t('language.switch')}>
          <ul>
            {LOCALES.map((code) => (
              <li key={code}>
                <a href={route.alternates[code]} hrefLang={code} lang={code} aria-current={code === locale ? 'true' : undefined}>
                  {languageNames[code]}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <AppointmentLink booking={settings.booking} className="button button--primary topbar__book" />
      </div>
    </header>
  );
}
