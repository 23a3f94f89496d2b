import type { Locale, Localized, Settings, Translate } from '../cli/types.ts';

const DAYS = ['mo', 'tu', 'we', 'th', 'fr', 'sa', 'su'] as const;
/** A day of the week as the settings write it. */
export type DayCode = (typeof DAYS)[number];

/** A price in euros without decimals, as the locale writes it: `1.234 €` in ca and es, `€1,234` in en. */
export function formatPrice(locale: Locale, amount: number): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(amount);
}

/** A phone number as shown: its spaces non-breaking, so it never wraps across lines. */
export function phoneText(phone: string): string {
  return phone.replace(/ /g, '\u00a0');
}

/**
 * A YYYY-MM-DD date as a language and region (`en-GB`) write it in full, with the site's
 * straight apostrophe (ICU writes Catalan's "d’abril" with a curly one).
 */
export function formatDate(region: string, isoDate: string): string {
  return new Intl.DateTimeFormat(region, { dateStyle: 'long', timeZone: 'UTC' })
    .format(new Date(`${isoDate}T00:00:00Z`))
    .replace(/’/g, "'");
}

/** A language with its region, as the settings' ogLocale gives it (`en-GB`): for dates and lists written the region's way. */
export function regionOf(languages: readonly { code: Locale; ogLocale: string }[], locale: Locale): string {
  return languages.find((language) => language.code === locale)?.ogLocale.replace('_', '-') ?? locale;
}

/** Words joined the locale's way: "a, b i c"; in British English (`en-GB`) without a comma before "and". */
export function formatList(locale: Locale, items: readonly string[]): string {
  return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(items);
}

/** One row of the opening-hours table: consecutive days that share the same slots. */
export interface HoursRow {
  readonly from: DayCode;
  readonly to: DayCode;
  /** Time ranges of those days, in order; empty when closed. */
  readonly slots: readonly { readonly opens: string; readonly closes: string }[];
}

/** Groups the week into rows of consecutive days with identical hours (Monday first). */
export function groupOpeningHours(hours: Settings['openingHours']): HoursRow[] {
  const slotsOf = (day: DayCode) =>
    hours
      .filter((slot) => slot.days.includes(day))
      .map(({ opens, closes }) => ({ opens, closes }))
      .sort((a, b) => a.opens.localeCompare(b.opens));
  const rows: HoursRow[] = [];
  for (const day of DAYS) {
    const slots = slotsOf(day);
    const last = rows.at(-1);
    if (last && JSON.stringify(last.slots) === JSON.stringify(slots)) rows[rows.length - 1] = { ...last, to: day };
    else rows.push({ from: day, to: day, slots });
  }
  return rows;
}

/** An amount in euros with cents when it has them: `2.160 €`, `90,50 €`, `€2,160`. */
export function formatMoney(locale: Locale, amount: number): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** A rate given in percent, with two decimals as credit advertising writes it: `7,95 %`, `7.95%`. */
export function formatRate(locale: Locale, percent: number): string {
  return new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    percent / 100,
  );
}

/**
 * What content writes right after a monthly price, in a page's text or its key facts: the
 * asterisk that links the price to the representative example of its credit (Ley 16/2011, art. 9).
 */
export const CREDIT_MARKER = '{{credit-marker}}';

/** The id of the representative example a monthly price's asterisk links to, in the facts box and under the products. */
export const CREDIT_EXAMPLE_ID = 'credit-example';

/**
 * The representative example of a credit (Ley 16/2011, art. 9), in the page's language: what it
 * buys, its figures, the lender, and what the centre is in it (art. 33.a).
 */
export function creditExampleText(
  locale: Locale,
  t: Translate,
  pick: (text: Localized) => string,
  financing: NonNullable<Settings['financing']>,
): string {
  const money = (amount: number) => formatMoney(locale, amount);
  return t('financing.example', {
    product: pick(financing.product),
    intermediary: pick(financing.intermediary),
    cashPrice: money(financing.cashPrice),
    downPayment: money(financing.downPayment),
    credit: money(financing.cashPrice - financing.downPayment),
    term: String(financing.termMonths),
    instalment: money(financing.monthlyInstalment),
    borrowingRate: formatRate(locale, financing.borrowingRate),
    apr: formatRate(locale, financing.apr),
    fees: money(financing.fees),
    total: money(financing.totalAmountPayable),
    lender: financing.lender,
  });
}
