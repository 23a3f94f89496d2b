import * as z from 'zod';
import { creditMismatches } from './credit.ts';
import { httpsUrlSchema, localeSchema, localizedSchema } from './common.ts';
import { nginxServerSchema } from './nginx-server.ts';

const dayCode = z.enum(['mo', 'tu', 'we', 'th', 'fr', 'sa', 'su']).meta({
  description: 'A day of the week: mo, tu, we, th, fr, sa or su.',
  examples: ['mo', 'sa'],
});
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time written HH:MM');

// `opens < closes` compares two fields, which JSON Schema cannot: only the build checks it
// (cli/lib/json-schemas.ts, BUILD_ONLY_RULES).
const openingHoursSchema = z
  .object({
    days: z
      .array(dayCode)
      .min(1)
      .meta({
        description: 'The days these hours apply to, at least one.',
        examples: [['mo', 'tu', 'we', 'th']],
      }),
    opens: clockTime.meta({
      description:
        'When the shop opens on these days, local time, written HH:MM (24-hour clock); must be earlier than closes.',
      examples: ['10:00'],
    }),
    closes: clockTime.meta({
      description:
        'When the shop closes on these days, local time, written HH:MM (24-hour clock); must be later than opens. A lunch break is two entries.',
      examples: ['13:30'],
    }),
  })
  .strict()
  .refine((slot) => slot.opens < slot.closes, { message: 'opens must be before closes', path: ['closes'] })
  .meta({
    description: 'One stretch of opening hours on some days of the week.',
    examples: [{ days: ['mo', 'tu', 'we', 'th'], opens: '10:00', closes: '13:30' }],
  });

const euros = z.number().nonnegative();
const percent = z.number().min(0).max(100);

/** Said of every figure of the credit example: the build checks the sums, JSON Schema cannot. */
const ADDS_UP = 'The build checks that the example’s figures add up.';

/** The representative example of consumer credit every monthly price carries (Ley 16/2011, art. 9). */
const financingSchema = z
  .object({
    lender: z
      .string()
      .min(1)
      .meta({
        description: 'The lender, as its name appears on the credit agreement.',
        examples: ['Entitat Financera, S.A.'],
      }),
    product: localizedSchema.meta({
      description:
        'What the cash price buys, in each language, as the example names it (“un parell d’audiòfons”): a monthly price says what it pays for.',
      examples: [{ ca: "un parell d'audiòfons", es: 'un par de audífonos', en: 'a pair of hearing aids' }],
    }),
    intermediary: localizedSchema.meta({
      description:
        'What the centre is in the credit, in each language, as the example ends: a credit intermediary, and whether it works with this lender alone or with others (Ley 16/2011, art. 33.a).',
      examples: [
        {
          ca: "{{name}} n'és l'intermediari de crèdit, i només treballa amb aquesta entitat.",
          es: '{{name}} actúa como intermediario de crédito y solo trabaja con esta entidad.',
          en: '{{name}} acts as a credit intermediary and works with this lender only.',
        },
      ],
    }),
    cashPrice: euros.positive().meta({
      description: `The price paid in cash, in euros; more than zero. ${ADDS_UP}`,
      examples: [2160],
    }),
    downPayment: euros.meta({
      description: `The down payment, in euros: zero or more, and less than the cash price. ${ADDS_UP}`,
      examples: [0],
    }),
    termMonths: z
      .number()
      .int()
      .positive()
      .meta({ description: `The number of monthly instalments, a whole number. ${ADDS_UP}`, examples: [24] }),
    monthlyInstalment: euros.positive().meta({
      description: `Each monthly instalment, in euros: what the borrowed amount (cash price minus down payment) costs a month at the borrowing rate. ${ADDS_UP}`,
      examples: [90],
    }),
    borrowingRate: percent.meta({
      description: `The borrowing rate (TIN), in % a year, from 0 to 100. ${ADDS_UP}`,
      examples: [0, 7.95],
    }),
    apr: percent.meta({
      description: `The annual percentage rate (TAE), in % a year, from 0 to 100; must match the other figures. ${ADDS_UP}`,
      examples: [0],
    }),
    fees: euros.meta({ description: `Opening and other fees, in euros; zero or more. ${ADDS_UP}`, examples: [0] }),
    totalAmountPayable: euros.positive().meta({
      description: `Everything the customer pays: the instalments, the down payment and the fees, in euros. ${ADDS_UP}`,
      examples: [2160],
    }),
  })
  .strict()
  .superRefine((example, context) => {
    for (const [field, message] of creditMismatches(example))
      context.addIssue({ code: 'custom', message, path: [field] });
  });

