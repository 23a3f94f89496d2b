import type { LanguageCookie } from '../registry.ts';

/** How long the cookies keep the choice: one year. */
export const LANGUAGE_COOKIE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The visitor's language, saved where the pages and the hosts read it (docs/behaviour.md#languages):
 * `localStorage.language` for the redirect pages, and the first-party `cookies` the site's hosts
 * read (widgets/registry.ts, `LANGUAGE_COOKIES`). The language of the page visited: strictly
 * necessary, no consent needed. A browser that refuses keeps the address as its only guide.
 */
export function saveLanguage(language: string, cookies: readonly LanguageCookie[]): void {
  try {
    localStorage.setItem('language', language);
  } catch {
    // Storage may be unavailable; the language then comes from each page's address.
  }
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  for (const name of cookies)
    document.cookie = `${name}=${encodeURIComponent(language)}; Path=/; Max-Age=${LANGUAGE_COOKIE_SECONDS}; SameSite=Lax${secure}`;
}
