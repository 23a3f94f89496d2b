/**
 * The visitor's cookie choice in localStorage under `cookieConsent` (docs/behaviour.md#cookie-consent):
 * the three categories, the version of the cookie list it was given for, and the day it was given.
 * A choice for another version, or older than 24 months, counts as no choice, so the banner asks
 * again. Storage that throws counts as no choice too.
 */
export interface ConsentChoice {
  readonly necessary: true;
  readonly analytics: boolean;
  readonly marketing: boolean;
}

const KEY = 'cookieConsent';
/** How long a choice stands before it is asked again: 24 months (docs/behaviour.md#cookie-consent). */
const VALID_MONTHS = 24;

/**
 * The stored choice, if it was given for `version` within the last 24 months. A value that is
 * not a choice at all is logged and ignored; one that is not JSON is ignored (docs/behaviour.md#cookie-consent).
 */
export function readConsent(version: string, now = new Date()): ConsentChoice | undefined {
  let raw: string | null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    return undefined;
  }
  if (raw === null) return undefined;
  let value: Record<string, unknown> | null;
  try {
    value = JSON.parse(raw) as Record<string, unknown> | null;
  } catch {
    // A value that is not JSON (such as the bare "all" of earlier versions) is treated as no choice.
    return undefined;
  }
  if (!value || typeof value.analytics !== 'boolean' || typeof value.marketing !== 'boolean') {
    console.warn('Invalid stored cookie consent, ignored:', raw);
    return undefined;
  }
  if (value.version !== version || typeof value.date !== 'string') return undefined;
  const expires = new Date(value.date);
  expires.setUTCMonth(expires.getUTCMonth() + VALID_MONTHS);
  if (Number.isNaN(expires.getTime()) || expires <= now) return undefined;
  return { necessary: true, analytics: value.analytics, marketing: value.marketing };
}

/** Stores the choice with its version and day (when storage allows) and tells the page: `consentchange` on window. */
export function saveConsent(choice: ConsentChoice, version: string): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ ...choice, version, date: new Date().toISOString().slice(0, 10) }));
  } catch {
    // Private modes may refuse storage; the choice still applies to this page.
  }
  window.dispatchEvent(new CustomEvent<ConsentChoice>('consentchange', { detail: choice }));
}

/** Whether a choice lets analytics run. */
export function allowsAnalytics(choice: ConsentChoice | undefined): boolean {
  return choice?.analytics === true;
}
