import { z } from 'zod';
import { creditMismatches } from '../lib/credit.ts';
import { httpsUrlSchema, localeSchema, localizedSchema } from './common.ts';

const dayCode = z.enum(['mo', 'tu', 'we', 'th', 'fr', 'sa', 'su']);
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time written HH:MM');

const openingHoursSchema = z
  .object({ days: z.array(dayCode).min(1), opens: clockTime, closes: clockTime })
  .strict()
  .refine((slot) => slot.opens < slot.closes, { message: 'opens must be before closes', path: ['closes'] });

const euros = z.number().nonnegative();
const percent = z.number().min(0).max(100);

/** The representative example of consumer credit every monthly price carries (Ley 16/2011, art. 9). */
const financingSchema = z
  .object({
    lender: z.string().min(1),
    cashPrice: euros.positive(),
    downPayment: euros,
    termMonths: z.number().int().positive(),
    monthlyInstalment: euros.positive(),
    borrowingRate: percent,
    apr: percent,
    fees: euros,
    totalAmountPayable: euros.positive(),
  })
  .strict()
  .superRefine((example, context) => {
    for (const [field, message] of creditMismatches(example))
      context.addIssue({ code: 'custom', message, path: [field] });
  });

/** Who examines and fits: shown in the legal notice with their professional college and number. */
const professionalSchema = z
  .object({
    name: z.string().min(1),
    profession: z.enum(['optometrist', 'audiologist']),
    college: z.string().min(1),
    number: z.string().min(1),
  })
  .strict();

const visitSchema = z.object({ price: euros, minutes: z.number().int().positive() }).strict();

/** Business settings (content/site.yaml): every locale-free fact about the centre. */
export const settingsSchema = z
  .object({
    name: z.string().min(1),
    languages: z
      .array(
        z
          .object({
            code: localeSchema,
            ogLocale: z.string().regex(/^[a-z]{2}_[A-Z]{2}$/, 'must be a locale such as ca_ES'),
          })
          .strict(),
      )
      .min(1)
      .refine((list) => new Set(list.map((language) => language.code)).size === list.length, 'lists a language twice'),
    baseUrl: httpsUrlSchema.refine((url) => !url.endsWith('/'), 'must not end with a slash'),
    company: z.object({ legalName: z.string().min(1), taxId: z.string().min(1), registry: z.string().min(1) }).strict(),
    // A health establishment's legal notice (content/README.md, "Legal settings").
    health: z
      .object({
        authorisation: z.string().min(1),
        registerEntry: z.string().min(1),
        professionals: z.array(professionalSchema).min(1),
      })
      .strict(),
    dataProtection: z.object({ email: z.email() }).strict(),
    address: z
      .object({
        street: z.string().min(1),
        postalCode: z.string().regex(/^\d{5}$/, 'must be a five-digit postal code'),
        locality: z.string().min(1),
        region: z.string().min(1),
        country: z.string().length(2),
        geo: z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }).strict(),
      })
      .strict(),
    contact: z
      .object({
        phone: z.string().regex(/^\+?[\d ]{6,}$/, 'must be a phone number in digits and spaces'),
        mobile: z.string().regex(/^\+?[\d ]{6,}$/, 'must be a phone number in digits and spaces'),
        email: z.email(),
        whatsapp: z.string().regex(/^\d{8,15}$/, 'must be the number in international format, digits only'),
      })
      .strict(),
    openingHours: z.array(openingHoursSchema).min(1),
    booking: z
      .object({ url: httpsUrlSchema, subject: z.string().min(1), duration: z.number().int().positive() })
      .strict(),
    // Optional: without it, the build refuses any monthly price.
    financing: financingSchema.optional(),
    visits: z
      .object({
        eyeExam: visitSchema,
        hearingTest: visitSchema,
        hearingAidTrialDays: z.number().int().positive(),
        glassesReadyDays: z.number().int().positive(),
        access: localizedSchema,
      })
      .strict(),
    chat: z.object({ accountName: z.string().min(1) }).strict(),
    mapTourUrl: httpsUrlSchema,
    mapProvider: z.string().min(1),
    directionsUrl: httpsUrlSchema,
    reviews: z
      .object({
        url: httpsUrlSchema,
        source: z.string().min(1),
        // The score and number of reviews on the review page, as it shows them.
        rating: z.object({ score: z.number().min(1).max(5), count: z.number().int().nonnegative() }).strict(),
      })
      .strict(),
    // The facts under the home page's hero: the year the shop opened, its registered
    // professionals, and how many brands it carries.
    trust: z
      .object({
        openedIn: z.number().int().min(1900).max(2100),
        registeredProfessionals: z.number().int().positive(),
        brands: z.number().int().positive(),
      })
      .strict(),
    social: z.array(z.object({ network: z.string().min(1), label: z.string().min(1), url: httpsUrlSchema }).strict()),
    consent: z.object({ preselect: z.boolean() }).strict(),
    analyticsId: z.string().regex(/^(G-[A-Z0-9]+)?$/, 'must be empty or a measurement id like G-ABC123'),
    // An advertising tag's id; empty, the consent banner has no marketing category at all.
    marketingTag: z.string().default(''),
    newsletterEndpoint: z.union([z.literal(''), httpsUrlSchema]),
  })
  .strict();
