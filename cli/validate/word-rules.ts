import { contentHash } from '../lib/hash.ts';
import type { ErrorCode } from '../errors.ts';
import type { glossaryFileSchema } from '../schemas/glossary.ts';
import type { Collections, Content, Locale, Settings, UiKey } from '../types.ts';
import type * as z from 'zod';

/** content/glossary.yaml as validated. */
export type Glossary = z.infer<typeof glossaryFileSchema>;

/** A text to read for refused words and typed facts, with what kind of text it is. */
export interface TextToRead {
  readonly text: string;
  /** Where in `text` the text to read starts (a page's body in its file's text); 0 when left out. */
  readonly start?: number;
  readonly locale: Locale;
  /** Its field, as an editor finds it: `description`, `body`, `intent: body.ca`, `cookie.text`. */
  readonly field: string;
  /** A customer's words, quoted as written (a review): only the claims apply. */
  readonly isQuoted?: boolean;
  /** Shown exactly as written (a page's title, label, description): no placeholder is filled there. */
  readonly isShownAsWritten?: boolean;
  /** The translation table's names of the days, which the opening hours are written with. */
  readonly namesDays?: boolean;
}

/** What reading a text found: where, what stands there, and the problem. */
export interface WordProblem {
  readonly at: number;
  readonly shown: string;
  readonly code: Extract<ErrorCode, 'RefusedWord' | 'HandTypedFact'>;
  readonly message: string;
}

/** A word or phrase of one language that a text must not hold, with what to say about it. */
interface Literal {
  readonly kind: 'refused' | 'fact';
  /** Refused: the name to write instead, or for a claim none; fact: the fact's kind. */
  readonly name?: string;
  readonly why?: string;
  /** Fact: the placeholder to write. */
  readonly write?: string;
}

/** The rules of one language: one expression that finds all its words, and each word's rule by its comparable form. */
interface LanguageRules {
  readonly pattern: RegExp | undefined;
  readonly literals: ReadonlyMap<string, Literal>;
}

/**
 * How texts are read for refused words and typed facts (content/README.md, "Words" and
 * "Pages"): from the glossary, the settings, the products and the names of the days. `key`
 * changes exactly when what reading finds may change, so what was found in an unchanged text
 * under the same key can be kept.
 */
export interface WordRules {
  readonly key: string;
  readonly languages: ReadonlyMap<Locale, LanguageRules>;
  /** Each amount in euros the settings and collections give, with the placeholder that writes it. */
  readonly amounts: ReadonlyMap<number, string>;
  /** The phone numbers' last nine digits, as Spain dials them. */
  readonly phones: readonly string[];
  /** The opening times, "10:00". */
  readonly times: ReadonlySet<string>;
}

/** An amount in euros as a text writes it: "89 €", "89,50 €", "€89". `\s` takes the non-breaking space too. */
const EURO_AMOUNT = /€\s?\d+(?:[.,]\d+)*|\d+(?:[.,]\d+)*\s?€/g;
/** A phone number as a text may write it: digits, spaces, dots or hyphens, with or without +34. */
const PHONE_LIKE = /\+?\d[\d \u00a0.-]{7,}\d/g;
/** A time of day: "10:00", "16.30". */
const TIME = /(?<!\d)\d{1,2}[:.]\d{2}(?!\d)/g;
const PLACEHOLDER = /\{\{\s*[\w.-]+\s*\}\}/g;
const DAYS = ['mo', 'tu', 'we', 'th', 'fr', 'sa', 'su'] as const;

