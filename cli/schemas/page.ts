import { z } from 'zod';
import { isoDateSchema, searchDescriptionSchema, siteFileSchema } from './common.ts';

/**
 * Page templates a markdown file may ask for; each is one component in templates/pages/.
 * `index` is a folder's own page (`services/index.md`): its text, then the pages in the folder.
 */
export const pageTemplates = ['home', 'service', 'page', 'legal', 'model-list', 'index', 'not-found'] as const;

/** Front matter of a markdown page (content/<locale>/**\/*.md). */
export const frontMatterSchema = z
  .object({
    // Search results show 60 characters; with " | " and the site name after it the limit is
    // lower, which validation checks (cli/validate/search-titles.ts).
    title: z.string().min(1).max(60),
    label: z.string().min(1).max(40).optional(),
    description: searchDescriptionSchema,
    keywords: z.array(z.string().min(1)).default([]),
    template: z.enum(pageTemplates),
    updated: isoDateSchema.optional(),
    // A JPEG or PNG of content/images/ becomes a responsive photo; an SVG of public/ is shown as it is.
    image: z
      .object({
        src: siteFileSchema,
        alt: z.string(),
        width: z.number().int().positive(),
        height: z.number().int().positive(),
        // A stand-in (an illustration where the shop has no photo yet): every build lists it.
        example: z.boolean().default(false),
      })
      .strict()
      .optional(),
    appointment: z
      .object({ subject: z.string().min(1).optional(), duration: z.number().int().positive().optional() })
      .strict()
      .optional(),
    // A service page's key facts, shown in a box beside its opening lines: short, so a reader scans them.
    facts: z
      .array(z.object({ label: z.string().min(1).max(30), value: z.string().min(1).max(90) }).strict())
      .min(2)
      .max(4)
      .optional(),
  })
  .strict();
