import { beforeAll, describe, expect, it } from 'vitest';
import { buildInMemory, documentOf } from '../helpers/site.ts';
import { uiText } from '../helpers/ui.ts';

/** The folders that are pages themselves, listing the pages in them (docs/behaviour.md#routes). */
const folders = ['services', 'products', 'legal'];
/** The route table of docs/behaviour.md#routes, below each language prefix. */
const specRoutes = [
  '',
  'about',
  ...folders,
  ...[
    'salut-visual',
    'lents-contacte',
    'contact-lenses',
    'orto-k',
    'eyeglasses',
    'sunglasses',
    'image-consulting',
    'lens-consulting',
    'hearing-test',
    'hearing-aids',
    'tinnitus-treatment',
    'ear-protection',
    'technical-aids',
    'subvenciones',
    'audiologia-centro',
  ].map((slug) => `services/${slug}`),
  'products/oticon-models',
  ...['privacy-policy', 'terms-conditions', 'cookies-policy'].map((slug) => `legal/${slug}`),
];
/** Model ids already in use on the current site (facts.md): their URLs must stay. */
const stableModelIds = [
  'real',
  'more',
  'xceed',
  'opn-s',
  'ruby',
  'siya',
  'cros',
  'pediatric',
  'tv-adapter',
  'remote-control',
  'connect-clip',
  'edumic',
  'charger',
];
const locales = ['ca', 'es', 'en'] as const;
const fileOf = (locale: string, id: string) => `${locale}/${id ? `${id}/` : ''}index.html`;

let site: Awaited<ReturnType<typeof buildInMemory>>;
beforeAll(async () => {
  site = await buildInMemory();
});

