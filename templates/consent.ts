import type { Collections, Settings } from '../cli/types.ts';
import { LANGUAGE_COOKIES, type LanguageCookie } from '../widgets/registry.ts';

/**
 * Whether the site asks for consent (docs/behaviour.md#cookie-consent): only when it has
 * something that needs it, an analytics id or a marketing tag. Strictly necessary storage needs
 * none, so without either there is no banner and no preferences (AEPD cookie guide).
 */
export function asksConsent(settings: Settings): boolean {
  return settings.analyticsId !== '' || settings.marketingTag !== '';
}

/**
 * What the site stores with these settings, as content/collections/storage.yaml lists it: an
 * optional category's cookies only when its setting turns it on, a host's cookie only when the
 * site lists that host, the record of the cookie choice only when the site asks for one; the
 * rest always. The cookie policy's table, the banner and the pages read it from here.
 */
export function storedWith(storage: Collections['storage'], settings: Settings): Collections['storage'] {
  return storage.filter(
    (item) =>
      (item.category !== 'analytics' || settings.analyticsId !== '') &&
      (item.category !== 'marketing' || settings.marketingTag !== '') &&
      (!item.onlyWith?.hosts || item.onlyWith.hosts.some((host) => settings.hosts.includes(host))) &&
      (!item.onlyWith?.consent || asksConsent(settings)),
  );
}

/** The language cookies the site sets with these settings: those its table lists. */
export function languageCookiesWith(storage: Collections['storage'], settings: Settings): LanguageCookie[] {
  const names = new Set(storedWith(storage, settings).flatMap((item) => (item.kind === 'cookie' ? [item.name] : [])));
  return (Object.keys(LANGUAGE_COOKIES) as LanguageCookie[]).filter((name) => names.has(name));
}
