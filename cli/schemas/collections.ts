import { z } from 'zod';
import {
  isoDateSchema,
  localeSchema,
  localizedSchema,
  searchDescriptionSchema,
  siteFileSchema,
  sitePathSchema,
  slugSchema,
} from './common.ts';

/** content/collections/products.yaml: the home page's product teasers with "from" prices. */
export const productSchema = z
  .object({
    id: slugSchema,
    name: localizedSchema,
    category: localizedSchema,
    price: z.number().positive(),
    pricePeriod: z.literal('month').optional(),
    link: sitePathSchema,
    image: siteFileSchema.optional(),
  })
  .strict();

export const serviceIcons = [
  'eye',
  'contact-lens',
  'ortho-k',
  'frame-style',
  'lens',
  'ear',
  'hearing-aid',
  'assistive-device',
  'ear-protection',
  'grant',
] as const;

/**
 * content/collections/services.yaml: the services, in the order the home page's cards and the
 * footer's lists show them; `onHome` and `inFooter` leave an entry out of one of the two.
 */
export const serviceCardSchema = z
  .object({
    id: slugSchema,
    section: z.enum(['optical', 'audiology']),
    icon: z.enum(serviceIcons),
    link: sitePathSchema,
    title: localizedSchema,
    description: localizedSchema,
    onHome: z.boolean().default(true),
    inFooter: z.boolean().default(true),
  })
  .strict();

/** content/collections/reviews.yaml: customers' reviews, kept in the language they were written in. */
export const reviewSchema = z
  .object({
    id: slugSchema,
    name: z.string().min(1),
    rating: z.number().int().min(1, 'must be from 1 to 5').max(5, 'must be from 1 to 5'),
    date: isoDateSchema,
    lang: localeSchema,
    text: z.string().min(1),
    example: z.boolean().default(false),
  })
  .strict();

/** content/collections/brands.yaml: the slides of the brand carousel. */
export const brandSchema = z
  .object({
    id: z.number().int().positive(),
    name: z.string().min(1),
    logo: siteFileSchema,
    description: localizedSchema,
  })
  .strict();

/** content/collections/oticon-models.yaml: one page per hearing-aid family or accessory. */
export const modelSchema = z
  .object({
    id: slugSchema,
    name: z.string().min(1),
    kind: z.enum(['hearing-aid', 'accessory']),
    released: z.number().int().min(1990).max(2100).optional(),
    styles: z.array(z.string().min(1)).optional(),
    fittingRange: localizedSchema.optional(),
    rechargeable: z.boolean().optional(),
    connectivity: localizedSchema.optional(),
    tinnitus: z.boolean().optional(),
    // The model page's description in search results, too.
    summary: z.record(localeSchema, searchDescriptionSchema),
    body: localizedSchema,
  })
  .strict();

/** content/collections/storage.yaml: every cookie and browser-storage key the site sets. */
export const storageItemSchema = z
  .object({
    name: z.string().min(1),
    // An embed is another site's frame, loaded only when asked for: its cookies are its own.
    kind: z.enum(['cookie', 'localStorage', 'embed']),
    category: z.enum(['necessary', 'analytics', 'marketing', 'third-party']),
    owner: z.string().min(1),
    purpose: localizedSchema,
    retention: localizedSchema,
  })
  .strict();

/** content/redirects.yaml: old addresses and where they now lead (docs/behaviour.md#redirects). */
export const redirectRuleSchema = z
  .object({
    from: z.string().regex(/^\/[^?#\s]*$/, 'must be a path starting with /'),
    to: z
      .string()
      .regex(/^\/[a-z]{2}\/[^?#\s]*$/, 'must be a page path with a language prefix, such as /ca/services/orto-k/'),
  })
  .strict();

/** content/redirects.yaml: which unprefixed paths redirect (docs/behaviour.md#redirects) and the old addresses. */
export const redirectsFileSchema = z
  .object({
    unprefixed: z.array(z.string().regex(/^[a-z0-9-]+$/, 'must be the first segment of page ids, such as services')),
    moved: z.array(redirectRuleSchema),
  })
  .strict();

/** Every collection file, by name, with the schema of one entry. */
export const collectionSchemas = {
  products: productSchema,
  services: serviceCardSchema,
  reviews: reviewSchema,
  brands: brandSchema,
  'oticon-models': modelSchema,
  storage: storageItemSchema,
} as const;