describe('pages', () => {
  it.each(locales)('writes every route of the route table in %s with its language and its own title', (locale) => {
    for (const id of specRoutes) {
      const document = documentOf(site.files, fileOf(locale, id));
      const route = site.site.routes.find((candidate) => candidate.locale === locale && candidate.id === id)!;
      expect(document.documentElement.getAttribute('lang'), id).toBe(locale);
      expect(document.title, id).toContain(route.entry!.title);
      expect(document.querySelector('meta[name=description]')?.getAttribute('content'), id).toBe(
        route.entry!.description,
      );
      expect(document.querySelectorAll('h1'), id).toHaveLength(1);
    }
  });

  it.each(locales)('writes one page per Oticon model in %s, titled with the model name', (locale) => {
    for (const id of stableModelIds) {
      const document = documentOf(site.files, fileOf(locale, `products/oticon-models/${id}`));
      const model = site.site.content.collections.models.find((candidate) => candidate.id === id)!;
      expect(document.documentElement.getAttribute('lang')).toBe(locale);
      expect(document.querySelector('h1')?.textContent).toBe(model.name);
    }
  });

  it('gives every page the top bar, a main region, the footer and the chat button', () => {
    for (const output of site.outputs.filter((candidate) => candidate.route)) {
      const document = documentOf(site.files, output.path);
      expect(document.querySelector('header.topbar'), output.path).not.toBeNull();
      expect(document.querySelector('main#main'), output.path).not.toBeNull();
      expect(document.querySelector('footer'), output.path).not.toBeNull();
      expect(document.querySelector('[data-island="chat-button"] a[aria-label]'), output.path).not.toBeNull();
    }
  });

  it.each(locales)('lists the services in the footer in the spec’s order in %s (ruling 31)', (locale) => {
    const hrefs = (group: string) =>
      [...documentOf(site.files, fileOf(locale, 'about')).querySelectorAll(`nav[aria-labelledby="${group}"] a`)].map(
        (link) => link.getAttribute('href'),
      );
    const pages = (...slugs: string[]) => slugs.map((slug) => `/${locale}/services/${slug}/`);
    expect(hrefs('footer-visual')).toEqual(
      pages(
        'eyeglasses',
        'sunglasses',
        'contact-lenses',
        'salut-visual',
        'orto-k',
        'image-consulting',
        'lens-consulting',
      ),
    );
    expect(hrefs('footer-auditory')).toEqual(
      pages('hearing-test', 'hearing-aids', 'ear-protection', 'technical-aids', 'subvenciones'),
    );
  });

  it.each(locales)('gives every page the breadcrumbs from home through each folder page above it in %s', (locale) => {
    const trailOf = (id: string) =>
      [...documentOf(site.files, fileOf(locale, id)).querySelectorAll('.breadcrumbs li')].map((item) => [
        item.textContent,
        item.querySelector('a')?.getAttribute('href') ?? null,
      ]);
    const crumb = (id: string) => {
      const route = site.site.routes.find((candidate) => candidate.locale === locale && candidate.id === id)!;
      return [route.model?.name ?? route.entry!.label ?? route.entry!.title, route.url];
    };
    const here = (id: string) => [crumb(id)[0], null];
    expect(trailOf('services')).toEqual([crumb(''), here('services')]);
    expect(trailOf('services/orto-k')).toEqual([crumb(''), crumb('services'), here('services/orto-k')]);
    expect(trailOf('legal/privacy-policy')).toEqual([crumb(''), crumb('legal'), here('legal/privacy-policy')]);
    expect(trailOf('products/oticon-models/real')).toEqual([
      crumb(''),
      crumb('products'),
      crumb('products/oticon-models'),
      here('products/oticon-models/real'),
    ]);
    expect(trailOf('about')).toEqual([crumb(''), here('about')]);
  });

  it('shows the English 404 texts and translated ones in Spanish and Catalan', () => {
    const english = documentOf(site.files, 'en/404/index.html');
    expect(english.querySelector('h1')?.textContent).toBe('Page not found');
    expect(english.querySelector('main')?.textContent).toContain(
      // The spec's message, without its comma splice (ruling 26: its English gives the meaning).
      "We're sorry, but the page you were looking for doesn't exist or has been moved.",
    );
    expect(english.querySelector('main a.button')?.textContent).toBe('Back to the home page');
    expect(english.querySelector('main a.button')?.getAttribute('href')).toBe('/en/');
    expect(english.querySelector('meta[name=robots]')?.getAttribute('content')).toBe('noindex');
    expect(documentOf(site.files, 'es/404/index.html').querySelector('h1')?.textContent).toBe('Página no encontrada');
    expect(documentOf(site.files, 'ca/404/index.html').querySelector('h1')?.textContent).toBe('Pàgina no trobada');
    expect(documentOf(site.files, 'ca/404/index.html').querySelector('main a.button')?.getAttribute('href')).toBe(
      '/ca/',
    );
  });

  it('switches language on a 404 page to the other language’s home page, never its 404 page (issue 40)', () => {
    const notFoundPages = site.outputs.filter((output) => /(^|\/)404(\.html|\/index\.html)$/.test(output.path));
    expect(notFoundPages.map((output) => output.path).sort()).toEqual(
      ['404.html', ...locales.flatMap((locale) => [`${locale}/404.html`, `${locale}/404/index.html`])].sort(),
    );
    for (const { path } of notFoundPages) {
      const links = [...documentOf(site.files, path).querySelectorAll('.lang-switcher a')];
      expect(
        links.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]),
        path,
      ).toEqual(locales.map((locale) => [locale, `/${locale}/`]));
    }
  });

  it('links each page to its three language versions and x-default', () => {
    const document = documentOf(site.files, 'es/services/orto-k/index.html');
    const alternates = Object.fromEntries(
      [...document.querySelectorAll('link[rel=alternate]')].map((link) => [
        link.getAttribute('hreflang') ?? '',
        link.getAttribute('href'),
      ]),
    );
    expect(alternates).toEqual({
      ca: 'https://www.example.com/ca/services/orto-k/',
      es: 'https://www.example.com/es/services/orto-k/',
      en: 'https://www.example.com/en/services/orto-k/',
      'x-default': 'https://www.example.com/ca/services/orto-k/',
    });
    expect(document.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe(
      'https://www.example.com/es/services/orto-k/',
    );
  });

  it('switches language to the same page in the other languages', () => {
    const document = documentOf(site.files, 'en/legal/cookies-policy/index.html');
    const links = [...document.querySelectorAll('.lang-switcher a')].map((link) => [
      link.textContent,
      link.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['Català', '/ca/legal/cookies-policy/'],
      ['Español', '/es/legal/cookies-policy/'],
      ['English', '/en/legal/cookies-policy/'],
    ]);
  });

  it('fills settings placeholders and lists in the cookie table only what these settings make the site store', () => {
    const document = documentOf(site.files, 'en/legal/cookies-policy/index.html');
    const body = document.querySelector('.prose')!;
    expect(body.textContent).not.toContain('{{');
    const names = [...body.querySelectorAll('table tbody tr td:first-child')].map((cell) => cell.textContent);
    const { settings, collections } = site.site.content;
    // No analytics id and no marketing tag: neither kind of cookie is set, nor the record of a
    // choice the site never asks for (ruling 32), so none is listed (site/legal-texts.test.ts turns them on).
    expect([settings.analyticsId, settings.marketingTag]).toEqual(['', '']);
    expect(names).toEqual(
      collections.storage
        .filter((item) => item.category !== 'analytics' && item.category !== 'marketing' && !item.onlyWith?.consent)
        .map((item) => item.name.replace('{{mapProvider}}', settings.mapProvider)),
    );
    expect(names).not.toContain('cookieConsent');
    expect(names).not.toContain('_ga');
    expect(documentOf(site.files, 'ca/legal/privacy-policy/index.html').querySelector('.prose')?.textContent).toContain(
      site.site.content.settings.company.taxId,
    );
  });

  it('writes the opening hours of the settings on the home page', () => {
    const rows = [...documentOf(site.files, 'en/index.html').querySelectorAll('#location table.hours tr')].map(
      (row) => row.textContent,
    );
    expect(rows).toEqual([
      'Monday–Thursday10:00–13:30 and 16:30–20:00',
      'Friday10:00–20:00',
      'Saturday10:30–14:00',
      'SundayClosed',
    ]);
  });

  it('names the hours table by the heading above it, once: no hidden caption repeats it', () => {
    const page = documentOf(site.files, 'ca/index.html');
    const table = page.querySelector('#location table.hours')!;
    expect(page.getElementById(table.getAttribute('aria-labelledby')!)?.textContent).toBe('Horari');
    expect(table.querySelector('caption')).toBeNull();
    expect(page.querySelector('#location')!.textContent.split('Horari').length - 1).toBe(1);
  });

  it('names a range of days as each language writes it (issue 28): "De dilluns a dijous", not "Dilluns–Dijous"', () => {
    const firstDays = (locale: string) =>
      documentOf(site.files, `${locale}/index.html`).querySelector('#location table.hours th')?.textContent;
    expect(['ca', 'es', 'en'].map(firstDays)).toEqual(['De dilluns a dijous', 'De lunes a jueves', 'Monday–Thursday']);
  });

  it.each([
    ['ca', '27', '4,8', 'de 5 en 120 ressenyes a Google Maps'],
    ['en', '27', '4.8', 'out of 5 from 120 reviews on Google Maps'],
  ])('shows the trust strip from the settings under the hero in %s', (locale, years, score, caption) => {
    const { trust, reviews } = site.site.content.settings;
    expect([trust.openedIn, reviews.rating.score, reviews.rating.count, site.site.buildYear]).toEqual([
      1998, 4.8, 120, 2025,
    ]);
    const document = documentOf(site.files, `${locale}/index.html`);
    const strip = document.querySelector('[data-island="home"]:has(#hero) + section.trust');
    expect(strip?.getAttribute('aria-label')).toBeTruthy();
    const items = [...strip!.querySelectorAll('.trust__item')].map((item) => [
      item.querySelector('.trust__value')!.textContent.replace('★', '').trim(),
      item.querySelector('.trust__caption')!.textContent,
    ]);
    expect(items).toHaveLength(4);
    expect(items[0]![0]).toBe(years);
    // The professionals the legal notice lists, so the two never disagree.
    expect(items[1]![0]).toBe(String(site.site.content.settings.health.professionals.length));
    // A lower bound, as each language writes one: "+30" in Catalan, "30+" in English.
    expect(items[2]![0]).toBe(locale === 'en' ? `${trust.brands}+` : `+${trust.brands}`);
    expect(items[3]).toEqual([score, caption]);
  });

  it('keeps the home page sections in order with their anchor ids', () => {
    const document = documentOf(site.files, 'ca/index.html');
    const ids = [...document.querySelectorAll('main section')]
      .filter((section) => !section.parentElement?.closest('section'))
      .map((section) => section.id);
    expect(ids.filter((id) => ['hero', 'products', 'optical', 'audiology', 'brands', 'contact'].includes(id))).toEqual([
      'hero',
      'products',
      'optical',
      'audiology',
      'brands',
      'contact',
    ]);
    expect(document.querySelector('#contact #location')).not.toBeNull();
    expect(document.querySelectorAll('#products li')).toHaveLength(4);
    expect(document.querySelectorAll('#optical li')).toHaveLength(5);
    expect(document.querySelectorAll('#audiology li')).toHaveLength(5);
    expect(document.querySelector('#audiology a[href="/ca/services/audiologia-centro/"]')).not.toBeNull();
    expect(document.querySelector('#optical a[href*="duration=30"]')).not.toBeNull();
  });

  it.each(['ca', 'es', 'en'])(
    'opens the %s home page with the two first visits: what each is, how long, what it costs, and its booking (issue 40)',
    (locale) => {
      const { visits } = site.site.content.settings;
      const document = documentOf(site.files, `${locale}/index.html`);
      const offer = [...document.querySelectorAll('#hero .visit')].map((visit) => ({
        page: visit.querySelector('h2 a')?.getAttribute('href'),
        what: visit.querySelector('.visit__what')?.textContent,
        facts: visit.querySelector('.visit__facts')?.textContent,
        booking: new URL(visit.querySelector<HTMLAnchorElement>('a.button')!.href).searchParams.get('duration'),
      }));
      const card = (link: string) =>
        site.site.content.collections.services.find((service) => service.link === link)!.description[locale];
      const price = (amount: number) =>
        new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(amount);
      const facts = (visit: { minutes: number; price: number }) =>
        uiText(locale, 'hero.visitFacts')
          .replace('{minutes}', String(visit.minutes))
          .replace('{price}', price(visit.price));
      expect(offer).toEqual([
        {
          page: `/${locale}/services/salut-visual/`,
          what: card('/services/salut-visual'),
          facts: facts(visits.eyeExam),
          booking: String(visits.eyeExam.minutes),
        },
        {
          page: `/${locale}/services/hearing-test/`,
          what: card('/services/hearing-test'),
          facts: facts(visits.hearingTest),
          booking: String(visits.hearingTest.minutes),
        },
      ]);
    },
  );

  it('shows the services in one band of two columns, three with their sentence and the rest by name, and links to all of them (issue 40)', () => {
    const document = documentOf(site.files, 'en/index.html');
    const band = document.querySelector('.services-band')!;
    expect([...band.querySelectorAll(':scope > section')].map((column) => column.id)).toEqual(['optical', 'audiology']);
    for (const id of ['optical', 'audiology']) {
      const cards = site.site.content.collections.services.filter((card) => card.section === id && card.onHome);
      const column = band.querySelector(`#${id}`)!;
      expect([...column.querySelectorAll('.service-card h3')].map((title) => title.textContent)).toEqual(
        cards.slice(0, 3).map((card) => card.title.en),
      );
      expect([...column.querySelectorAll('.service-card p')].map((text) => text.textContent)).toEqual(
        cards.slice(0, 3).map((card) => card.description.en),
      );
      expect([...column.querySelectorAll('.service-links a')].map((link) => link.textContent)).toEqual(
        cards.slice(3).map((card) => card.title.en),
      );
    }
    expect(band.querySelector('.services-band__all a')?.getAttribute('href')).toBe('/en/services/');
  });
});

