import * as z from 'zod';
import {
  isoDateSchema,
  localeSchema,
  localizedSchema,
  SEARCH_LIMITS,
  searchDescriptionSchema,
  siteFileSchema,
  sitePathSchema,
  slugSchema,
} from './common.ts';
import { HOSTS } from './site.ts';

/** A text per language, with a description and an example of its own. */
const localized = (description: string, example: Record<string, string>) =>
  localizedSchema.meta({ description, examples: [example] });

/** content/collections/products.yaml: the home page's product teasers with "from" prices. */
export const productSchema = z
  .object({
    id: slugSchema.meta({
      description: 'The product’s identifier: lowercase letters, digits and hyphens, unique in the file.',
      examples: ['eyeglasses'],
    }),
    name: localized('The product’s name on its card on the home page, in each language.', {
      ca: 'Ulleres graduades',
      es: 'Gafas graduadas',
      en: 'Prescription glasses',
    }),
    category: localized('The small heading above the product’s name on its card, in each language.', {
      ca: 'Òptica',
      es: 'Óptica',
      en: 'Optical',
    }),
    price: z
      .number()
      .positive()
      .meta({
        description:
          'The “from” price in euros, more than zero. A monthly price must be the credit example’s instalment (site.yaml, financing), which the build checks.',
        examples: [89],
      }),
    unit: localized(
      'What the price buys, written to follow the price directly (“des de 26 € la capsa de 30 lents diàries”, “from €26 a box of 30 daily lenses”): the card shows it under the price, and pages write it as {{products.<id>.unit}}. An advertised price binds the centre, so it says what it covers: a box of how many lenses for how long, one hearing aid or a pair.',
      {
        ca: 'amb muntura i lents monofocals',
        es: 'con montura y lentes monofocales',
        en: 'with frame and single-vision lenses',
      },
    ),
    pricePeriod: z
      .literal('month')
      .optional()
      .meta({
        description: 'month when the price is a monthly payment; left out for a one-off price.',
        examples: ['month'],
      }),
    link: sitePathSchema.meta({
      description: 'The page the card leads to, by its path without the language prefix.',
      examples: ['/services/eyeglasses'],
    }),
    // A photo of content/images/ becomes a responsive <picture>, loaded lazily (the cards are below the hero).
    image: siteFileSchema.optional().meta({
      description:
        'The card’s picture by its path from the site’s root: a JPEG or PNG photo of content/images/ becomes a responsive photo, an SVG of public/ is shown as it is; optional.',
      examples: ['/images/products/eyeglasses.svg', '/images/products-eyeglasses.jpg'],
    }),
  })
  .strict()
  .meta({
    description: 'One product teaser on the home page.',
    examples: [
      {
        id: 'eyeglasses',
        name: { ca: 'Ulleres graduades', es: 'Gafas graduadas', en: 'Prescription glasses' },
        category: { ca: 'Òptica', es: 'Óptica', en: 'Optical' },
        price: 89,
        unit: {
          ca: 'amb muntura i lents monofocals',
          es: 'con montura y lentes monofocales',
          en: 'with frame and single-vision lenses',
        },
        link: '/services/eyeglasses',
        image: '/images/products/eyeglasses.svg',
      },
    ],
  });

/** The drawings of public/images/icons/, one per kind of service. */
export const serviceIcons = [
  'eye',
  'contact-lens',
  'ortho-k',
  'eyeglasses',
  'sunglasses',
  'frame-style',
  'lens',
  'ear',
  'hearing-aid',
  'hearing-centre',
  'tinnitus',
  'assistive-device',
  'ear-protection',
  'grant',
] as const;

/**
 * content/collections/services.yaml: the services, in the order the home page's cards, the
 * footer's lists and the services page's groups show them; `onHome` and `inFooter` leave an
 * entry out of the first two. The services page shows every entry whose page is in services/.
 */
