/**
 * The visitor's cookie choice in localStorage under `cookieConsent` (docs/behaviour.md#cookie-consent): the string
 * `all`, or the JSON of the three categories. Storage that throws counts as no choice.
 */
export type ConsentChoice =
  'all' | { readonly necessary: true; readonly analytics: boolean; readonly marketing: boolean };

const KEY = 'cookieConsent';

/** The stored choice; an invalid one is logged and ignored, a parse error ignored (docs/behaviour.md#cookie-consent). */
export function readConsent(): ConsentChoice | undefined {
  let raw: string | null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    return undefined;
  }
  if (raw === null) return undefined;
  if (raw === 'all') return 'all';
  try {
    const value = JSON.parse(raw) as Record<string, unknown> | null;
    if (value && typeof value.analytics === 'boolean' && typeof value.marketing === 'boolean') {
      return { necessary: true, analytics: value.analytics, marketing: value.marketing };
    }
    console.warn('Invalid stored cookie consent, ignored:', raw);
  } catch {
    // A value that is not JSON is treated as no choice.
  }
  return undefined;
}

/** Stores the choice (when storage allows) and tells the page: `consentchange` on window. */
export function saveConsent(choice: ConsentChoice): void {
  try {
    localStorage.setItem(KEY, choice === 'all' ? 'all' : JSON.stringify(choice));
  } catch {
    // Private modes may refuse storage; the choice still applies to this page.
  }
  window.dispatchEvent(new CustomEvent<ConsentChoice>('consentchange', { detail: choice }));
}

/** Whether a choice lets analytics run. */
export function allowsAnalytics(choice: ConsentChoice | undefined): boolean {
  return choice === 'all' || (choice !== undefined && choice.analytics);
}