describe('folder pages', () => {
  /** The pages one folder below `folder` in a language, as the build made them. */
  const childrenOf = (locale: string, folder: string) =>
    site.site.routes.filter(
      (route) =>
        route.locale === locale &&
        route.isIndexable &&
        route.id.startsWith(`${folder}/`) &&
        !route.id.slice(folder.length + 1).includes('/'),
    );

  it.each(locales)('writes the page of each folder in %s with its own title, description and h1', (locale) => {
    for (const folder of folders) {
      const route = site.site.routes.find((candidate) => candidate.locale === locale && candidate.id === folder);
      expect(route?.url, folder).toBe(`/${locale}/${folder}/`);
      expect([route!.template, route!.isFallback, route!.isIndexable], folder).toEqual(['index', false, true]);
      const entry = route!.entry!;
      expect(entry.file, folder).toBe(`content/${locale}/${folder}/index.md`);
      const document = documentOf(site.files, fileOf(locale, folder));
      expect(document.documentElement.getAttribute('lang'), folder).toBe(locale);
      expect(document.title, folder).toBe(`${entry.title} | ${site.site.content.settings.name}`);
      expect(document.querySelector('meta[name=description]')?.getAttribute('content'), folder).toBe(entry.description);
      expect(entry.description.length, folder).toBeGreaterThanOrEqual(50);
      expect(
        [...document.querySelectorAll('h1')].map((heading) => heading.textContent),
        folder,
      ).toEqual([entry.title]);
      expect(document.querySelector('.prose')?.textContent?.trim(), folder).not.toBe('');
    }
  });

  it.each(locales)('lists on each folder page in %s exactly the pages in the folder, by name', (locale) => {
    for (const folder of folders) {
      const children = childrenOf(locale, folder);
      const specChildren = specRoutes.filter((id) => id.startsWith(`${folder}/`)).map((id) => `/${locale}/${id}/`);
      expect(
        children.map((route) => route.url),
        folder,
      ).toEqual(expect.arrayContaining(specChildren));
      // The services page groups its cards as the home page does: site/services-page.test.ts.
      if (folder === 'services') continue;
      const cards = [...documentOf(site.files, fileOf(locale, folder)).querySelectorAll('main .card')].map((card) => ({
        url: card.querySelector('h2 a')?.getAttribute('href'),
        name: card.querySelector('h2 a')?.textContent,
        text: card.querySelector('p')?.textContent,
      }));
      const expected = children
        .map((route) => ({
          url: route.url,
          name: route.entry!.label ?? route.entry!.title,
          text: route.entry!.description,
        }))
        .sort((a, b) => new Intl.Collator(locale).compare(a.name, b.name));
      expect(cards, folder).toEqual(expected);
    }
  });

  it('switches language to the same folder page in the other languages', () => {
    for (const folder of folders) {
      const links = [...documentOf(site.files, fileOf('es', folder)).querySelectorAll('.lang-switcher a')].map((link) =>
        link.getAttribute('href'),
      );
      expect(links, folder).toEqual(locales.map((locale) => `/${locale}/${folder}/`));
    }
  });
});

