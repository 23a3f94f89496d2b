import { appendFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildScratchProject } from '../helpers/built-project.ts';
import { buildWithReport, hashTree, runCli } from '../helpers/cli.ts';

/** A broken edit of the content and what the error must name. */
interface BadInput {
  readonly name: string;
  readonly file: string;
  readonly edit: (text: string) => string;
  /** Parts the message must hold: the file (always), a line, the field. */
  readonly expected: readonly (string | RegExp)[];
  /** Parts it must not hold: a hint meant for another problem, the output folder. */
  readonly absent?: readonly (string | RegExp)[];
}

const replace = (from: string | RegExp, to: string) => (text: string) => {
  const next = text.replace(from, to);
  if (next === text) throw new Error(`the edit found nothing to replace: ${from}`);
  return next;
};

const cases: BadInput[] = [
  {
    name: 'malformed YAML',
    file: 'content/collections/brands.yaml',
    edit: replace('- id: 1\n', '- id: 1\n   broken: [\n'),
    // At its line and column, the file's lines around it printed under it.
    expected: [
      /content\/collections\/brands\.yaml:\d+:\d+ InvalidYaml — .*\n(?: {4,}\d+ \|.*\n)* {2}> \d+ \|.*\n +\| +\^\n/,
    ],
  },
  {
    name: 'malformed front matter',
    file: 'content/es/about.md',
    edit: replace(/^---\n/, '---\ntitle: [unclosed\n'),
    expected: [/content\/es\/about\.md:[2-4]:\d+ InvalidFrontmatter/],
  },
  {
    name: 'front matter never closed',
    file: 'content/en/about.md',
    edit: (text) => text.replace(/\n---\n/, '\n'),
    expected: ['content/en/about.md', 'InvalidFrontmatter'],
  },
  {
    name: 'a missing required field',
    file: 'content/ca/services/orto-k.md',
    edit: replace(/\ndescription:[^\n]*/, ''),
    expected: ['content/ca/services/orto-k.md:', '"description" is required'],
  },
  {
    name: 'a mistyped field',
    file: 'content/collections/products.yaml',
    edit: replace('price: 89', 'price: eighty-nine'),
    expected: [/content\/collections\/products\.yaml:\d+:\d+ InvalidField — entry "eyeglasses": "price" is invalid/],
    absent: ['"0.price"'],
  },
  {
    name: 'a mistyped field in an entry of a collection, named by its id rather than its place in the list',
    file: 'content/collections/oticon-models.yaml',
    edit: replace(
      '- id: ruby\n  name: Oticon Ruby\n  kind: hearing-aid\n',
      '- id: ruby\n  name: Oticon Ruby\n  kind: hearing aid\n',
    ),
    expected: [/content\/collections\/oticon-models\.yaml:\d+:9 InvalidField — entry "ruby": "kind" is invalid/],
    absent: [/"\d+\.kind"/],
  },
  {
    name: 'a price typed by hand in a page’s text and in its description (issue 41)',
    file: 'content/ca/services/eyeglasses.md',
    edit: (text) =>
      `${replace(/^description: .*$/m, 'description: "Ulleres graduades al Poblenou, Barcelona, des de 89 € amb muntura i lents, amb muntures de marques de disseny i clàssiques."')(text)}\nLes ulleres graduades costen des de 89 € amb muntura.\n`,
    expected: [
      /content\/ca\/services\/eyeglasses\.md:4:\d+ HandTypedFact — description: "89 €" is the price typed by hand: a description carries no price/,
      /content\/ca\/services\/eyeglasses\.md:\d+:\d+ HandTypedFact — body: "89 €" is the price typed by hand: write \{\{products\.eyeglasses\.price\}\}/,
    ],
  },
  {
    name: 'the street, the opening days and times and a phone number typed by hand (issue 41)',
    file: 'content/es/about.md',
    edit: (text) =>
      `${text}\nEstamos en la Rambla del Poblenou y abrimos de lunes a sábado de 10:00 a 20:00; llámanos al 930 000 000.\n`,
    expected: [
      /content\/es\/about\.md:\d+:\d+ HandTypedFact — body: "Rambla del Poblenou" is the address typed by hand: write \{\{address\.street\}\}/,
      /HandTypedFact — body: "lunes" is the day typed by hand: write \{\{opening-days\}\}/,
      /HandTypedFact — body: "10:00" is the opening time typed by hand/,
      /HandTypedFact — body: "930 000 000" is the phone number typed by hand: write \{\{contact\.phone\}\}/,
    ],
  },
  {
    name: 'a placeholder in a page’s title, which is shown as written (issue 41)',
    file: 'content/en/services/sunglasses.md',
    edit: replace(/^title: .*$/m, 'title: "Sunglasses from €{{products.sunglasses.price}}"'),
    expected: [
      /content\/en\/services\/sunglasses\.md:2:\d+ HandTypedFact — title: \{\{products\.sunglasses\.price\}\} is not filled in a page's title/,
    ],
  },
  {
    name: 'another name for the hearing test, and a promise of an outcome (issue 41)',
    file: 'content/ca/services/hearing-test.md',
    edit: (text) => `${text}\nLa prova d’audició dura una hora. Fes el primer pas per sentir-hi millor.\n`,
    expected: [
      /content\/ca\/services\/hearing-test\.md:\d+:4 RefusedWord — body: "prova d’audició": the site calls this "revisió auditiva"/,
      /RefusedWord — body: "sentir-hi millor": the site does not say this \(a promise of a clinical outcome \(Real Decreto 1907\/1996, art\. 4\)\)/,
      'content/glossary.yaml',
    ],
  },
  {
    name: 'a link whose text does not name the page it leads to (issue 41)',
    file: 'content/en/faq.md',
    edit: (text) => `${text}\nRead about [our night lenses](/services/orto-k).\n`,
    expected: [
      /content\/en\/faq\.md:\d+:12 MisnamedLink — body: the link "our night lenses" leads to \/services\/orto-k, which content\/en\/services\/orto-k\.md:3 names "Ortho-k"/,
    ],
  },
  {
    name: 'a service card named otherwise than the page it leads to (issue 41)',
    file: 'content/collections/services.yaml',
    edit: replace('    en: Ortho-k\n', '    en: Night lenses\n'),
    expected: [
      /content\/collections\/services\.yaml:\d+:\d+ MisnamedLink — ortho-k: title\.en: the link "Night lenses" leads to \/services\/orto-k/,
    ],
  },
  {
    name: 'a key fact longer than 90 characters once its placeholders are filled (issue 41)',
    file: 'content/ca/services/salut-visual.md',
    edit: (text) =>
      text.replace(/(\n {2}- \{ label: "[^"]+", value: ")[^"]+(" \})/, '$1{{visits.access}} {{visits.access}}$2'),
    expected: [
      /content\/ca\/services\/salut-visual\.md:10:\d+ InvalidField — facts: "L'entrada és a peu de carrer[^"]*" is \d+ characters as shown; a key fact is at most 90/,
    ],
  },
  {
    name: 'a cookie policy that describes a banner itself, with nothing to consent to (issue 41)',
    file: 'content/ca/legal/cookies-policy.md',
    edit: replace(
      '{{consent-choice}}',
      '## Acceptar o rebutjar\n\nEn la primera visita, un avís et permet triar Accepta, Rebutja o Personalitza.',
    ),
    expected: [
      /content\/ca\/legal\/cookies-policy\.md ConsentMismatch — this cookie policy does not say how consent is given and withdrawn, or why none is asked/,
    ],
  },
  {
    name: 'a privacy policy that describes statistics with no analytics id (issue 41)',
    file: 'content/en/legal/privacy-policy.md',
    edit: (text) => `${text}\nWe use Google Analytics to count visits.\n`,
    expected: [
      /content\/en\/legal\/privacy-policy\.md:\d+:\d+ ConsentMismatch — this privacy policy speaks of analytics \("Analytics"\)/,
    ],
  },
  {
    name: 'a listed host whose language cookie the cookie table leaves out (issue 41)',
    file: 'content/collections/storage.yaml',
    edit: replace(/- name: nf_lang\n(?: {2}.*\n)+/, ''),
    expected: [/content\/collections\/storage\.yaml ConsentMismatch — netlify reads the cookie "nf_lang"/],
  },
  {
    name: 'a not-found page suggesting a page there is not',
    file: 'content/es/404.md',
    edit: replace('/faq]', '/faqs]'),
    expected: ['content/es/404.md:8:1', 'InvalidField', 'suggestions: there is no page /faqs in es'],
  },
  {
    name: 'an unknown template',
    file: 'content/en/about.md',
    edit: replace('template: page', 'template: gallery'),
    expected: ['content/en/about.md:', '"template"'],
  },
  {
    name: 'an unknown language folder',
    file: 'content/de/about.md',
    edit: () =>
      '---\ntitle: Über uns\ndescription: Eine Seite in einer Sprache, die die Website nicht anbietet.\ntemplate: page\n---\nHallo\n',
    expected: ['content/de/about.md', 'UnknownLocale'],
  },
  {
    name: 'a rating outside 1–5',
    file: 'content/collections/reviews.yaml',
    edit: replace(/rating: \d/, 'rating: 7'),
    expected: [/content\/collections\/reviews\.yaml:\d+:\d+ InvalidField — entry "review-1": "rating"/, 'from 1 to 5'],
    absent: ['"0.rating"'],
  },
  {
    name: 'a duplicate id',
    file: 'content/collections/services.yaml',
    edit: replace('id: contact-lenses', 'id: visual-health'),
    expected: [/content\/collections\/services\.yaml:\d+/, 'DuplicateId', 'visual-health'],
  },
  {
    name: 'a brand shown twice in the carousel (ruling 31, issue 40)',
    file: 'content/collections/brands.yaml',
    edit: replace('name: PaperEyes', 'name: Woodys'),
    expected: [/content\/collections\/brands\.yaml:\d+:\d+/, 'DuplicateBrand', 'Woodys'],
  },
  {
    name: 'a duplicate route',
    file: 'content/es/about/index.md',
    edit: () =>
      '---\ntitle: Otra vez\ndescription: Una segunda página con la misma dirección que la página Quiénes somos.\ntemplate: page\n---\nHola\n',
    expected: ['content/es/about', 'DuplicateRoute'],
  },
  {
    name: 'a link to a page that does not exist',
    file: 'content/en/about.md',
    edit: (text) => `${text}\n[Our blog](/blog)\n`,
    expected: [/content\/en\/about\.md:\d+:\d+/, 'BrokenLink', '/blog'],
  },
  {
    name: 'a product linking to a page there is not (issue 29 #4)',
    file: 'content/collections/products.yaml',
    edit: replace('link: /services/hearing-aids\n', 'link: /services/hearing-aid\n'),
    expected: [
      /content\/collections\/products\.yaml:\d+:\d+ BrokenLink — the product "hearing-aids" links to \/services\/hearing-aid,/,
      'hint: Did you mean /services/hearing-aids?',
    ],
    absent: ['dist/', 'TemplateError'],
  },
  {
    name: 'an image in a page’s text that is not there (issue 29 #5)',
    file: 'content/en/about.md',
    edit: (text) => `${text}\n![Our frames](/images/products/eyeglases.svg)\n`,
    expected: [
      /content\/en\/about\.md:\d+:\d+ BrokenLink — the image \/images\/products\/eyeglases\.svg is not a file/,
      'content/images/',
      'public/images/',
      'Did you mean /images/products/eyeglasses.svg?',
    ],
    absent: ['Link to an existing page'],
  },
  {
    name: 'an unknown settings placeholder',
    file: 'content/ca/about.md',
    edit: (text) => `${text}\nEscriu-nos a {{contact.fax}}.\n`,
    expected: [/content\/ca\/about\.md:\d+/, 'UnknownSetting', 'contact.fax'],
  },
  {
    name: 'a redirect to a missing page',
    file: 'content/redirects.yaml',
    edit: (text) => `${text}  - { from: /old-page, to: /ca/nowhere/ }\n`,
    expected: ['content/redirects.yaml', 'InvalidRedirect', '/ca/nowhere/'],
  },
  {
    name: 'a monthly price without the representative example of its credit',
    file: 'content/es/services/sunglasses.md',
    edit: (text) => `${text}\nTambién puedes pagarlas en cómodos plazos desde 15 € al mes.\n`,
    expected: [/content\/es\/services\/sunglasses\.md:\d+/, 'MissingCreditExample', '15 € al mes'],
  },
  {
    name: 'a product whose monthly price is not the credit example’s instalment',
    file: 'content/collections/products.yaml',
    edit: replace('  price: 90\n', '  price: 75\n'),
    expected: [/content\/collections\/products\.yaml:\d+/, 'MissingCreditExample', 'for 90 € a month'],
  },
  {
    name: 'a credit example whose figures do not add up',
    file: 'content/site.yaml',
    edit: replace('  borrowingRate: !example 0\n', '  borrowingRate: !example 7.95\n'),
    expected: [/content\/site\.yaml:\d+/, 'financing.monthlyInstalment', '7.95%'],
  },
  {
    name: 'monthly prices and their example block with no financing setting',
    file: 'content/site.yaml',
    edit: replace(/\nfinancing:\n(?: {2}.*\n|\s*#.*\n)+/, '\n'),
    expected: [
      /content\/ca\/services\/hearing-aids\.md:\d+:?\d* MissingCreditExample — asks for \{\{financing-example\}\}/,
      /content\/collections\/products\.yaml:\d+:?\d* MissingCreditExample — shows a monthly price/,
    ],
  },
  {
    name: 'a monthly price in the key facts without its credit marker, and one in a description (issue 28)',
    file: 'content/en/services/sunglasses.md',
    edit: (text) =>
      replace(
        /^description: .*$/m,
        'description: "Sunglasses in Poblenou, Barcelona, from €49 or €90 a month: UV protection, polarised and prescription lenses."',
      )(
        replace(
          '{{products.sunglasses.unit}}" }',
          '{{products.sunglasses.unit}}, or €{{financing.monthlyInstalment}} a month" }',
        )(text),
      ),
    expected: [
      /content\/en\/services\/sunglasses\.md:13:\d+ MissingCreditExample — facts\.3\.value: shows a monthly price \(€\{\{financing\.monthlyInstalment\}\} a month\) without \{\{credit-marker\}\} right after it/,
      /content\/en\/services\/sunglasses\.md:4:\d+ MissingCreditExample — description: shows a monthly price \(€90 a month\) where no representative example can follow it/,
    ],
  },
  {
    name: 'a monthly price in a page’s text without its credit marker, its example in another section (issue 28)',
    file: 'content/en/services/sunglasses.md',
    edit: (text) =>
      `${text}\nYou can also spread the cost: from €90 a month.\n\n## Looking after them\n\nKeep them in their case.\n\n{{financing-example}}\n`,
    expected: [
      /content\/en\/services\/sunglasses\.md:\d+:\d+ MissingCreditExample — shows a monthly price \(€90 a month\) without \{\{credit-marker\}\} right after it/,
      /content\/en\/services\/sunglasses\.md:\d+:\d+ MissingCreditExample — shows a monthly price \(€90 a month\) whose representative example is not below it in the same section/,
    ],
  },
  {
    name: 'an unknown settings placeholder in a service page’s key facts',
    file: 'content/ca/services/salut-visual.md',
    edit: replace('{{visits.eyeExam.minutes}}', '{{visits.eyeExam.length}}'),
    expected: [
      'content/ca/services/salut-visual.md',
      'UnknownSetting',
      'facts: unknown placeholder {{visits.eyeExam.length}}',
    ],
  },
  {
    name: 'an optician-optometrist without a college (issue 28): only hearing-aid technicians have none',
    file: 'content/site.yaml',
    edit: replace(
      /(name: "Marta Soler Vidal", profession: optician-optometrist, feminine: true), college: "[^"]*", number: "00000"/,
      '$1',
    ),
    expected: [/content\/site\.yaml:\d+:\d+/, 'health.professionals.0.college'],
  },
  {
    name: 'a health centre without its authorisation number',
    file: 'content/site.yaml',
    edit: replace(/ {2}authorisation: .*\n/, ''),
    expected: [/content\/site\.yaml:\d+/, 'health.authorisation'],
  },
  {
    name: 'a description longer than a search result shows',
    file: 'content/en/about.md',
    edit: replace(/^description: .*$/m, `description: "${'Eye and hearing care in Poblenou. '.repeat(6)}"`),
    expected: [/content\/en\/about\.md:\d+/, 'description', 'after 160 characters'],
  },
  {
    name: 'a title that does not fit in a search result with the site name',
    file: 'content/ca/services/orto-k.md',
    edit: replace(/^title: .*$/m, 'title: "Ortoqueratologia nocturna per frenar la miopia infantil"'),
    expected: [/content\/ca\/services\/orto-k\.md:2/, 'title', 'keep the title within 42'],
  },
  {
    name: 'a consent text that speaks of analytics with no analytics id (issue 28)',
    file: 'content/en/ui.yaml',
    edit: replace(
      /^cookie\.text: .*$/m,
      'cookie.text: We store what this website needs to work and, with your permission, analytics cookies to improve it.',
    ),
    expected: [
      /content\/en\/ui\.yaml:\d+:\d+ ConsentMismatch — "cookie\.text" is shown whatever the settings but speaks of analytics \("analytics"\), which content\/site\.yaml does not turn on \(analyticsId is empty\)/,
    ],
  },
  {
    name: 'a cookie policy that speaks of advertising cookies with no marketing tag (issue 28)',
    file: 'content/es/legal/cookies-policy.md',
    edit: (text) => `${text}\nLas cookies publicitarias solo se instalan con tu consentimiento.\n`,
    expected: [
      /content\/es\/legal\/cookies-policy\.md:\d+:13 ConsentMismatch — this cookie policy speaks of marketing \("publicitarias"\), which content\/site\.yaml does not turn on \(marketingTag is empty\)/,
    ],
  },
  {
    name: 'a page without its Catalan original',
    file: 'content/en/services/eye-yoga.md',
    edit: () =>
      '---\ntitle: Eye yoga\ndescription: A page that exists in English only, which the Catalan source of truth does not have.\ntemplate: service\n---\nHello\n',
    expected: ['content/en/services/eye-yoga.md', 'MissingOriginal'],
  },
];

