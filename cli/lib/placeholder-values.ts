import { formatList, groupOpeningHours, regionOf } from '../../templates/format.ts';
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

/**
 * The text a placeholder stands for (content/README.md, "Pages"), or undefined for an unknown
 * one: a setting by dotted path when it is text, a number or a text per language
 * (`contact.email`, `visits.access`; its own placeholders were filled as it was read, see
 * `withSettingsFilled`); a product teaser's
 * lowest price or what it buys (`products.eyeglasses.price`, `products.contact-lenses.unit`);
 * the days the shop opens, made from the opening hours (`opening-days`); who receives the
 * newsletter's addresses, a service or the visitor's own e-mail (`newsletter-recipients`). So
 * each fact is typed once, where the site's other parts read it.
 */
export function placeholderValue(path: string, sources: PlaceholderSources): string | undefined {
  if (path === 'opening-days')
    return openingDays(sources.settings.openingHours, regionOf(sources.settings.languages, sources.locale), sources.t);
  if (path === 'newsletter-recipients')
    return sources.t(sources.settings.newsletterEndpoint ? 'privacy.newsletterService' : 'privacy.newsletterMail');
  const [head, id, field, ...rest] = path.split('.');
  if (head === 'products') {
    const product = sources.collections.products.find((candidate) => candidate.id === id);
    if (!product || rest.length > 0) return undefined;
    if (field === 'price') return String(product.price);
    if (field === 'unit') return product.unit[sources.locale] ?? product.unit[sources.defaultLocale];
    return undefined;
  }
  return settingAt(sources.settings, path, sources.locale, sources.defaultLocale);
}

/**
 * The settings with the placeholders of their own texts filled from the other settings (the
 * trial's terms quote its deposit, `{{visits.hearingAidTrialDeposit}}`): a text per language in
 * its language, any other text in the default one. What a text names that is not a setting, or
 * a text that names itself, is left as written and listed with the path of the text.
 */
export function withSettingsFilled(settings: Settings): {
  readonly settings: Settings;
  readonly unknown: readonly { readonly path: readonly PropertyKey[]; readonly name: string }[];
} {
  const defaultLocale = settings.languages[0]?.code ?? '';
  const unknown: { path: readonly PropertyKey[]; name: string }[] = [];
  const fill = (text: string, path: readonly PropertyKey[], locale: Locale) =>
    text.replace(PLACEHOLDER, (whole, name: string) => {
      const value = settingAt(settings, name, locale, defaultLocale);
      if (value === undefined || value.includes('{{')) unknown.push({ path, name });
      return value === undefined || value.includes('{{') ? whole : value;
    });
  const walk = (value: unknown, path: readonly PropertyKey[], locale: Locale): unknown => {
    if (typeof value === 'string') return value.includes('{{') ? fill(value, path, locale) : value;
    if (Array.isArray(value)) return value.map((item, index) => walk(item, [...path, index], locale));
    if (!value || typeof value !== 'object') return value;
    const isLocalized = settings.languages.some(({ code }) => code in value);
    return Object.fromEntries(
      Object.entries(value).map(([key, child]) => [key, walk(child, [...path, key], isLocalized ? key : locale)]),
    );
  };
  return { settings: walk(settings, [], defaultLocale) as Settings, unknown };
}

/** A setting by dotted path, when it is text, a number, or a text per language (in `locale`, else the default one). */
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
