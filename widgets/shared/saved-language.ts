/**
 * The visitor's language, saved where the pages and the hosts read it (docs/behaviour.md#languages):
 * `localStorage.language` for the redirect pages, and first-party cookies for hosts that choose
 * a redirect by cookie: `language` (nginx, Apache, Vercel) and `nf_lang`, the name Netlify's
 * `Language` condition reads. A preference the visitor chose: strictly necessary, no consent needed.
 */
export const LANGUAGE_COOKIES = ['language', 'nf_lang'] as const;

/** How long the cookies keep the choice: one year. */
export const LANGUAGE_COOKIE_SECONDS = 365 * 24 * 60 * 60;

/** Saves `language` in storage and in both cookies; a browser that refuses keeps the address as its only guide. */
export function saveLanguage(language: string): void {
  try {
    localStorage.setItem('language', language);
  } catch {
    // Storage may be unavailable; the language then comes from each page's address.
  }
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  for (const name of LANGUAGE_COOKIES)
    document.cookie = `${name}=${encodeURIComponent(language)}; Path=/; Max-Age=${LANGUAGE_COOKIE_SECONDS}; SameSite=Lax${secure}`;
}