export const serviceCardSchema = z
  .object({
    id: slugSchema.meta({
      description: 'The service’s identifier: lowercase letters, digits and hyphens, unique in the file.',
      examples: ['visual-health'],
    }),
    section: z.enum(['optical', 'audiology']).meta({
      description:
        'Which group the service belongs to: optical (eye care) or audiology (hearing care), on the home page, in the footer and on the services page.',
      examples: ['optical'],
    }),
    icon: z.enum(serviceIcons).meta({
      description: `The icon of the service’s card on the home page and the services page: one of ${serviceIcons.join(', ')}.`,
      examples: ['eye'],
    }),
    link: sitePathSchema.meta({
      description: 'The service’s page, by its path without the language prefix.',
      examples: ['/services/salut-visual'],
    }),
    title: localized('The service’s name on its card and in the footer, in each language.', {
      ca: 'Revisió visual',
      es: 'Revisión visual',
      en: 'Eye examinations',
    }),
    description: localized(
      'The sentence under the title on the service’s card on the home page and the services page, in each language.',
      {
        ca: 'Revisió completa de la vista amb un optometrista.',
        es: 'Revisión completa de la vista con un optometrista.',
        en: 'A full eye examination with an optometrist.',
      },
    ),
    onHome: z
      .boolean()
      .default(true)
      .meta({
        description: 'Whether the service has a card on the home page; true when left out.',
        examples: [false],
      }),
    inFooter: z
      .boolean()
      .default(true)
      .meta({
        description: 'Whether the service is listed in the footer’s list of its section; true when left out.',
        examples: [false],
      }),
  })
  .strict()
  .meta({
    description: 'One service, in the order the home page and the footer show them.',
    examples: [
      {
        id: 'visual-health',
        section: 'optical',
        icon: 'eye',
        link: '/services/salut-visual',
        title: { ca: 'Revisió visual', es: 'Revisión visual', en: 'Eye examinations' },
        description: {
          ca: 'Revisió completa de la vista amb un optometrista.',
          es: 'Revisión completa de la vista con un optometrista.',
          en: 'A full eye examination with an optometrist.',
        },
      },
    ],
  });

/** content/collections/reviews.yaml: customers' reviews, kept in the language they were written in. */
export const reviewSchema = z
  .object({
    id: slugSchema.meta({
      description: 'The review’s identifier: lowercase letters, digits and hyphens, unique in the file.',
      examples: ['review-1'],
    }),
    name: z
      .string()
      .min(1)
      .meta({
        description: 'The reviewer’s name as the review page shows it, often a first name and an initial.',
        examples: ['Marta G.'],
      }),
    rating: z
      .number()
      .int()
      .min(1, 'must be from 1 to 5')
      .max(5, 'must be from 1 to 5')
      .meta({ description: 'The reviewer’s rating, a whole number from 1 to 5.', examples: [5] }),
    date: isoDateSchema.meta({
      description: 'When the review was written, as a date YYYY-MM-DD that exists on the calendar.',
      examples: ['2026-09-14'],
    }),
    lang: localeSchema.meta({
      description: 'The language the review was written in, by its two-letter code: it is shown as it is.',
      examples: ['ca'],
    }),
    text: z
      .string()
      .min(1)
      .meta({
        description: 'The review, word for word.',
        examples: ['Vaig venir a fer-me una revisió de la vista perquè acabava el dia amb els ulls molt cansats.'],
      }),
    example: z
      .boolean()
      .default(false)
      .meta({
        description:
          'true marks a stand-in review written for the example: the site labels it, and every build lists it until it is replaced.',
        examples: [true],
      }),
  })
  .strict()
  .meta({
    description: 'One customer’s review, shown in the reviews section of the home page.',
    examples: [
      {
        id: 'review-1',
        name: 'Marta G.',
        rating: 5,
        date: '2026-09-14',
        lang: 'ca',
        text: 'Vaig venir a fer-me una revisió de la vista perquè acabava el dia amb els ulls molt cansats.',
      },
    ],
  });

/** content/collections/brands.yaml: the slides of the brand carousel. */
export const brandSchema = z
  .object({
    id: z
      .number()
      .int()
      .positive()
      .meta({
        description: 'The slide’s number, a whole number from 1, unique in the file.',
        examples: [1],
      }),
    name: z
      .string()
      .min(1)
      .meta({
        description: 'The brand’s name, which is also the logo’s text alternative.',
        examples: ['Etnia Barcelona'],
      }),
    logo: siteFileSchema.meta({
      description: 'The brand’s logo, a file of public/ by its path from the site’s root.',
      examples: ['/images/brands/etnia-barcelona.svg'],
    }),
    description: localized('The sentence under the logo on the slide, in each language.', {
      ca: "Marca d'ulleres nascuda a Barcelona, coneguda pel seu ús del color.",
      es: 'Marca de gafas nacida en Barcelona, conocida por su uso del color.',
      en: 'An eyewear brand born in Barcelona, known for its use of colour.',
    }),
  })
  .strict()
  .meta({
    description: 'One slide of the brand carousel on the home page, in display order.',
    examples: [
      {
        id: 2,
        name: 'Etnia Barcelona',
        logo: '/images/brands/etnia-barcelona.svg',
        description: {
          ca: "Marca d'ulleres nascuda a Barcelona, coneguda pel seu ús del color.",
          es: 'Marca de gafas nacida en Barcelona, conocida por su uso del color.',
          en: 'An eyewear brand born in Barcelona, known for its use of colour.',
        },
      },
    ],
  });