/** Visible text of a page's main content, its whitespace joined. */
const mainText = (locale: string, id: string) =>
  (documentOf(site.files, fileOf(locale, id)).querySelector('main')?.textContent ?? '').replace(/\s+/g, ' ');

describe('what a health and consumer regulator reads (issue 28)', () => {
  it('links every monthly price’s asterisk to a representative example on the same page', () => {
    const marked: string[] = [];
    for (const [path, html] of site.files) {
      if (!path.endsWith('.html') || !String(html).includes('credit-example')) continue;
      const document = documentOf(site.files, path);
      for (const marker of document.querySelectorAll('a[href*="credit-example"]')) {
        marked.push(path);
        expect(marker.textContent, path).toBe('*');
        expect(marker.getAttribute('aria-label'), path).toMatch(
          /^(Exemple representatiu|Ejemplo representativo|Representative example)/,
        );
        const example = document.getElementById(marker.getAttribute('href')!.slice(1));
        expect(example?.textContent, path).toMatch(
          /^\* (Exemple representatiu|Ejemplo representativo|Representative example) (per a|para|for) [^:]+:/,
        );
      }
    }
    for (const locale of locales) {
      // The home page's teaser, the hearing-aids page's facts box and its text, the grants page's text.
      expect(
        marked.filter((path) => path === fileOf(locale, '')),
        locale,
      ).toHaveLength(1);
      expect(
        marked.filter((path) => path === fileOf(locale, 'services/hearing-aids')),
        locale,
      ).toHaveLength(2);
      expect(
        marked.filter((path) => path === fileOf(locale, 'services/subvenciones')),
        locale,
      ).toHaveLength(1);
    }
  });

  it.each(locales)(
    'prints the example in the hearing-aids facts box beside the monthly price it explains in %s',
    (locale) => {
      const facts = documentOf(site.files, fileOf(locale, 'services/hearing-aids')).querySelector('aside.key-facts')!;
      const marker = facts.querySelector('dd a.credit-marker');
      expect(marker?.getAttribute('href')).toBe('#credit-example');
      // Right after the monthly price, which then says what it buys.
      expect(marker?.parentElement?.textContent).toMatch(/90\s?€ al mes\* \S|€90 a month\* \S/);
      expect(facts.querySelector('#credit-example')?.textContent).toContain('24');
    },
  );

  it('claims no profession the law does not recognise, on any page or in any search keyword', () => {
    for (const [path, html] of site.files)
      if (path.endsWith('.html')) expect(String(html), path).not.toMatch(/audi[òó]l(?:eg|og)|audiologist/i);
  });

  it.each([
    ['ca', 'Òptica-optometrista', 'Òptic-optometrista', 'Audioprotesista', 'Cap (la professió no té col·legi)'],
    ['es', 'Óptica-optometrista', 'Óptico-optometrista', 'Audioprotesista', 'Ninguno (la profesión no tiene colegio)'],
    [
      'en',
      'Optician-optometrist',
      'Optician-optometrist',
      'Hearing-aid technician (audioprotesista)',
      'None (the profession has no college)',
    ],
  ])(
    'lists each professional by their full legal title in the %s legal notice, with a college only where the profession has one',
    (locale, woman, optician, technician, none) => {
      const rows = [
        ...documentOf(site.files, fileOf(locale, 'legal/terms-conditions')).querySelectorAll('.prose table tbody tr'),
      ].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
      expect(rows).toEqual([
        // A woman's title in its feminine form (feminine: true in site.yaml).
        ['Marta Soler Vidal', woman, "Col·legi Oficial d'Òptics Optometristes de Catalunya", '00000'],
        ['Pau Ferrer Roca', optician, "Col·legi Oficial d'Òptics Optometristes de Catalunya", '00001'],
        ['Núria Camps Serra', technician, none, ''],
      ]);
    },
  );

  it.each([
    [
      'ca',
      /no són una oferta vinculant|orientatius/,
      'La revisió visual costa 30 €',
      "termini màxim d'un mes",
      'No estem adherits al sistema arbitral de consum',
      'dipòsit de 100 €',
    ],
    [
      'es',
      /no constituyen una oferta vinculante|orientativos/,
      'La revisión visual cuesta 30 €',
      'plazo máximo de un mes',
      'No estamos adheridos al sistema arbitral de consumo',
      'depósito de 100 €',
    ],
    [
      'en',
      /not a binding offer|for guidance only/,
      'An eye examination costs €30',
      'within one month',
      'We do not belong to the consumer arbitration system',
      'deposit of €100',
    ],
  ])(
    'binds the centre to its %s prices and gives the trial’s terms, the reply period and arbitration',
    (locale, notBinding, fixedPrice, replyPeriod, arbitration, trial) => {
      const terms = mainText(locale, 'legal/terms-conditions');
      expect(terms).not.toMatch(notBinding);
      for (const text of [fixedPrice, replyPeriod, arbitration, trial]) expect(terms).toContain(text);
      expect(mainText(locale, 'services/hearing-aids')).toContain(trial);
    },
  );

  it.each([
    [
      'ca',
      'una delegada de protecció de dades (DPD): Núria Serra Soler, a qui pots escriure a dpd@example.com',
      'durant 30 dies',
    ],
    [
      'es',
      'una delegada de protección de datos (DPD): Núria Serra Soler, a quien puedes escribir a dpd@example.com',
      'durante 30 días',
    ],
    ['en', 'data protection officer (DPO): Núria Serra Soler, whom you can write to at dpd@example.com', 'for 30 days'],
  ])(
    'names the data protection officer and how long server logs are kept in the %s privacy policy',
    (locale, officer, logs) => {
      const privacy = mainText(locale, 'legal/privacy-policy');
      expect(privacy).toContain(officer);
      expect(privacy).toContain(logs);
    },
  );

  it.each(locales)(
    'shows the authorisation to advertise medical devices wherever products are advertised in %s',
    (locale) => {
      for (const id of ['', 'services/hearing-aids', 'products/oticon-models', 'products/oticon-models/real']) {
        const document = documentOf(site.files, fileOf(locale, id));
        const where = id === '' ? document.querySelector('#products') : document.querySelector('main');
        expect(where?.querySelector('.advertising-authorisation')?.textContent, id).toMatch(/: CPSP00000CAT$/);
      }
    },
  );

  it('shows the review page’s score and links to it beside the reviews, which speak of the service', () => {
    const reviews = documentOf(site.files, fileOf('en', '')).querySelector('#reviews')!;
    expect(reviews.querySelector('.reviews__summary .reviews__score')?.textContent?.replace(/\s+/g, ' ')).toBe(
      '4.8 ★ out of 5 from 120 reviews on Google Maps',
    );
    expect(reviews.querySelector('.reviews__summary a.button')?.getAttribute('href')).toBe(
      site.site.content.settings.reviews.url,
    );
  });
});

