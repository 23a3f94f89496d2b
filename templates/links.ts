import type { Locale } from '../cli/types.ts';

/**
 * A content link in a language (docs/behaviour.md#routes): `/services/orto-k` → `/es/services/orto-k/`,
 * `/#products` → `/es/#products`. Absolute and already-prefixed URLs are kept.
 */
export function localHref(locale: Locale, path: string): string {
  if (!path.startsWith('/') || /^\/[a-z]{2}(\/|$)/.test(path)) return path;
  const index = path.search(/[?#]/);
  const [pathname, suffix] = index < 0 ? [path, ''] : [path.slice(0, index), path.slice(index)];
  const trimmed = pathname.replace(/^\/+|\/+$/g, '');
  return `/${locale}/${trimmed ? `${trimmed}/` : ''}${suffix}`;
}

/** A `tel:` link for a phone number written with spaces. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/\s+/g, '')}`;
}

/** The messaging-service chat link for a number, with a prefilled message. */
export function chatHref(number: string, message: string): string {
  return `https://wa.me/${number}?text=${encodeURIComponent(message)}`;
}

/** The booking page with the visit's subject and duration (docs/behaviour.md#booking-chat-and-contact). */
export function bookingHref(baseUrl: string, subject: string, duration: number): string {
  const url = new URL(baseUrl);
  url.searchParams.set('subject', subject);
  url.searchParams.set('duration', String(duration));
  return url.toString();
}