/** The rules for these settings, collections, translation tables and glossary. */
export function wordRulesOf(
  content: Pick<Content, 'settings' | 'collections' | 'ui'>,
  glossary: Glossary,
  languages: readonly Locale[],
): WordRules {
  const { settings, collections, ui } = content;
  // The facts a text would write exactly as the settings do, in any language.
  const facts = new Map<string, Literal>();
  const street = streetNameOf(settings.address.street);
  if (street) facts.set(comparable(street), { kind: 'fact', name: 'address', write: '{{address.street}}' });
  facts.set(settings.address.postalCode, { kind: 'fact', name: 'postal code', write: '{{address.postalCode}}' });
  for (const email of [settings.contact.email, settings.dataProtection.email, settings.dataProtection.officer?.email])
    if (email) facts.set(comparable(email), { kind: 'fact', name: 'e-mail address', write: '{{contact.email}}' });
  const day: Literal = { kind: 'fact', name: 'day', write: '{{opening-days}}' };
  const rules = new Map<Locale, LanguageRules>();
  for (const locale of languages) {
    const literals = new Map<string, Literal>();
    for (const entry of glossary)
      for (const word of entry.avoid[locale] ?? [])
        literals.set(comparable(word.trim()), { kind: 'refused', name: entry.use?.[locale], why: entry.why });
    for (const [word, fact] of facts) literals.set(word, fact);
    for (const code of DAYS) {
      const name = ui[locale]?.[`hours.${code}` as UiKey];
      if (!name) continue;
      // In the plural too: "els dissabtes".
      literals.set(comparable(name), day);
      literals.set(`${comparable(name)}s`, day);
    }
    rules.set(locale, { pattern: alternativesOf([...literals.keys()]), literals });
  }
  const amounts = amountsOf(settings, collections);
  const phones = [settings.contact.phone, settings.contact.mobile, settings.contact.whatsapp].map(nationalDigits);
  const times = new Set(settings.openingHours.flatMap((slot) => [slot.opens, slot.closes]));
  const key = contentHash(
    JSON.stringify([
      [...rules].map(([locale, { literals }]) => [locale, [...literals]]),
      [...amounts],
      phones,
      [...times],
    ]),
  );
  return { key, languages: rules, amounts, phones, times };
}

/**
 * What a text holds that it must not: a word content/glossary.yaml refuses in its language
 * (another name for a thing, or a claim the site never makes), and a business fact typed by
 * hand (an amount in euros, the street's name, the postal code, a phone number, an e-mail
 * address, an opening time, the name of a day), each with the placeholder to write. A text
 * shown as written (a title, a description) may hold no placeholder either, nor such a fact.
 * One expression per language finds every word at once, so a text is read once whatever the
 * glossary's length; the shapes of amounts, times and phone numbers are looked for only where a
 * character they need is there. (A loop over the characters in JavaScript, a trie or a filter on
 * each word's first two letters, took 1.4 to 2 times as long over 15,000 pages.)
 */
export function findWordProblems(rules: WordRules, read: TextToRead): WordProblem[] {
  const problems: WordProblem[] = [];
  const { text } = read;
  const language = rules.languages.get(read.locale);
  for (const { at, shown, literal } of wordsIn(language, text)) {
    if (read.isQuoted && (literal.kind === 'fact' || literal.name !== undefined)) continue;
    if (literal.name === 'day' && read.namesDays) continue;
    problems.push(literal.kind === 'refused' ? refused(read, shown, at, literal) : typed(read, shown, at, literal));
  }
  if (read.isQuoted) return problems;
  if (read.isShownAsWritten && text.includes('{{'))
    for (const match of text.matchAll(PLACEHOLDER))
      problems.push({
        at: match.index,
        shown: match[0],
        code: 'HandTypedFact',
        message: `${read.field}: ${match[0]} is not filled in a page's ${read.field}, which is shown as written: leave prices, hours and the address to the page's text`,
      });
  if (text.includes('€'))
    for (const match of text.matchAll(EURO_AMOUNT)) {
      const write = rules.amounts.get(amountOf(match[0]));
      problems.push(
        typed(read, match[0], match.index, {
          kind: 'fact',
          name: 'price',
          write: write ?? 'a setting or a product for the price, and its placeholder ({{products.eyeglasses.price}}…)',
        }),
      );
    }
  if (/\d[:.]\d\d/.test(text))
    for (const match of text.matchAll(TIME))
      if (rules.times.has(match[0].replace('.', ':').padStart(5, '0')))
        problems.push(
          typed(read, match[0], match.index, {
            kind: 'fact',
            name: 'opening time',
            write: 'nothing of the hours here: the location section shows them',
          }),
        );
  if (rules.phones.some((phone) => text.includes(phone.slice(0, 3))))
    for (const match of text.matchAll(PHONE_LIKE))
      if (rules.phones.includes(nationalDigits(match[0])))
        problems.push(
          typed(read, match[0], match.index, {
            kind: 'fact',
            name: 'phone number',
            write: '{{contact.phone}} or {{contact.mobile}}',
          }),
        );
  const start = read.start ?? 0;
  return (start > 0 ? problems.filter((problem) => problem.at >= start) : problems).sort((a, b) => a.at - b.at);
}

