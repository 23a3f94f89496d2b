import * as z from 'zod';
import { localeSchema, localizedSchema } from './common.ts';

/** The words refused in one language, each a word or phrase as a text would write it. */
const refusedWords = z
  .array(
    z
      .string()
      .min(1)
      .meta({
        description: 'A word or phrase the site does not write, as a text would write it.',
        examples: ['motlle'],
      }),
  )
  .min(1)
  .meta({ description: 'The words refused in this language; at least one.', examples: [["prova d'audició"]] });

/**
 * One entry of content/glossary.yaml (content/README.md, "Words"): a thing's one name in each
 * language and the names the site never gives it, or a claim the site never makes, with why.
 * The build refuses a refused word in any text of its language, at its line.
 */
export const glossaryEntrySchema = z
  .object({
    use: localizedSchema.optional().meta({
      description:
        'The site’s one name for the thing in each language, which the error names; left out for a claim the site never makes, which has no other wording to offer.',
      examples: [{ ca: 'revisió auditiva', es: 'revisión auditiva', en: 'hearing test' }],
    }),
    avoid: z.record(localeSchema, refusedWords).meta({
      description:
        'By language code, the words the site does not write: other names for the thing, or the wording of a claim. Matched as whole words in any letter case, with either apostrophe.',
      examples: [{ ca: ["prova d'audició", "proves d'audició"], es: ['prueba de audición'] }],
    }),
    why: z
      .string()
      .min(1)
      .optional()
      .meta({
        description: 'Why the words are refused, as the error says it: a rule of the law or of the site’s voice.',
        examples: ['a promise of a clinical outcome (Real Decreto 1907/1996, art. 4)'],
      }),
  })
  .strict()
  .meta({
    description: 'One name per thing, or one claim the site never makes.',
    examples: [
      {
        use: { ca: 'revisió auditiva', es: 'revisión auditiva', en: 'hearing test' },
        avoid: { ca: ["prova d'audició"], es: ['prueba de audición'] },
      },
    ],
  });

/** content/glossary.yaml: the site's names and the claims it never makes. */
export const glossaryFileSchema = z.array(glossaryEntrySchema);
