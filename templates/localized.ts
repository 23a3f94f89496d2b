import type { Locale, Localized } from '../cli/types.ts';

/** A collection text in the page's language, or Catalan where it has none (reported by the build). */
export function pick(text: Localized, locale: Locale): string {
  return text[locale] ?? text.ca;
}