describe('pictures, brands and questions where a visitor expects them (issue 40)', () => {
  it('shows on every product page its photo or, until there is one, the drawing of its kind of product', () => {
    for (const locale of ['ca', 'es', 'en']) {
      for (const product of site.site.content.collections.products) {
        const image = documentOf(site.files, fileOf(locale, product.link.slice(1))).querySelector('.page__image');
        expect(image?.getAttribute('src'), `${locale}${product.link}`).toBe(product.image);
        expect(image?.getAttribute('alt'), `${locale}${product.link}`).toBe('');
      }
      for (const model of site.site.content.collections.models) {
        const page = documentOf(site.files, fileOf(locale, `products/oticon-models/${model.id}`));
        const picture = page.querySelector('.model__overview > .model__picture');
        expect(picture?.getAttribute('src'), `${locale} ${model.id}`).toBe(
          model.kind === 'hearing-aid' ? '/images/products/hearing-aids.svg' : '/images/products/hearing-accessory.svg',
        );
        expect(picture?.nextElementSibling?.matches('.model__specs') ?? true, `${locale} ${model.id}`).toBe(true);
      }
    }
  });

  it('shows seven different brands in the carousel, each as its logo (ruling 31)', () => {
    const slides = [...documentOf(site.files, 'en/index.html').querySelectorAll('.brand-slide img')];
    const names = slides.map((logo) => logo.getAttribute('alt'));
    expect(names).toHaveLength(7);
    expect(new Set(names).size).toBe(7);
    expect(new Set(slides.map((logo) => logo.getAttribute('src'))).size).toBe(7);
  });

  it.each(['ca', 'es', 'en'])(
    'makes each question of the %s FAQ a closed <details> with its heading in the summary and an id of its words',
    (locale) => {
      const document = documentOf(site.files, fileOf(locale, 'faq'));
      const questions = [...document.querySelectorAll('.prose details')];
      const headings = [...document.querySelectorAll('.prose h3')];
      expect(questions.length).toBeGreaterThan(8);
      expect(questions).toHaveLength(headings.length);
      for (const question of questions) {
        const heading = question.querySelector(':scope > summary > h3');
        expect(heading, question.outerHTML.slice(0, 80)).not.toBeNull();
        expect(question.hasAttribute('open')).toBe(false);
        expect(question.id).toMatch(/^[\p{Ll}\d]+(-[\p{Ll}\d]+)+$/u);
        expect(question.id.split('-')[0]).toBe(
          heading!.textContent
            .toLowerCase()
            .split(/\s/)[0]!
            .replace(/[^\p{L}\d]/gu, ''),
        );
        expect(question.querySelector(':scope > p')).not.toBeNull();
      }
      expect(new Set(questions.map((question) => question.id)).size).toBe(questions.length);
    },
  );
});