const { project, distHash } = await buildScratchProject();

describe('bad input', () => {
  it.each(cases)(
    'fails on $name with exit 1, names the file and leaves dist/ untouched',
    async ({ file, edit, expected, absent = [] }) => {
      const path = join(project, file);
      const original = await readFile(path, 'utf8').catch(() => undefined);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, edit(original ?? ''));
      try {
        const result = await runCli(['build'], { cwd: project });
        expect(result.code).toBe(1);
        for (const part of expected) expect(result.stderr).toMatch(part);
        for (const part of absent) expect(result.stderr).not.toMatch(part);
        expect(result.stderr).not.toMatch(/^\s+at /m);
        expect(await hashTree(join(project, 'dist'))).toBe(distHash);
      } finally {
        if (original === undefined) await rm(path);
        else await writeFile(path, original);
      }
    },
  );

  it('fails under --strict on a text missing in Spanish and on a text no template shows, and builds without them with a warning for each', async () => {
    const path = join(project, 'content/es/ui.yaml');
    const original = await readFile(path, 'utf8');
    // A Spanish text gone, and one whose key cli/schemas/ui.ts does not declare (docs/behaviour.md#translations).
    const edited = `${original.replace(/^nav\.about:.*\n/m, '')}nav.blog: Blog\n`;
    const line = edited.split('\n').length - 1;
    await writeFile(path, edited);
    try {
      const strict = await runCli(['build', '--strict'], { cwd: project });
      expect(strict.code).toBe(1);
      expect(strict.stderr).toMatch(/content\/es\/ui\.yaml MissingTranslation — "nav\.about" has no es text/);
      expect(strict.stderr).toContain(
        `content/es/ui.yaml:${line}:11 UnknownTranslationKey — "nav.blog" is not a key of the translation table (cli/schemas/ui.ts): no template shows it (--strict)\n` +
          '  hint: Templates show only the keys declared in cli/schemas/ui.ts: fix the key’s spelling, or remove the line. A new text needs its key declared there, and a template that shows it.',
      );
      expect(await hashTree(join(project, 'dist'))).toBe(distHash);
      const lenient = await buildWithReport(['--out', 'dist-fallback'], { cwd: project });
      expect(lenient.code, lenient.stderr).toBe(0);
      expect(lenient.report.warnings).toContainEqual(
        expect.objectContaining({ code: 'MissingTranslation', file: 'content/es/ui.yaml' }),
      );
      expect(lenient.report.warnings).toContainEqual(
        expect.objectContaining({ code: 'UnknownTranslationKey', file: 'content/es/ui.yaml', line, col: 11 }),
      );
      const home = await readFile(join(project, 'dist-fallback/es/index.html'), 'utf8');
      expect(home).toContain('>Qui som</a>');
    } finally {
      await writeFile(path, original);
    }
  });

  it('reports a page renamed in every language once, at each collection entry naming it, with the moved: lines (issue 29 #3)', async () => {
    const renamed = ['ca', 'es', 'en'].map((code) => [
      join(project, `content/${code}/services/sunglasses.md`),
      join(project, `content/${code}/services/sun-glasses.md`),
    ]);
    for (const [from, to] of renamed) await rename(from!, to!);
    try {
      const result = await runCli(['build'], { cwd: project });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^2 problems found:$/m);
      expect(result.stderr).toMatch(
        /^content\/collections\/services\.yaml:\d+:\d+ BrokenLink — the service "sunglasses" links to \/services\/sunglasses, which is no page/m,
      );
      expect(result.stderr).toMatch(
        /^content\/collections\/products\.yaml:\d+:\d+ BrokenLink — the product "sunglasses"/m,
      );
      expect(result.stderr).toContain('Did you mean /services/sun-glasses?');
      for (const code of ['ca', 'es', 'en'])
        expect(result.stderr).toContain(`- { from: /${code}/services/sunglasses, to: /${code}/services/sun-glasses/ }`);
      expect(result.stderr.match(/from: \/ca\/services\/sunglasses/g)).toHaveLength(1);
      expect(result.stderr).not.toMatch(/TemplateError|dist\//);
      expect(await hashTree(join(project, 'dist'))).toBe(distHash);
    } finally {
      for (const [from, to] of renamed) await rename(to!, from!);
    }
  });

  // One lenient build (the slow part) for two warnings: a page missing in English, and two
  // pages that only link to each other.
  describe('a build with a page missing in English and two pages that only link to each other', () => {
    let result: Awaited<ReturnType<typeof buildWithReport>>;
    beforeAll(async () => {
      const missing = join(project, 'content/en/services/sunglasses.md');
      const original = await readFile(missing, 'utf8');
      const islands = ['ca', 'es', 'en'].flatMap((code) =>
        ['a', 'b'].map(
          (name) => [join(project, `content/${code}/island-${name}.md`), name === 'a' ? 'b' : 'a'] as const,
        ),
      );
      await rm(missing);
      for (const [path, other] of islands) {
        const text = `---\ntitle: Island page\ndescription: A page that only the other island page links to, which nothing the home page leads to links to.\ntemplate: page\n---\nSee the other [island page](/island-${other}).\n`;
        await writeFile(path, text);
      }
      try {
        result = await buildWithReport(['--out', 'dist-page-fallback'], { cwd: project });
      } finally {
        await writeFile(missing, original);
        for (const [path] of islands) await rm(path);
      }
    });

    it('reports the page missing in English and shows the Catalan page there, marked as Catalan', async () => {
      expect(result.code, result.stderr).toBe(0);
      expect(result.report.warnings).toContainEqual(
        expect.objectContaining({
          code: 'MissingTranslation',
          file: 'content/ca/services/sunglasses.md',
          message: 'this page has no en version; /en/services/sunglasses shows the ca text',
        }),
      );
      const page = await readFile(join(project, 'dist-page-fallback/en/services/sunglasses/index.html'), 'utf8');
      expect(page).toMatch(/<html lang="en">/);
      // Its Catalan texts are marked as such; the interface around them stays English.
      expect(page).toMatch(/<title lang="ca">/);
      expect(page).toMatch(/<h1 lang="ca">/);
      expect(page).toMatch(/<div class="prose" lang="ca">/);
      expect(page).toMatch(/<main id="main" tabindex="-1">/);
    });

    it('warns about the pages that only link to each other, which no link from the home page reaches (issue 29 #10)', () => {
      expect(result.code, result.stderr).toBe(0);
      const orphans = result.report.warnings.filter((warning) => warning.code === 'OrphanPage');
      const unreached = (page: string, other: string) =>
        `no path of links from the home page reaches /ca/${page}/, /es/${page}/, /en/${page}/: only /ca/${other}/, /es/${other}/, /en/${other}/ link to them, and the home page does not reach those pages either`;
      expect(orphans.map((warning) => [warning.file, warning.message])).toEqual([
        ['content/ca/island-a.md', unreached('island-a', 'island-b')],
        ['content/ca/island-b.md', unreached('island-b', 'island-a')],
      ]);
    });
  });

  it('fails on an analytics id whose texts a language lacks, and a cookie policy that does not describe it (issue 28)', async () => {
    const edits = {
      'content/site.yaml': replace('analyticsId: ""', 'analyticsId: "G-TEST123"'),
      'content/es/ui.yaml': replace(/^cookie\.analyticsBanner: .*\n/m, ''),
      'content/en/legal/cookies-policy.md': replace(/^\{\{consent-categories\}\}\n/m, ''),
    };
    const originals = new Map<string, string>();
    for (const [file, edit] of Object.entries(edits)) {
      const text = await readFile(join(project, file), 'utf8');
      originals.set(file, text);
      await writeFile(join(project, file), edit(text));
    }
    try {
      const result = await runCli(['build'], { cwd: project });
      expect(result.code).toBe(1);
      const line = originals.get('content/site.yaml')!.split('\n').indexOf('analyticsId: ""') + 1;
      expect(result.stderr).toContain(
        `content/es/ui.yaml ConsentMismatch — "cookie.analyticsBanner" has no es text, but content/site.yaml:${line} (analyticsId) turns analytics on`,
      );
      expect(result.stderr).toContain(
        `content/en/legal/cookies-policy.md ConsentMismatch — content/site.yaml:${line} (analyticsId) turns analytics on, but this cookie policy does not describe it: write {{consent-categories}} where its section goes`,
      );
      expect(result.stderr.match(/ConsentMismatch/g)).toHaveLength(2);
      expect(await hashTree(join(project, 'dist'))).toBe(distHash);
    } finally {
      for (const [file, text] of originals) await writeFile(join(project, file), text);
    }
  });

  it('keeps the previous site when the output cannot be written', async () => {
    await appendFile(join(project, 'content/ca/about.md'), '');
    const blocked = join(project, 'blocked');
    await writeFile(blocked, 'a file where the output folder should go');
    const result = await runCli(['build', '--out', 'blocked/dist'], { cwd: project });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/OutputError/);
    expect(await hashTree(join(project, 'dist'))).toBe(distHash);
  });

  it('fails on an nginx port and folder that would break its configuration, at their lines in site.yaml', async () => {
    const path = join(project, 'content/site.yaml');
    const original = await readFile(path, 'utf8');
    const server = 'nginx:\n  listen: 80; deny all\n  root: "/srv/site; }"\n';
    const edited = original.replace(/^hosts: .*\n/m, `$&${server}`);
    expect(edited).not.toBe(original);
    const line = edited.split('\n').indexOf('nginx:') + 1;
    await writeFile(path, edited);
    try {
      const result = await runCli(['build'], { cwd: project });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        `content/site.yaml:${line + 1}:11 InvalidField — "nginx.listen" must be a port from 1 to 65535, or an address and a port such as 127.0.0.1:8080`,
      );
      expect(result.stderr).toContain(
        `content/site.yaml:${line + 2}:9 InvalidField — "nginx.root" must be the absolute path of a folder below /, such as /srv/site/dist, without spaces, quotes, semicolons, braces, $, # or backslashes`,
      );
      expect(await hashTree(join(project, 'dist'))).toBe(distHash);
    } finally {
      await writeFile(path, original);
    }
  });
});
