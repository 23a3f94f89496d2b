import { z } from 'zod';

/** A two-letter language code: `ca`, `es`, `en`. Which ones the site offers is a setting. */
export const localeSchema = z.string().regex(/^[a-z]{2}$/, 'must be a two-letter language code such as ca');

/**
 * A text per language, by language code. The default language's text is required and the
 * others fall back to it, reported; both rules need the settings, so validation applies them.
 */
export const localizedSchema = z.record(localeSchema, z.string().min(1));

/** A lowercase URL segment such as `orto-k`. */
export const slugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lowercase letters, digits and hyphens');

/** A site path without language prefix, as content writes internal links: `/services/orto-k`. */
export const sitePathSchema = z
  .string()
  .regex(/^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?$/, 'must be a site path such as /services/orto-k');

/** A calendar date written as YYYY-MM-DD. */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(value)), 'is not a real date');

/** An absolute https address. */
export const httpsUrlSchema = z.url({ protocol: /^https$/, error: 'must be an https:// address' });

/**
 * A file of this site, by its path from the root: `/images/logo.svg`. Browsers read `//host/…`
 * and `/\host/…` as addresses on another site, which would load a stranger's file on every visit.
 */
export const siteFileSchema = z
  .string()
  .regex(/^\/(?![/\\])/, 'must be a path on this site that starts with a single /, such as /images/logo.svg');

/** What a search result shows of a page: a title's characters, and a description's useful range. */
export const SEARCH_LIMITS = { title: 60, description: [70, 160] } as const;

/** A page's description in search results: long enough to say something, short enough not to be cut. */
export const searchDescriptionSchema = z
  .string()
  .refine(
    (text) => [...text].length >= SEARCH_LIMITS.description[0],
    `should be a sentence of at least ${SEARCH_LIMITS.description[0]} characters`,
  )
  .refine(
    (text) => [...text].length <= SEARCH_LIMITS.description[1],
    `is cut in search results after ${SEARCH_LIMITS.description[1]} characters`,
  );
