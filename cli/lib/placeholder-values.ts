import { formatList, groupOpeningHours } from '../../templates/format.ts';
import type { Collections, Locale, Settings, Translate, UiKey } from '../types.ts';
import { PLACEHOLDER } from './markdown.ts';

/** What a placeholder can be filled from: the settings, the collections, the page's language. */
export interface PlaceholderSources {
  readonly settings: Settings;
  readonly collections: Collections;
  readonly locale: Locale;
  /** The site's default language, whose text a setting per language falls back to. */
  readonly defaultLocale: Locale;
  readonly t: Translate;
}

/** Settings written into a setting's own text stop here: a text that names itself is not filled for ever. */
const MAX_DEPTH = 4;

/**
 * The text a placeholder stands for (content/README.md, "Pages"), or undefined for an unknown
 * one: a setting by dotted path when it is text, a number or a text per language
 * (`contact.email`, `visits.access`), whose own placeholders are filled too; a product teaser's
 * lowest price or what it buys (`products.eyeglasses.price`, `products.contact-lenses.unit`);
 * the days the shop opens, made from the opening hours (`opening-days`). So each fact is typed
 * once, where the site's other parts read it.
 */
export function placeholderValue(path: string, sources: PlaceholderSources, depth = 0): string | undefined {
  if (path === 'opening-days') return openingDays(sources.settings.openingHours, sources.locale, sources.t);
  const [head, id, field, ...rest] = path.split('.');
  if (head === 'products') {
    const product = sources.collections.products.find((candidate) => candidate.id === id);
    if (!product || rest.length > 0) return undefined;
    if (field === 'price') return String(product.price);
    if (field === 'unit') return product.unit[sources.locale] ?? product.unit[sources.defaultLocale];
    return undefined;
  }
  const value = settingAt(sources.settings, path, sources.locale, sources.defaultLocale);
  if (value === undefined || depth >= MAX_DEPTH || !value.includes('{{')) return value;
  return value.replace(PLACEHOLDER, (whole, name: string) => placeholderValue(name, sources, depth + 1) ?? whole);
}

/** A setting by dotted path, when it is text, a number, or a text per language. */
function settingAt(settings: Settings, path: string, locale: Locale, defaultLocale: Locale): string | undefined {
  const value = path
    .split('.')
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      settings,
    );
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const texts = value as Record<string, unknown>;
    const text = texts[locale] ?? texts[defaultLocale];
    return typeof text === 'string' ? text : undefined;
  }
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/**
 * The days the shop opens, as a sentence writes them: each run of consecutive open days as a
 * range ("de dilluns a dissabte", "Monday to Saturday"), a lone day by its name, the runs listed.
 */
function openingDays(hours: Settings['openingHours'], locale: Locale, t: Translate): string {
  const runs: { from: string; to: string }[] = [];
  let previousWasOpen = false;
  for (const row of groupOpeningHours(hours)) {
    const isOpen = row.slots.length > 0;
    const last = runs.at(-1);
    if (isOpen && previousWasOpen && last) last.to = row.to;
    else if (isOpen) runs.push({ from: row.from, to: row.to });
    previousWasOpen = isOpen;
  }
  const day = (code: string) => t(`hours.${code}` as UiKey);
  return formatList(
    locale,
    runs.map((run) =>
      run.from === run.to ? day(run.from) : t('hours.openDays', { from: day(run.from), to: day(run.to) }),
    ),
  );
}