/** The glossary's words and the facts written as words in a text, each where it stands as a whole word. */
function wordsIn(language: LanguageRules | undefined, text: string): { at: number; shown: string; literal: Literal }[] {
  const found: { at: number; shown: string; literal: Literal }[] = [];
  const pattern = language?.pattern;
  if (!pattern) return found;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const [shown] = match;
    const literal = language.literals.get(comparable(shown));
    if (literal && isWholeWord(text, match.index, shown.length)) found.push({ at: match.index, shown, literal });
  }
  return found;
}

const isWordCharacter = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

function isWholeWord(text: string, at: number, length: number): boolean {
  return !isWordCharacter(text[at - 1]) && !isWordCharacter(text[at + length]);
}

/** One expression that finds any of the words, longest first, in any letter case, with either apostrophe and space. */
function alternativesOf(words: readonly string[]): RegExp | undefined {
  if (words.length === 0) return undefined;
  const source = [...words]
    .sort((a, b) => b.length - a.length)
    .map((word) =>
      word
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        .replace(/'/g, "['’ʼ]")
        .replace(/ /g, '[ \\u00a0]'),
    )
    .join('|');
  return new RegExp(source, 'gi');
}

function refused(read: TextToRead, shown: string, at: number, literal: Literal): WordProblem {
  const instead = literal.name ? `the site calls this "${literal.name}"` : 'the site does not say this';
  const reason = literal.why ? ` (${literal.why})` : '';
  return { at, shown, code: 'RefusedWord', message: `${read.field}: "${shown}": ${instead}${reason}` };
}

function typed(read: TextToRead, shown: string, at: number, literal: Literal): WordProblem {
  const advice = read.isShownAsWritten
    ? `a ${read.field} carries no ${literal.name}: search engines show it as written for weeks after a change; leave it to the page's text`
    : `write ${literal.write}, so a change of the setting reaches every page`;
  return {
    at,
    shown,
    code: 'HandTypedFact',
    message: `${read.field}: "${shown}" is the ${literal.name} typed by hand: ${advice}`,
  };
}

/**
 * A text as words are compared in it: lower case, one apostrophe, plain spaces. Each character
 * stays one character, so an offset in it is an offset in the text.
 */
export function comparable(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’ʼ]/g, "'")
    .replace(/\u00a0/g, ' ');
}

/** The street's name without its number: "Rambla del Poblenou" of "Rambla del Poblenou, 48". */
function streetNameOf(street: string): string {
  return street
    .split(',')[0]!
    .replace(/\s+\d+\s*$/, '')
    .trim();
}

/** A phone number's last nine digits, as Spain dials it without the country code. */
function nationalDigits(phone: string): string {
  return phone.replace(/\D/g, '').slice(-9);
}

/** The amount in euros of a written price: "1.234,50 €" and "€1,234.50" are 1234.5. */
function amountOf(shown: string): number {
  const digits = shown.replace(/[^\d.,]/g, '');
  const decimal = /[.,](\d{1,2})$/.exec(digits);
  const whole = (decimal ? digits.slice(0, -decimal[0].length) : digits).replace(/[.,]/g, '');
  return Number(`${whole}${decimal ? `.${decimal[1]}` : ''}`);
}

/** Each amount the settings and collections give, with the placeholder that writes it; the first to give it names it. */
function amountsOf(settings: Settings, collections: Collections): Map<number, string> {
  const amounts = new Map<number, string>();
  const add = (amount: number | undefined, placeholder: string) => {
    if (amount !== undefined && amount > 0 && !amounts.has(amount)) amounts.set(amount, `{{${placeholder}}}`);
  };
  add(settings.financing?.monthlyInstalment, 'financing.monthlyInstalment');
  for (const product of collections.products) add(product.price, `products.${product.id}.price`);
  add(settings.visits.eyeExam.price, 'visits.eyeExam.price');
  add(settings.visits.hearingTest.price, 'visits.hearingTest.price');
  add(settings.visits.hearingAidTrialDeposit, 'visits.hearingAidTrialDeposit');
  add(settings.financing?.cashPrice, 'financing.cashPrice');
  return amounts;
}
