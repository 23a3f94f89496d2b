import { z } from 'zod';

/** The site's languages, Catalan first: it is the default and the source of every text. */
export const locales = ['ca', 'es', 'en'] as const;
export const localeSchema = z.enum(locales);

/** A text in every language; es and en may be missing, and then fall back to ca (reported). */
export const localizedSchema = z
  .object({ ca: z.string().min(1), es: z.string().min(1).optional(), en: z.string().min(1).optional() })
  .strict();

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