/** content/collections/oticon-models.yaml: one page per hearing-aid family or accessory. */
export const modelSchema = z
  .object({
    id: slugSchema.meta({
      description:
        'The model’s identifier and the last part of its page’s address (products/oticon-models/{id}): never rename it.',
      examples: ['intent'],
    }),
    name: z
      .string()
      .min(1)
      .meta({
        description: 'The model’s name, as its page’s title shows it.',
        examples: ['Oticon Intent'],
      }),
    kind: z.enum(['hearing-aid', 'accessory']).meta({
      description:
        'hearing-aid for a hearing-aid family, accessory for an accessory: the models page lists them apart.',
      examples: ['hearing-aid'],
    }),
    // Until the shop has its own photo, the page shows the illustration of its kind of device.
    image: siteFileSchema.optional().meta({
      description:
        'The model’s photo by its path from the site’s root: a JPEG or PNG of content/images/ becomes a responsive photo, an SVG of public/ is shown as it is; optional: without it, the page shows an illustration of its kind of device.',
      examples: ['/images/oticon-intent.jpg'],
    }),
    released: z
      .number()
      .int()
      .min(1990)
      .max(2100)
      .optional()
      .meta({
        description: 'The year the model came out, from 1990 to 2100; left out when in doubt.',
        examples: [2024],
      }),
    styles: z
      .array(z.string().min(1))
      .optional()
      .meta({ description: 'The styles the family comes in, by their names.', examples: [['miniRITE R', 'BTE PP']] }),
    fittingRange: localized('The degrees of hearing loss the model is fitted for, in each language; optional.', {
      ca: 'Pèrdua auditiva de lleu a profunda',
      es: 'Pérdida auditiva de leve a profunda',
      en: 'Mild to profound hearing loss',
    }).optional(),
    rechargeable: z
      .boolean()
      .optional()
      .meta({
        description: 'true when a rechargeable version of the family exists; left out when in doubt.',
        examples: [true],
      }),
    connectivity: localized('How the model connects to phones, TVs and other devices, in each language; optional.', {
      ca: "Connexió sense fil amb els audiòfons d'Oticon compatibles",
      es: 'Conexión inalámbrica con los audífonos de Oticon compatibles',
      en: 'Wireless link to compatible Oticon hearing aids',
    }).optional(),
    tinnitus: z
      .boolean()
      .optional()
      .meta({
        description: 'true when the model offers tinnitus relief sounds; left out when in doubt.',
        examples: [true],
      }),
    // The model page's description in search results, too.
    summary: z.record(localeSchema, searchDescriptionSchema).meta({
      description: `The model page’s opening line and its description in search results, in each language: from ${SEARCH_LIMITS.description[0]} to ${SEARCH_LIMITS.description[1]} characters each.`,
      examples: [
        {
          ca: "Llançat el 2024, l'Oticon Intent fa servir sensors de moviment i de so per estimar què vols escoltar i ajustar l'ajuda que et dona.",
          es: 'Lanzado en 2024, Oticon Intent utiliza sensores de movimiento y de sonido para estimar qué quieres escuchar y ajustar la ayuda que te ofrece.',
          en: 'Launched in 2024, Oticon Intent uses motion and sound sensors to estimate what you want to hear and adjust the help it gives you.',
        },
      ],
    }),
    body: localized('The model page’s text in each language: paragraphs separated by a blank line.', {
      ca: "L'Oticon Intent es basa en el que Oticon anomena tecnologia de sensors 4D.",
      es: 'Oticon Intent se basa en lo que Oticon llama tecnología de sensores 4D.',
      en: 'Oticon Intent is built around what Oticon calls 4D Sensor technology.',
    }),
  })
  .strict()
  .meta({
    description: 'One hearing-aid family or accessory, with a page of its own.',
    examples: [
      {
        id: 'tv-adapter',
        name: 'Oticon TV Adapter 3.0',
        kind: 'accessory',
        summary: {
          ca: "El TV Adapter 3.0 envia el so del televisor directament als teus audiòfons d'Oticon, perquè puguis triar el teu propi volum sense molestar ningú.",
          es: 'El TV Adapter 3.0 envía el sonido del televisor directamente a tus audífonos de Oticon, para que puedas elegir tu propio volumen sin molestar a nadie.',
          en: 'The TV Adapter 3.0 sends the sound of your TV straight to your Oticon hearing aids, so you can choose your own volume without disturbing anyone.',
        },
        body: {
          ca: 'La televisió és una de les situacions més difícils per a qui té pèrdua auditiva.',
          es: 'La televisión es una de las situaciones más difíciles para quien tiene pérdida auditiva.',
          en: 'Television is one of the hardest situations for people with hearing loss.',
        },
      },
    ],
  });

