import * as z from 'zod';

// Every schema carries a description and examples (`.meta`), which `node cli/bin.js schemas`
// writes into the JSON Schemas editors show on hover (cli/lib/json-schemas.ts). A field's own
// `.meta` replaces the description of the shared schema it is made of.

/** A key fact's value (a service page's `facts`), in characters: as a visitor reads it, placeholders filled, and as written. */
export const FACT_SHOWN_LENGTH = 90;
export const FACT_WRITTEN_LENGTH = 160;

/** A two-letter language code: `ca`, `es`, `en`. Which ones the site offers is a setting. */
export const localeSchema = z
  .string()
  .regex(/^[a-z]{2}$/, 'must be a two-letter language code such as ca')
  .meta({
    description: 'A language code: two lowercase letters, such as ca, es or en. The languages are listed in site.yaml.',
    examples: ['ca', 'es', 'en'],
  });

/**
 * A text per language, by language code. The default language's text is required and the
 * others fall back to it, reported; both rules need the settings, so validation applies them.
 */
export const localizedSchema = z
  .record(
    localeSchema,
    z
      .string()
      .min(1)
      .meta({ description: 'The text in this language; not empty.', examples: ['Ulleres graduades'] }),
  )
  .meta({
    description:
      'A text in each language of the site, by language code. The default language’s text (the first in site.yaml) is required; a missing translation shows it instead, reported by the build.',
    examples: [{ ca: 'Ulleres graduades', es: 'Gafas graduadas', en: 'Prescription glasses' }],
  });

/** A lowercase URL segment such as `orto-k`. */
export const slugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lowercase letters, digits and hyphens')
  .meta({
    description: 'An identifier made of lowercase letters and digits, with single hyphens between words.',
    examples: ['orto-k', 'hearing-aids'],
  });

/** A site path without language prefix, as content writes internal links: `/services/orto-k`. */
export const sitePathSchema = z
  .string()
  .regex(/^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?$/, 'must be a site path such as /services/orto-k')
  .meta({
    description:
      'A page of this site by its path without the language prefix, which the site adds: a slash, then lowercase segments separated by slashes, no slash at the end.',
    examples: ['/services/orto-k', '/products/oticon-models', '/'],
  });

/**
 * Dates are written YYYY-MM-DD (checked first, and alone when it fails) and must exist on the
 * calendar: months 01 to 12, the days each month has, 29 February in leap years only.
 */
const DATE_FORM = /^\d{4}-\d{2}-\d{2}$/;
const CALENDAR_DATE =
  /^(?:\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|02-(?:0[1-9]|1\d|2[0-8]))|(?:\d\d(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)$/;

/** A calendar date written as YYYY-MM-DD. */
export const isoDateSchema = z
  .string()
  .regex(DATE_FORM, { message: 'must be a date written YYYY-MM-DD', abort: true })
  .regex(CALENDAR_DATE, 'is not a real date')
  .meta({
    description: 'A date written YYYY-MM-DD that exists on the calendar (29 February only in leap years).',
    examples: ['2026-11-21'],
  });

/**
 * An https address as sites write them: `https://`, a host name (its last label starts with a
 * letter), an optional port from 0 to 65535, then anything without spaces. The URL parser has the
 * last word, but the pattern leaves it only hosts with a malformed `xn--` (punycode) label to refuse.
 */
const HTTPS_ADDRESS =
  /^https:\/\/(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)*[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?::(?:6553[0-5]|655[0-2]\d|65[0-4]\d{2}|6[0-4]\d{3}|[1-5]\d{4}|[1-9]\d{0,3}|0))?(?:[/?#]\S*)?$/;

/** An absolute https address. */
export const httpsUrlSchema = z
  .string()
  .regex(HTTPS_ADDRESS, 'must be an https:// address')
  // Says nothing when the pattern has already refused the address: one message is enough.
  .refine((url) => !HTTPS_ADDRESS.test(url) || URL.canParse(url), 'must be an https:// address')
  .meta({
    description: 'A full web address: https://, a host name, then a path without spaces.',
    examples: ['https://www.example.com/page'],
  });

/**
 * A file of this site, by its path from the root: `/images/logo.svg`. Browsers read `//host/…`
 * and `/\host/…` as addresses on another site, which would load a stranger's file on every visit.
 */
export const siteFileSchema = z
  .string()
  .regex(/^\/(?![/\\])/, 'must be a path on this site that starts with a single /, such as /images/logo.svg')
  .meta({
    description:
      'A file of this site by its path from the site’s root, starting with a single slash, such as /images/logo.svg.',
    examples: ['/images/brands/woodys.svg'],
  });

/** What a search result shows of a page: a title's characters, and a description's useful range. */
export const SEARCH_LIMITS = { title: 60, description: [70, 160] } as const;

/** At least `count` characters, counted as a reader counts them (an emoji is one): JSON Schema counts the same way. */
const atLeast = (count: number) => new RegExp(`^[\\s\\S]{${count},}$`, 'u');
/** At most `count` characters, counted as `atLeast` counts them. */
const atMost = (count: number) => new RegExp(`^[\\s\\S]{0,${count}}$`, 'u');

/** A page's description in search results: long enough to say something, short enough not to be cut. */
export const searchDescriptionSchema = z
  .string()
  .regex(
    atLeast(SEARCH_LIMITS.description[0]),
    `should be a sentence of at least ${SEARCH_LIMITS.description[0]} characters`,
  )
  .regex(
    atMost(SEARCH_LIMITS.description[1]),
    `is cut in search results after ${SEARCH_LIMITS.description[1]} characters`,
  )
  .meta({
    description: `A sentence or two that search results show under the page’s title: from ${SEARCH_LIMITS.description[0]} to ${SEARCH_LIMITS.description[1]} characters.`,
    examples: [
      'Eye examinations, glasses, contact lenses, ortho-k, hearing tests and hearing aids on Rambla del Poblenou, Barcelona. Open Monday to Saturday.',
    ],
    // The same limits as the patterns above, which editors report less readably.
    minLength: SEARCH_LIMITS.description[0],
    maxLength: SEARCH_LIMITS.description[1],
  });