const professionalName = z
  .string()
  .min(1)
  .meta({
    description: 'The professional’s full name, as the legal notice shows it.',
    examples: ['Marta Soler Vidal'],
  });

/**
 * Who examines and fits, shown in the legal notice: an optician-optometrist with their college
 * and membership number, a hearing-aid technician without either, since that profession has no college.
 */
const professionalSchema = z
  .discriminatedUnion('profession', [
    z
      .object({
        name: professionalName,
        profession: z.literal('optician-optometrist').meta({
          description:
            'Óptico-optometrista: eye examinations, glasses and contact lenses; must be a member of a college to practise.',
          examples: ['optician-optometrist'],
        }),
        feminine: z
          .literal(true)
          .optional()
          .meta({
            description:
              'true for a woman: the legal notice gives her title in its feminine form where a language has one (òptica-optometrista, óptica-optometrista).',
            examples: [true],
          }),
        college: z
          .string()
          .min(1)
          .meta({
            description: 'The professional college they belong to.',
            examples: ["Col·legi Oficial d'Òptics Optometristes de Catalunya"],
          }),
        number: z
          .string()
          .min(1)
          .meta({ description: 'Their membership number in that college, as text.', examples: ['00000'] }),
      })
      .strict(),
    z
      .object({
        name: professionalName,
        profession: z.literal('hearing-aid-technician').meta({
          description:
            'Técnico superior en audiología protésica (audioprotesista): hearing tests and hearing aids; the profession has no college, so no college or number is given.',
          examples: ['hearing-aid-technician'],
        }),
      })
      .strict(),
  ])
  .meta({
    description:
      'Someone who examines eyes or fits hearing aids, listed in the legal notice: profession optician-optometrist with their college and membership number, or hearing-aid-technician with neither.',
    examples: [
      {
        name: 'Marta Soler Vidal',
        profession: 'optician-optometrist',
        college: "Col·legi Oficial d'Òptics Optometristes de Catalunya",
        number: '00000',
      },
      { name: 'Núria Camps Serra', profession: 'hearing-aid-technician' },
    ],
  });

const visitSchema = z
  .object({
    price: euros.meta({
      description:
        'What the visit costs, in euros, a fixed price (pages state it without “from”); zero when it is free.',
      examples: [30],
    }),
    minutes: z
      .number()
      .int()
      .positive()
      .meta({ description: 'How long the visit takes, in whole minutes.', examples: [45] }),
  })
  .strict();

/**
 * The hosts the generator writes configuration for (docs/behaviour.md#static-hosts): the two
 * that serve precompressed copies as they are (nginx, Apache), and three that compress at the
 * edge and take an upload folder or a file of their own.
 */
export const HOSTS = ['nginx', 'apache', 'netlify', 'cloudflare-pages', 'vercel'] as const;

const phoneNumber = z.string().regex(/^\+?[\d ]{6,}$/, 'must be a phone number in digits and spaces');

