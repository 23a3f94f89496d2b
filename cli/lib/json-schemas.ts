import * as z from 'zod';
import { collectionSchemas, redirectsFileSchema } from '../schemas/collections.ts';
import { glossaryFileSchema } from '../schemas/glossary.ts';
import { frontMatterSchema } from '../schemas/page.ts';
import { settingsSchema } from '../schemas/site.ts';
import { uiTableSchema } from '../schemas/ui.ts';

/** Where the schemas go, below the content folder (dot-folders are not content). */
export const SCHEMA_FOLDER = '.schemas';

/** One content schema: the zod schema the build validates with, and what the file is, for editors. */
interface ContentSchema {
  readonly schema: z.ZodType;
  readonly title: string;
  readonly description: string;
}

/** What each collection file holds, for the top of its JSON Schema. */
const COLLECTION_FILES: Record<keyof typeof collectionSchemas, readonly [title: string, description: string]> = {
  products: [
    'Products (content/collections/products.yaml)',
    'The product teasers of the home page, in display order, each with a “from” price. Ids are unique in the file.',
  ],
  services: [
    'Services (content/collections/services.yaml)',
    'The services, in the order the home page’s cards and the footer’s lists show them; onHome and inFooter leave an entry out of one of the two. Ids are unique in the file.',
  ],
  reviews: [
    'Reviews (content/collections/reviews.yaml)',
    'Customers’ reviews, each kept in the language it was written in. Ids are unique in the file.',
  ],
  brands: [
    'Brands (content/collections/brands.yaml)',
    'The slides of the home page’s brand carousel, in display order. Ids are unique in the file.',
  ],
  'oticon-models': [
    'Oticon models (content/collections/oticon-models.yaml)',
    'Oticon hearing-aid families and accessories, one page each at products/oticon-models/{id}. Ids are unique in the file and never renamed.',
  ],
  storage: [
    'Cookies and storage (content/collections/storage.yaml)',
    'Every cookie and browser-storage key the site sets: the cookie policy’s table and the consent banner’s categories come from it.',
  ],
};

const LOCALIZED_RULE =
  'Every text per language needs the default language’s text (the first in site.yaml) and no language the site lacks.';

/** Every content schema, by the name of its JSON Schema file. */
export const contentSchemas: Readonly<Record<string, ContentSchema>> = {
  'site.schema.json': {
    schema: settingsSchema,
    title: 'Business settings (content/site.yaml)',
    description:
      'The facts about the centre that are the same in every language: templates read them from here, and pages quote them as {{path}}, such as {{contact.phone}}.',
  },
  'redirects.schema.json': {
    schema: redirectsFileSchema,
    title: 'Redirects (content/redirects.yaml)',
    description:
      'Old addresses and where they now lead: each becomes a small page at the old address and a permanent (301) redirect in the host configurations.',
  },
  'glossary.schema.json': {
    schema: glossaryFileSchema,
    title: 'Words (content/glossary.yaml)',
    description:
      'One name per thing and the claims the site never makes: for each, the words refused in each language, which the build refuses in any text of that language, at its line.',
  },
  'ui.schema.json': {
    schema: uiTableSchema,
    title: 'Translation table (content/<language>/ui.yaml)',
    description:
      'The texts of the site’s buttons, headings and messages in one language, by key. The default language’s table must have every key; a text missing in another language shows the default one, reported by the build.',
  },
  'front-matter.schema.json': {
    schema: frontMatterSchema,
    title: 'Page front matter (content/<language>/**/*.md)',
    description:
      'The block between the --- lines at the top of a page’s markdown file: its title, search description, template and options.',
  },
  ...Object.fromEntries(
    Object.entries(collectionSchemas).map(([name, schema]) => {
      const [title, description] = COLLECTION_FILES[name as keyof typeof collectionSchemas];
      return [
        `${name}.schema.json`,
        { schema: z.array(schema), title, description: `${description} ${LOCALIZED_RULE}` },
      ];
    }),
  ),
};

/**
 * The rules the build applies that JSON Schema cannot express, so an editor accepts a value the
 * build refuses, never the reverse: by schema file, the fields they concern (dotted paths, `*`
 * for any item of a list) and why. Each field's description says the rule. The agreement test
 * (tests/unit/lib/json-schemas.test.ts) allows these differences and no other.
 *
 * Every other constraint of the zod schemas is written so JSON Schema carries it: patterns for
 * dates (the calendar too, leap years included), https addresses, the slash at the end of
 * `baseUrl` and the length of search descriptions in characters.
 *
 * Rules that span files or entries live outside the schemas, in validation (cli/stages/validate.ts,
 * cli/validate/), and neither the zod schemas nor the JSON Schemas check them: ids unique in a
 * collection; a text per language has the default language's text and only site languages; the
 * default language's ui.yaml has every key; a page's search title (title, " | ", site name) fits
 * 60 characters; a monthly price comes with the credit example and equals its instalment; links,
 * redirect targets and {{placeholders}} lead somewhere.
 */
export const BUILD_ONLY_RULES: readonly { schema: string; fields: readonly string[]; rule: string }[] = [
  {
    schema: 'site.schema.json',
    fields: ['languages'],
    rule: 'no language code twice: JSON Schema can require whole items to differ (uniqueItems), not one field of them',
  },
  {
    schema: 'site.schema.json',
    fields: ['openingHours.*.closes'],
    rule: 'closes is later than opens: a comparison between two fields',
  },
  {
    schema: 'site.schema.json',
    fields: ['financing.downPayment', 'financing.monthlyInstalment', 'financing.totalAmountPayable', 'financing.apr'],
    rule: 'the credit example adds up (cli/schemas/credit.ts): arithmetic between fields',
  },
  {
    schema: 'site.schema.json',
    fields: [
      'baseUrl',
      'booking.url',
      'mapTourUrl',
      'directionsUrl',
      'reviews.url',
      'social.*.url',
      'newsletterEndpoint',
    ],
    rule: 'the URL parser accepts the address: past the pattern, only a host with a malformed xn-- (punycode) label is refused, which takes the punycode algorithm to tell',
  },
];

/**
 * The content schemas as JSON Schema files, by file name, for editors: the same zod schemas
 * the build validates with, so what an editor accepts and what the build accepts agree
 * (but for BUILD_ONLY_RULES).
 */
export function contentJsonSchemas(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(contentSchemas).map(([file, { schema, title, description }]) => {
      const { $schema, ...rest } = z.toJSONSchema(schema, { io: 'input' });
      return [file, `${JSON.stringify({ $schema, title, description, ...rest }, null, 2)}\n`];
    }),
  );
}

/** The schema a YAML content file is written against, as a path relative to that file. */
export function schemaPathFor(contentPath: string): string | undefined {
  const depth = contentPath.split('/').length - 1;
  const up = depth === 0 ? './' : '../'.repeat(depth);
  const name = contentPath.endsWith('/ui.yaml')
    ? 'ui'
    : contentPath.startsWith('collections/')
      ? contentPath.slice('collections/'.length, -'.yaml'.length)
      : contentPath.replace(/\.yaml$/, '');
  return `${name}.schema.json` in contentSchemas ? `${up}${SCHEMA_FOLDER}/${name}.schema.json` : undefined;
}