/** content/collections/storage.yaml: every cookie and browser-storage key the site sets. */
export const storageItemSchema = z
  .object({
    name: z
      .string()
      .min(1)
      .meta({
        description:
          'The cookie’s or storage key’s name, as the browser shows it; <id> stands for the analytics id without its G-.',
        examples: ['cookieConsent', '_ga_<id>'],
      }),
    // An embed is another site's frame, loaded only when asked for: its cookies are its own.
    kind: z.enum(['cookie', 'localStorage', 'embed']).meta({
      description:
        'cookie, localStorage (a key kept in the browser), or embed (another site’s frame, loaded only when asked for, whose cookies are its own).',
      examples: ['cookie'],
    }),
    category: z.enum(['necessary', 'analytics', 'marketing', 'third-party']).meta({
      description:
        'The consent category that covers it: necessary, analytics, marketing or third-party; the consent banner uses it.',
      examples: ['necessary'],
    }),
    owner: z
      .string()
      .min(1)
      .meta({
        description: 'Who sets it: the shop ({{name}}) or another company.',
        examples: ['{{name}}', 'Google Analytics'],
      }),
    purpose: localized('What it is for, in each language, as the cookie policy’s table says it.', {
      ca: "Recorda l'idioma que has triat per mostrar-te el web en aquest idioma.",
      es: 'Recuerda el idioma que has elegido para mostrarte la web en ese idioma.',
      en: 'Remembers the language you chose so the site is shown in it.',
    }),
    retention: localized('How long it is kept, in each language.', { ca: '1 any', es: '1 año', en: '1 year' }),
    // What the site stores follows its settings, and the table with it (docs/behaviour.md#cookie-consent).
    onlyWith: z
      .object({
        hosts: z
          .array(z.enum(HOSTS))
          .min(1)
          .optional()
          .meta({
            description: `A cookie that these hosts read (${HOSTS.join(', ')}): stored only when site.yaml’s hosts lists one of them.`,
            examples: [['netlify']],
          }),
        consent: z
          .literal(true)
          .optional()
          .meta({
            description:
              'true for the record of the visitor’s cookie choice: stored only when the site asks for one, with an analytics id or a marketing tag.',
            examples: [true],
          }),
      })
      .strict()
      .optional()
      .meta({
        description: 'When the site stores it only with some settings; left out, whatever the settings.',
        examples: [{ hosts: ['netlify'] }, { consent: true }],
      }),
  })
  .strict()
  .meta({
    description: 'One cookie or browser-storage key the site sets, listed in the cookie policy’s table.',
    examples: [
      {
        name: 'language',
        kind: 'cookie',
        category: 'necessary',
        owner: '{{name}}',
        purpose: {
          ca: 'La mateixa llengua triada.',
          es: 'El mismo idioma elegido.',
          en: 'The same language choice.',
        },
        retention: { ca: '1 any', es: '1 año', en: '1 year' },
      },
    ],
  });

/** content/redirects.yaml: old addresses and where they now lead (docs/behaviour.md#redirects). */
export const redirectRuleSchema = z
  .object({
    from: z
      .string()
      .regex(/^\/[^?#\s]*$/, 'must be a path starting with /')
      .meta({
        description:
          'The old address, as a path starting with / without query or spaces; with or without a slash at the end, both redirect.',
        examples: ['/lentillas-poblenou-barcelona'],
      }),
    to: z
      .string()
      .regex(/^\/[a-z]{2}\/[^?#\s]*$/, 'must be a page path with a language prefix, such as /ca/services/orto-k/')
      .meta({
        description:
          'The page it now leads to, by its path with the language prefix, such as /ca/services/orto-k/; the build checks the page exists.',
        examples: ['/es/services/lents-contacte/'],
      }),
  })
  .strict()
  .meta({
    description: 'One old address and the page it now leads to.',
    examples: [{ from: '/lentillas-poblenou-barcelona', to: '/es/services/lents-contacte/' }],
  });

/** content/redirects.yaml: which unprefixed paths redirect (docs/behaviour.md#redirects) and the old addresses. */
export const redirectsFileSchema = z
  .object({
    unprefixed: z
      .array(
        z
          .string()
          .regex(/^[a-z0-9-]+$/, 'must be the first segment of page ids, such as services')
          .meta({
            description: 'The first segment of page addresses, such as services.',
            examples: ['services'],
          }),
      )
      .meta({
        description:
          'Sections the old site had without a language prefix: /services/orto-k and the like lead to the same page in the visitor’s language.',
        examples: [['about', 'services', 'products', 'legal']],
      }),
    moved: z.array(redirectRuleSchema).meta({
      description: 'Old addresses and the page each now leads to, each served as a permanent (301) redirect.',
      examples: [[{ from: '/cat', to: '/ca/' }]],
    }),
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