/** Business settings (content/site.yaml): every locale-free fact about the centre. */
export const settingsSchema = z
  .object({
    name: z
      .string()
      .min(1)
      .meta({
        description: 'The trade name, as the logo, page titles and structured data show it.',
        examples: ['Òptica Poblenou'],
      }),
    // No language code twice: JSON Schema can only compare whole items, so only the build checks it.
    languages: z
      .array(
        z
          .object({
            code: localeSchema.meta({
              description:
                'The language’s two-letter code, such as ca: the name of its folder under content/ and the prefix of its addresses.',
              examples: ['ca'],
            }),
            ogLocale: z
              .string()
              .regex(/^[a-z]{2}_[A-Z]{2}$/, 'must be a locale such as ca_ES')
              .meta({
                description:
                  'The language and region social networks read, written like ca_ES; dates are written the region’s way too.',
                examples: ['ca_ES', 'en_GB'],
              }),
          })
          .strict()
          .meta({ description: 'One language of the site.', examples: [{ code: 'ca', ogLocale: 'ca_ES' }] }),
      )
      .min(1)
      .refine((list) => new Set(list.map((language) => language.code)).size === list.length, 'lists a language twice')
      .meta({
        description:
          'The site’s languages, in the order the language switcher offers them; the first is the default, which the others fall back to. At least one, and no code twice.',
        examples: [
          [
            { code: 'ca', ogLocale: 'ca_ES' },
            { code: 'es', ogLocale: 'es_ES' },
            { code: 'en', ogLocale: 'en_GB' },
          ],
        ],
      }),
    baseUrl: httpsUrlSchema.regex(/[^/]$/, 'must not end with a slash').meta({
      description:
        'The address the site is served from, used by canonical links, the sitemap and sharing tags: https:// and a host name, without a slash at the end.',
      examples: ['https://www.example.com'],
    }),
    hosts: z
      .array(z.enum(HOSTS))
      .min(1)
      .refine((list) => new Set(list).size === list.length, 'lists a host twice')
      .default([...HOSTS])
      .meta({
        description:
          'The hosts the site deploys to: nginx, apache, netlify, cloudflare-pages, vercel. The build writes the configuration (and, for Netlify and Cloudflare Pages, the upload folder) of these alone, and .br and .gz copies only when nginx or apache is listed. Left out, all five.',
        examples: [['cloudflare-pages'], ['nginx', 'netlify']],
      }),
    nginx: nginxServerSchema,
    company: z
      .object({
        legalName: z
          .string()
          .min(1)
          .meta({
            description: 'The company’s registered name, shown in the legal notice.',
            examples: ['Òptica Poblenou, S.L.'],
          }),
        taxId: z
          .string()
          .min(1)
          .meta({ description: 'The company’s tax identification number (NIF).', examples: ['B00000000'] }),
        registry: z.union([z.string().min(1), localizedSchema]).meta({
          description:
            'The company’s entry in the commercial register, shown in the legal notice: one text, or one per language (its volume, folio and sheet are named in each).',
          examples: [
            {
              ca: 'Registre Mercantil de Barcelona, volum 00000, foli 000, full B-000000',
              es: 'Registro Mercantil de Barcelona, tomo 00000, folio 000, hoja B-000000',
              en: 'Barcelona Commercial Register, volume 00000, folio 000, sheet B-000000',
            },
          ],
        }),
      })
      .strict()
      .meta({
        description: 'The company that runs the shop, as the legal notice names it.',
        examples: [
          {
            legalName: 'Òptica Poblenou, S.L.',
            taxId: 'B00000000',
            registry: 'Registre Mercantil de Barcelona, volum 00000, foli 000, full B-000000',
          },
        ],
      }),
    // A health establishment's legal notice (content/README.md, "Legal settings").
    health: z
      .object({
        authorisation: z
          .string()
          .min(1)
          .meta({
            description:
              'The number of the Departament de Salut’s authorisation to open as an optical and hearing-aid establishment.',
            examples: ['SLT/0000/2010'],
          }),
        registerEntry: z
          .string()
          .min(1)
          .meta({
            description:
              'The centre’s entry in the Registre de centres, serveis i establiments sanitaris de Catalunya.',
            examples: ['E08000000'],
          }),
        professionals: z
          .array(professionalSchema)
          .min(1)
          .meta({
            description: 'Everyone who examines eyes or fits hearing aids; at least one.',
            examples: [
              [
                {
                  name: 'Marta Soler Vidal',
                  profession: 'optician-optometrist',
                  college: "Col·legi Oficial d'Òptics Optometristes de Catalunya",
                  number: '00000',
                },
                { name: 'Núria Camps Serra', profession: 'hearing-aid-technician' },
              ],
            ],
          }),
        // Optional: the legal notice always names the rules; this adds where to read them.
        professionalRules: httpsUrlSchema.optional().meta({
          description:
            'Optional: the page where the professional rules of the professions above can be read (the college’s statutes and code of ethics), linked from the legal notice.',
          examples: ['https://www.example.com/normativa-professional'],
        }),
        // Optional: only an owner who advertises medical devices to the public with an authorisation has one.
        advertisingAuthorisation: z
          .string()
          .min(1)
          .optional()
          .meta({
            description:
              'Optional: the reference of the health authority’s authorisation to advertise medical devices (hearing aids, contact lenses) to the public, shown under the products and on the product and service pages.',
            examples: ['CPSP00000CAT'],
          }),
      })
      .strict()
      .meta({
        description:
          'What the law asks the site of a health establishment in Catalonia; the legal notice shows it, and the build refuses the site without it.',
        examples: [
          {
            authorisation: 'SLT/0000/2010',
            registerEntry: 'E08000000',
            professionals: [
              {
                name: 'Marta Soler Vidal',
                profession: 'optician-optometrist',
                college: "Col·legi Oficial d'Òptics Optometristes de Catalunya",
                number: '00000',
              },
            ],
          },
        ],
      }),
    dataProtection: z
      .object({
        email: z.email().meta({
          description: 'The e-mail address where visitors exercise their data-protection rights.',
          examples: ['privadesa@example.com'],
        }),
        // Optional: a data protection officer is appointed only where the law asks for one.
        officer: z
          .object({
            name: z
              .string()
              .min(1)
              .meta({
                description: 'The data protection officer: a person or the company that acts as one.',
                examples: ['Delegat de Protecció de Dades, S.L.'],
              }),
            email: z.email().meta({ description: 'The officer’s e-mail address.', examples: ['dpd@example.com'] }),
            feminine: z
              .literal(true)
              .optional()
              .meta({
                description:
                  'true when the officer is a woman: the privacy policy names her role in its feminine form where a language has one (delegada).',
                examples: [true],
              }),
          })
          .strict()
          .optional()
          .meta({
            description:
              'Optional: the data protection officer (DPO) and how to reach them, named in the privacy policy when given.',
            examples: [{ name: 'Delegat de Protecció de Dades, S.L.', email: 'dpd@example.com' }],
          }),
        serverLogDays: z
          .number()
          .int()
          .positive()
          .meta({
            description:
              'How many days the hosting provider keeps the server’s records of visits (IP address, date, page), as the privacy policy states.',
            examples: [30],
          }),
      })
      .strict()
      .meta({
        description: 'Data-protection contact, named in the privacy policy and the legal notice.',
        examples: [{ email: 'privadesa@example.com', serverLogDays: 30 }],
      }),
    // Empty: the centre does not adhere, and the terms say so (consumers must be told either way).
    consumerArbitration: z
      .string()
      .default('')
      .meta({
        description:
          'The consumer arbitration board the centre adheres to, as the terms name it (such as Junta Arbitral de Consum de Catalunya); empty or left out when it does not adhere, which the terms then say.',
        examples: ['', 'Junta Arbitral de Consum de Catalunya'],
      }),
    address: z
      .object({
        street: z
          .string()
          .min(1)
          .meta({ description: 'The street and number of the shop.', examples: ['Rambla del Poblenou, 48'] }),
        postalCode: z
          .string()
          .regex(/^\d{5}$/, 'must be a five-digit postal code')
          .meta({
            description: 'The five-digit postal code, quoted so YAML keeps its leading zero.',
            examples: ['08005'],
          }),
        locality: z
          .string()
          .min(1)
          .meta({ description: 'The town or city.', examples: ['Barcelona'] }),
        region: z
          .string()
          .min(1)
          .meta({ description: 'The region or province.', examples: ['Catalunya'] }),
        country: z
          .string()
          .length(2)
          .meta({ description: 'The country as a two-letter code (ISO 3166-1).', examples: ['ES'] }),
        geo: z
          .object({
            latitude: z
              .number()
              .min(-90)
              .max(90)
              .meta({ description: 'Latitude of the shop front, in degrees from -90 to 90.', examples: [41.4003] }),
            longitude: z
              .number()
              .min(-180)
              .max(180)
              .meta({ description: 'Longitude of the shop front, in degrees from -180 to 180.', examples: [2.2013] }),
          })
          .strict()
          .meta({
            description: 'Where the shop front is on a map, for structured data; check it on a map before going live.',
            examples: [{ latitude: 41.4003, longitude: 2.2013 }],
          }),
      })
      .strict()
      .meta({
        description: 'The shop’s postal address, shown in the location section, the footer and structured data.',
        examples: [
          {
            street: 'Rambla del Poblenou, 48',
            postalCode: '08005',
            locality: 'Barcelona',
            region: 'Catalunya',
            country: 'ES',
            geo: { latitude: 41.4003, longitude: 2.2013 },
          },
        ],
      }),
    contact: z
      .object({
        phone: phoneNumber.meta({
          description: 'The shop’s phone number, in digits and spaces, optionally starting with +.',
          examples: ['+34 930 000 000'],
        }),
        mobile: phoneNumber.meta({
          description: 'The shop’s mobile number, in digits and spaces, optionally starting with +.',
          examples: ['+34 600 000 000'],
        }),
        email: z
          .email()
          .meta({ description: 'The shop’s e-mail address for customers.', examples: ['hola@example.com'] }),
        whatsapp: z
          .string()
          .regex(/^\d{8,15}$/, 'must be the number in international format, digits only')
          .meta({
            description: 'The WhatsApp number in international format, digits only (8 to 15), without + or spaces.',
            examples: ['34600000000'],
          }),
      })
      .strict()
      .meta({
        description: 'How customers reach the shop: shown in the header, the location section and the footer.',
        examples: [
          { phone: '+34 930 000 000', mobile: '+34 600 000 000', email: 'hola@example.com', whatsapp: '34600000000' },
        ],
      }),
    openingHours: z
      .array(openingHoursSchema)
      .min(1)
      .meta({
        description:
          'The opening hours, local time (Europe/Madrid), as the location section and structured data show them; at least one entry. Days not listed are closed.',
        examples: [
          [
            { days: ['mo', 'tu', 'we', 'th'], opens: '10:00', closes: '13:30' },
            { days: ['sa'], opens: '10:30', closes: '14:00' },
          ],
        ],
      }),
    booking: z
      .object({
        url: httpsUrlSchema.meta({
          description:
            'The external appointment-booking page that every “Book an appointment” button opens; subject and duration are added to it.',
          examples: ['https://calendar.example.com/optica-poblenou/book'],
        }),
        subject: z
          .string()
          .min(1)
          .meta({
            description: 'The default subject of a booking; a page’s front matter can give its own.',
            examples: ['consultation'],
          }),
        duration: z
          .number()
          .int()
          .positive()
          .meta({
            description: 'The default length of an appointment, in whole minutes; a page can give its own.',
            examples: [60],
          }),
      })
      .strict()
      .meta({
        description: 'Online appointment booking.',
        examples: [{ url: 'https://calendar.example.com/optica-poblenou/book', subject: 'consultation', duration: 60 }],
      }),
    // Optional: without it, the build refuses any monthly price.
    financing: financingSchema.optional().meta({
      description:
        'The representative example of the consumer credit behind every monthly price the site shows (Ley 16/2011, art. 9). Without it, the build refuses any monthly price; with it, the build checks that its figures add up.',
      examples: [
        {
          lender: 'Entitat Financera, S.A.',
          product: { ca: "un parell d'audiòfons", es: 'un par de audífonos', en: 'a pair of hearing aids' },
          intermediary: {
            ca: "{{name}} n'és l'intermediari de crèdit.",
            es: '{{name}} es el intermediario de crédito.',
            en: '{{name}} is the credit intermediary.',
          },
          cashPrice: 2160,
          downPayment: 0,
          termMonths: 24,
          monthlyInstalment: 90,
          borrowingRate: 0,
          apr: 0,
          fees: 0,
          totalAmountPayable: 2160,
        },
      ],
    }),
    visits: z
      .object({
        eyeExam: visitSchema.meta({
          description: 'The eye examination: its price and length, quoted by service pages and the questions page.',
          examples: [{ price: 30, minutes: 45 }],
        }),
        hearingTest: visitSchema.meta({
          description: 'The hearing test: its price and length, quoted by service pages and the questions page.',
          examples: [{ price: 40, minutes: 60 }],
        }),
        hearingAidTrialDays: z
          .number()
          .int()
          .positive()
          .meta({
            description: 'How many days a new hearing aid can be tried at home before deciding.',
            examples: [30],
          }),
        hearingAidTrialDeposit: z
          .number()
          .nonnegative()
          .meta({
            description:
              'The deposit asked when a hearing-aid trial starts, in euros; 0 when none. The trial’s terms quote it as {{visits.hearingAidTrialDeposit}}.',
            examples: [100],
          }),
        hearingAidTrialTerms: localizedSchema.meta({
          description:
            'The conditions of the hearing-aid trial, in each language, as the hearing-aids page, the questions page and the terms quote them: what the trial costs, the deposit ({{visits.hearingAidTrialDeposit}}), and how the hearing aids are returned.',
          examples: [
            {
              ca: 'La prova és gratuïta i no demanem cap dipòsit: si no et quedes els audiòfons, els tornes al centre.',
              es: 'La prueba es gratuita y no pedimos ningún depósito: si no te quedas los audífonos, los devuelves en el centro.',
              en: 'The trial is free and we ask for no deposit: if you decide not to keep the hearing aids, you return them to the centre.',
            },
          ],
        }),
        glassesReadyDays: z
          .number()
          .int()
          .positive()
          .meta({
            description: 'Working days from ordering glasses to collecting them (single-vision lenses in stock).',
            examples: [7],
          }),
        access: localizedSchema.meta({
          description:
            'How the shop is reached from the street, for someone in a wheelchair or with a pram, in each language.',
          examples: [
            {
              ca: "L'entrada és a peu de carrer, sense graons.",
              es: 'La entrada está a pie de calle, sin escalones.',
              en: 'The entrance is at street level with no steps.',
            },
          ],
        }),
      })
      .strict()
      .meta({
        description: 'Practical answers for visitors, which pages quote as {{visits.eyeExam.price}} and the like.',
        examples: [
          {
            eyeExam: { price: 30, minutes: 45 },
            hearingTest: { price: 40, minutes: 60 },
            hearingAidTrialDays: 30,
            hearingAidTrialDeposit: 0,
            hearingAidTrialTerms: { ca: 'Prova gratuïta.', es: 'Prueba gratuita.', en: 'A free trial.' },
            glassesReadyDays: 7,
            access: { ca: 'Sense graons.', es: 'Sin escalones.', en: 'No steps.' },
          },
        ],
      }),
    chat: z
      .object({
        accountName: z
          .string()
          .min(1)
          .meta({
            description: 'The name the WhatsApp chat window shows as the one replying.',
            examples: ['Òptica Poblenou'],
          }),
      })
      .strict()
      .meta({ description: 'The WhatsApp chat button.', examples: [{ accountName: 'Òptica Poblenou' }] }),
    mapTourUrl: httpsUrlSchema.meta({
      description:
        'The embedded map or virtual tour of the shop in the location section, loaded only when the visitor asks for it.',
      examples: ['https://maps.example.com/embed/optica-poblenou-tour'],
    }),
    hosting: z
      .object({
        provider: z
          .string()
          .min(1)
          .meta({
            description:
              'The company whose servers serve the site, as its contract names it: the privacy policy names it as the processor that keeps the records of visits.',
            examples: ['Netlify, Inc.'],
          }),
        location: z.enum(['eea', 'outside-eea']).meta({
          description:
            'Where it processes the records: eea, inside the European Economic Area, or outside-eea, which the privacy policy lists among the international transfers.',
          examples: ['outside-eea'],
        }),
      })
      .strict()
      .meta({
        description: 'Who hosts the site, for the privacy policy ({{hosting.provider}}).',
        examples: [{ provider: 'Netlify, Inc.', location: 'outside-eea' }],
      }),
    mapProvider: z
      .string()
      .min(1)
      .meta({
        description: 'Who serves the embedded map: the cookie policy names them as the embed’s owner.',
        examples: ['Google Maps'],
      }),
    directionsUrl: httpsUrlSchema.meta({
      description: 'The page the “Get directions” link opens.',
      examples: ['https://maps.example.com/dir/?destination=Rambla+del+Poblenou+48+08005+Barcelona'],
    }),
    reviews: z
      .object({
        url: httpsUrlSchema.meta({
          description: 'The page with all the shop’s reviews, which “Read all reviews” opens.',
          examples: ['https://maps.example.com/place/optica-poblenou/reviews'],
        }),
        source: z
          .string()
          .min(1)
          .meta({
            description: 'The name of the service the reviews come from, shown next to each review.',
            examples: ['Google Maps'],
          }),
        verification: localizedSchema.meta({
          description:
            'How the reviews shown were collected and how the centre checks that they come from people it attended, in each language, shown beside them (Ley de Competencia Desleal, art. 20, after the Omnibus Directive); {{reviews.source}} names the service.',
          examples: [
            {
              ca: 'Les triem entre les que els clients han publicat a {{reviews.source}}.',
              es: 'Las elegimos entre las que los clientes han publicado en {{reviews.source}}.',
              en: 'We choose them from those customers have posted on {{reviews.source}}.',
            },
          ],
        }),
        // The score and number of reviews on the review page, as it shows them.
        rating: z
          .object({
            score: z
              .number()
              .min(1)
              .max(5)
              .meta({ description: 'The average score, from 1 to 5, as the review page shows it.', examples: [4.8] }),
            count: z
              .number()
              .int()
              .nonnegative()
              .meta({
                description: 'How many reviews the score is based on, a whole number.',
                examples: [120],
              }),
          })
          .strict()
          .meta({
            description: 'The score and number of reviews on the review page; the trust strip repeats them.',
            examples: [{ score: 4.8, count: 120 }],
          }),
      })
      .strict()
      .meta({
        description: 'Where the reviews section’s reviews come from.',
        examples: [
          {
            url: 'https://maps.example.com/place/optica-poblenou/reviews',
            source: 'Google Maps',
            verification: { ca: 'Ressenyes de clients.', es: 'Reseñas de clientes.', en: 'Customers’ reviews.' },
            rating: { score: 4.8, count: 120 },
          },
        ],
      }),
    // The facts under the home page's hero: the year the shop opened, its registered
    // professionals, and how many brands it carries.
    trust: z
      .object({
        openedIn: z
          .number()
          .int()
          .min(1900)
          .max(2100)
          .meta({
            description: 'The year the shop opened, from 1900 to 2100: the strip shows the years since.',
            examples: [1998],
          }),
        brands: z
          .number()
          .int()
          .positive()
          .meta({
            description: 'How many brands of frames, lenses and hearing aids the shop carries.',
            examples: [30],
          }),
      })
      .strict()
      .meta({
        description: 'The figures under the home page’s hero, so a visitor sees at once who they are dealing with.',
        examples: [{ openedIn: 1998, brands: 30 }],
      }),
    social: z
      .array(
        z
          .object({
            network: z
              .string()
              .min(1)
              .meta({
                description: 'A short name for the network, such as instagram or facebook.',
                examples: ['instagram'],
              }),
            label: z
              .string()
              .min(1)
              .meta({ description: 'The network’s name, as the link says it.', examples: ['Instagram'] }),
            url: httpsUrlSchema.meta({
              description: 'The shop’s page on that network.',
              examples: ['https://www.instagram.com/example'],
            }),
          })
          .strict()
          .meta({
            description: 'One social-media profile.',
            examples: [{ network: 'instagram', label: 'Instagram', url: 'https://www.instagram.com/example' }],
          }),
      )
      .meta({
        description: 'The shop’s social-media profiles, linked from the footer; may be empty.',
        examples: [[{ network: 'x', label: 'X', url: 'https://x.com/example' }]],
      }),
    consent: z
      .object({
        preselect: z.boolean().meta({
          description:
            'Whether the optional cookie categories start switched on in the cookie preferences while a visitor has chosen nothing: false starts them off, true on.',
          examples: [false],
        }),
      })
      .strict()
      .meta({ description: 'The cookie consent banner.', examples: [{ preselect: false }] }),
    analyticsId: z
      .string()
      .regex(/^(G-[A-Z0-9]+)?$/, 'must be empty or a measurement id like G-ABC123')
      .meta({
        description:
          'The analytics measurement id, such as G-ABC123, loaded only with consent; empty for no analytics at all.',
        examples: ['', 'G-ABC123'],
      }),
    // An advertising tag's id; empty, the consent banner has no marketing category at all.
    marketingTag: z
      .string()
      .default('')
      .meta({
        description:
          'The id of an advertising (marketing) tag loaded with consent; empty or left out, the cookie preferences have no marketing category.',
        examples: [''],
      }),
    newsletterEndpoint: z.union([z.literal(''), httpsUrlSchema]).meta({
      description:
        'The https address that receives the newsletter form’s e-mail address; empty, the form says the newsletter is not available.',
      examples: ['', 'https://newsletter.example.com/subscribe'],
    }),
  })
  .strict();
