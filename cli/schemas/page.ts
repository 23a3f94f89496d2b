import * as z from 'zod';
import {
  FACT_SHOWN_LENGTH,
  FACT_WRITTEN_LENGTH,
  isoDateSchema,
  SEARCH_LIMITS,
  searchDescriptionSchema,
  siteFileSchema,
  sitePathSchema,
} from './common.ts';

/**
 * Page templates a markdown file may ask for; each is one component in templates/pages/.
 * `index` is a folder's own page (`services/index.md`): its text, then the pages in the folder;
 * `faq` a page of questions, each `###` heading one that opens and closes.
 */
export const pageTemplates = ['home', 'service', 'page', 'faq', 'legal', 'model-list', 'index', 'not-found'] as const;

/** Front matter of a markdown page (content/<locale>/**\/*.md). */
export const frontMatterSchema = z
  .object({
    // Search results show 60 characters; with " | " and the site name after it the limit is
    // lower, which validation checks (cli/validate/search-titles.ts).
    title: z
      .string()
      .min(1)
      .max(SEARCH_LIMITS.title)
      .meta({
        description: `The page’s title: its main heading and, followed by “ | ” and the site’s name, its title in search results and browser tabs. At most ${SEARCH_LIMITS.title} characters, and the build checks that the whole search title fits in ${SEARCH_LIMITS.title} too.`,
        examples: ['Orthokeratology (ortho-k) in Barcelona'],
      }),
    label: z
      .string()
      .min(1)
      .max(40)
      .optional()
      .meta({
        description:
          'A shorter name for the page in menus, the footer, breadcrumbs and folder lists, at most 40 characters; the title is used when left out.',
        examples: ['Ortho-k'],
      }),
    description: searchDescriptionSchema.meta({
      description: `The page’s description in search results and when it is shared: a sentence or two from ${SEARCH_LIMITS.description[0]} to ${SEARCH_LIMITS.description[1]} characters.`,
      examples: [
        'Orthokeratology in Poblenou, Barcelona: overnight lenses that temporarily reshape the cornea to reduce myopia, with corneal topography and close follow-up.',
      ],
      minLength: SEARCH_LIMITS.description[0],
      maxLength: SEARCH_LIMITS.description[1],
    }),
    keywords: z
      .array(
        z
          .string()
          .min(1)
          .meta({ description: 'One keyword or phrase; not empty.', examples: ['ortho-k Poblenou'] }),
      )
      .default([])
      .meta({
        description: 'Words and phrases people search for, for the page’s keywords tag; empty when left out.',
        examples: [['orthokeratology Barcelona', 'ortho-k Poblenou']],
      }),
    template: z.enum(pageTemplates).meta({
      description: `How the page is laid out: ${pageTemplates.join(', ')}. index is a folder’s own page, which lists the pages in the folder after its text.`,
      examples: ['service', 'page'],
    }),
    updated: isoDateSchema.optional().meta({
      description:
        'When the page’s text last changed, as a date YYYY-MM-DD that exists on the calendar; legal pages show it.',
      examples: ['2026-11-21'],
    }),
    // A JPEG or PNG of content/images/ becomes a responsive photo; an SVG of public/ is shown as it is.
    image: z
      .object({
        src: siteFileSchema.meta({
          description:
            'The picture by its path from the site’s root: a JPEG or PNG of content/images/ becomes a responsive photo, an SVG of public/ is shown as it is.',
          examples: ['/images/illustrations/about.svg'],
        }),
        alt: z.string().meta({
          description: 'What the picture shows, for people who cannot see it; empty when it is only decoration.',
          examples: ['', 'The shop front on Rambla del Poblenou'],
        }),
        width: z
          .number()
          .int()
          .positive()
          .meta({
            description: 'The picture’s width in pixels, a whole number, so the page keeps its place while it loads.',
            examples: [800],
          }),
        height: z
          .number()
          .int()
          .positive()
          .meta({ description: 'The picture’s height in pixels, a whole number.', examples: [500] }),
        // A stand-in (an illustration where the shop has no photo yet): every build lists it.
        example: z
          .boolean()
          .default(false)
          .meta({
            description:
              'true marks a stand-in (an illustration where the shop has no photo yet): every build lists it until it is replaced.',
            examples: [true],
          }),
      })
      .strict()
      .optional()
      .meta({
        description:
          'The page’s picture, shown right under its heading and loaded first (the hero picture on the home page); optional: the page is laid out for either.',
        examples: [{ src: '/images/illustrations/about.svg', alt: '', width: 800, height: 500, example: true }],
      }),
    // A not-found page's way on: the pages it offers, in the editor's order (docs/behaviour.md#404-pages).
    suggestions: z
      .array(sitePathSchema)
      .min(1)
      .max(8)
      .optional()
      .meta({
        description:
          'On the not-found page: the pages it offers instead, by their address without the language prefix, in order, from 1 to 8; each shows as a link with the page’s short name.',
        examples: [['/services', '/products', '/about', '/faq']],
      }),
    appointment: z
      .object({
        subject: z
          .string()
          .min(1)
          .optional()
          .meta({
            description: 'The subject of appointments booked from this page; the booking setting’s when left out.',
            examples: ['consultation'],
          }),
        duration: z
          .number()
          .int()
          .positive()
          .optional()
          .meta({
            description:
              'The length of appointments booked from this page, in whole minutes; the booking setting’s when left out.',
            examples: [60],
          }),
      })
      .strict()
      .optional()
      .meta({
        description: 'What the page’s “Book an appointment” button books, when it differs from site.yaml’s booking.',
        examples: [{ duration: 60 }],
      }),
    // A service page's key facts, shown in a box beside its opening lines: short, so a reader scans them.
    facts: z
      .array(
        z
          .object({
            label: z
              .string()
              .min(1)
              .max(30)
              .meta({
                description: 'What the fact is about, at most 30 characters.',
                examples: ['Visit length'],
              }),
            // The 90 characters are counted as shown, placeholders filled (cli/validate/fact-lengths.ts); written, a value may be longer.
            value: z
              .string()
              .min(1)
              .max(FACT_WRITTEN_LENGTH)
              .meta({
                description: `The fact itself, at most ${FACT_SHOWN_LENGTH} characters as shown; {{…}} quotes a setting, such as {{visits.eyeExam.minutes}}, and counts as what it writes (${FACT_WRITTEN_LENGTH} characters at most as written).`,
                examples: ['About 60 minutes (initial assessment)'],
              }),
          })
          .strict()
          .meta({
            description: 'One key fact: a label and its value.',
            examples: [{ label: 'Visit length', value: 'About 60 minutes (initial assessment)' }],
          }),
      )
      .min(2)
      .max(4)
      .optional()
      .meta({
        description:
          'A service page’s key facts, shown in a box beside its opening lines: from 2 to 4, short, so a reader scans them.',
        examples: [
          [
            { label: 'Who it is for', value: 'Children, teenagers and adults with myopia' },
            { label: 'Visit length', value: 'About 60 minutes (initial assessment)' },
          ],
        ],
      }),
  })
  .strict();
