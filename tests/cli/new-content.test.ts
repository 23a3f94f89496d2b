import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWithReport, copyProject, hashFiles, runCli } from '../helpers/cli.ts';

const LANGUAGES = ['ca', 'es', 'en'] as const;
/** What a maintainer writes in step 2 and 3 of content/README.md#adding-a-service. */
const WRITTEN = {
  ca: {
    title: 'Fatiga visual a Barcelona',
    label: 'Fatiga visual',
    description:
      'Fatiga visual davant de pantalles al Poblenou: revisem la graduació, la visió de prop i les pauses, i et proposem solucions.',
    body: 'Si els ulls et couen després de la feina, en parlem.\n\n## Què fem\n\nUna revisió pensada per a qui treballa amb pantalles.\n',
    card: ['Fatiga visual', 'Solucions per als ulls cansats de les pantalles, amb una revisió pensada per a la feina.'],
  },
  es: {
    title: 'Fatiga visual en Barcelona',
    label: 'Fatiga visual',
    description:
      'Fatiga visual frente a pantallas en el Poblenou: revisamos la graduación, la visión de cerca y las pausas, y te proponemos soluciones.',
    body: 'Si te escuecen los ojos después del trabajo, hablemos.\n\n## Qué hacemos\n\nUna revisión pensada para quien trabaja con pantallas.\n',
    card: [
      'Fatiga visual',
      'Soluciones para los ojos cansados de las pantallas, con una revisión pensada para el trabajo.',
    ],
  },
  en: {
    title: 'Eye strain in Barcelona',
    label: 'Eye strain',
    description:
      'Screen-related eye strain in Poblenou: we check your prescription, your near vision and your breaks, and suggest what helps.',
    body: 'If your eyes sting after work, talk to us.\n\n## What we do\n\nAn examination designed for people who work at screens.\n',
    card: ['Eye strain', 'Relief for eyes tired by screens, with an examination designed around your work.'],
  },
};

let project: string;
beforeAll(async () => {
  project = await copyProject();
});
afterAll(async () => {
  await rm(project, { recursive: true, force: true });
});

const html = async (path: string) => parse(await readFile(join(project, 'dist', path), 'utf8'));
const hrefs = (elements: HTMLElement[]) => elements.map((element) => element.getAttribute('href'));

describe('adding a service as content/README.md says', () => {
  it('step 1 writes a scaffold that builds and is listed as example content until it is written', async () => {
    const created = await runCli(['new', 'service', 'eye-strain'], { cwd: project });
    expect(created.code, created.stderr).toBe(0);
    for (const language of LANGUAGES) expect(created.stdout).toContain(`content/${language}/services/eye-strain.md`);
    expect(created.stdout).toContain('content/collections/services.yaml, the entry eye-strain');

    const built = await buildWithReport([], { cwd: project });
    expect(built.code, built.stderr).toBe(0);
    for (const language of LANGUAGES) {
      expect(built.report.examples).toContain(`content/${language}/services/eye-strain.md: title`);
      expect(built.report.examples).toContain(`content/${language}/services/eye-strain.md: description`);
    }
    expect(built.report.examples).toContainEqual(
      expect.stringMatching(/^content\/collections\/services\.yaml: \d+\.title\.ca$/),
    );
    // The printed report with --verbose (the same build, up to date) names every file still holding
    // example content, the scaffold's among them, and ends with what to run next.
    const printed = await runCli(['build', '--verbose'], { cwd: project });
    expect(printed.code, printed.stderr).toBe(0);
    for (const language of LANGUAGES)
      expect(printed.stdout).toMatch(
        new RegExp(`^ {2}content/${language}/services/eye-strain\\.md: 3\\n {4}- title$`, 'm'),
      );
    expect(printed.stdout).toMatch(/^ {2}content\/collections\/services\.yaml: 6\n {4}- \d+\.title\.ca$/m);
    expect(printed.stdout.trimEnd().split('\n').slice(-2)).toEqual([
      'The site is in dist/.',
      'Next: npm run preview to browse it as a host serves it · npm run check for the quality gates',
    ]);
  });

  it('steps 2–4: once its texts are written, it is in the footer, the home cards, the sitemap and the language switcher of every language', async () => {
    // Step 2: each page's title, label and description, tags deleted, and its text.
    for (const language of LANGUAGES) {
      const file = join(project, 'content', language, 'services/eye-strain.md');
      const written = WRITTEN[language];
      const scaffold = await readFile(file, 'utf8');
      const [, frontMatter = ''] = /^---\n([\s\S]*?)\n---\n/.exec(scaffold) ?? [];
      const filled = frontMatter
        .replace(/^title: !example .*$/m, `title: ${JSON.stringify(written.title)}`)
        .replace(/^label: !example .*$/m, `label: ${JSON.stringify(written.label)}`)
        .replace(/^description: !example .*$/m, `description: ${JSON.stringify(written.description)}`);
      expect(filled).not.toContain('!example');
      await writeFile(file, `---\n${filled}\n---\n${written.body}`);
    }
    // Step 3: the card's title and description in each language, tags deleted.
    const collection = join(project, 'content/collections/services.yaml');
    const services = await readFile(collection, 'utf8');
    const at = services.indexOf('- id: eye-strain');
    let entry = services.slice(at);
    for (const language of LANGUAGES) {
      const [title, description] = WRITTEN[language].card;
      entry = entry
        .replace(new RegExp(`^( {4}${language}): !example .*$`, 'm'), `$1: ${JSON.stringify(title)}`)
        .replace(new RegExp(`^( {4}${language}): !example .*$`, 'm'), `$1: ${JSON.stringify(description)}`);
    }
    expect(entry).not.toContain('!example');
    await writeFile(collection, services.slice(0, at) + entry);

    // Step 4.
    const built = await buildWithReport(['--strict'], { cwd: project });
    expect(built.code, built.stderr).toBe(0);
    expect(built.report.examples.filter((example) => /eye-strain\.md: |services\.yaml: /.test(example))).toEqual([]);

    const sitemap = await readFile(join(project, 'dist/sitemap.xml'), 'utf8');
    for (const language of LANGUAGES) {
      const url = `/${language}/services/eye-strain/`;
      const home = await html(`${language}/index.html`);
      const footerLinks = home.querySelectorAll('footer nav[aria-labelledby=footer-visual] a');
      expect(hrefs(footerLinks)).toContain(url);
      expect(footerLinks.find((link) => link.getAttribute('href') === url)?.textContent).toBe(WRITTEN[language].label);
      // Last of its section, it is among the services the home page names without their sentence.
      const card = home.querySelectorAll('#optical .service-links a').find((link) => link.getAttribute('href') === url);
      expect(card?.textContent).toBe(WRITTEN[language].card[0]);
      expect(sitemap).toContain(`${url}</loc>`);

      const page = await html(`${language}/services/eye-strain/index.html`);
      expect(page.querySelector('h1')?.textContent).toBe(WRITTEN[language].title);
      expect(hrefs(page.querySelectorAll('.lang-switcher a'))).toEqual(
        LANGUAGES.map((other) => `/${other}/services/eye-strain/`),
      );
    }
  });

  it('refuses a slug that is taken or malformed, writing nothing', async () => {
    const taken = await runCli(['new', 'service', 'eye-strain'], { cwd: project });
    expect(taken.code).toBe(1);
    expect(taken.stderr).toMatch(
      /^content\/ca\/services\/eye-strain\.md DuplicateRoute — this page is at \/ca\/services\/eye-strain\//,
    );
    const malformed = await runCli(['new', 'page', 'Eye Strain'], { cwd: project });
    expect(malformed.code).toBe(2);
    expect(malformed.stderr.split('\n')[0]).toBe(
      "error: command-argument value 'Eye Strain' is invalid for argument 'slug'. a slug is lowercase letters and digits joined by hyphens, such as eye-strain.",
    );
  });

  it('a new page that nothing links to is named by a warning, which --strict makes an error', async () => {
    const created = await runCli(['new', 'page', 'summer-hours'], { cwd: project });
    expect(created.code, created.stderr).toBe(0);
    const built = await buildWithReport([], { cwd: project });
    expect(built.code, built.stderr).toBe(0);
    expect(built.report.warnings).toContainEqual(
      expect.objectContaining({
        code: 'OrphanPage',
        file: 'content/ca/summer-hours.md',
        message: 'no other page links to /ca/summer-hours/, /es/summer-hours/, /en/summer-hours/',
      }),
    );
    const strict = await runCli(['build', '--strict'], { cwd: project });
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('OrphanPage');
  });
});

describe('an address the site has already', () => {
  it('refuses a new page at the address of a folder’s own page, naming that file and what to do instead, and writes nothing', async () => {
    const before = await hashFiles(join(project, 'content'));
    const refused = await runCli(['new', 'page', 'services'], { cwd: project });
    expect(refused.code).toBe(1);
    expect(refused.stderr.split('\n').slice(0, 2)).toEqual([
      'content/ca/services/index.md DuplicateRoute — this page is at /ca/services/, the address the new page would have',
      '  hint: Pick another slug for the new page, or edit content/ca/services/index.md if it is the page you meant.',
    ]);
    expect(await hashFiles(join(project, 'content'))).toEqual(before);
  });

  it('refuses a new page at an old address that content/redirects.yaml moves in one language, at the redirect’s line', async () => {
    const redirects = await readFile(join(project, 'content/redirects.yaml'), 'utf8');
    const line =
      redirects.split('\n').findIndex((text) => text.includes('from: /en/orto-k-in-poblenou-barcelona,')) + 1;
    expect(line).toBeGreaterThan(0);
    const before = await hashFiles(join(project, 'content'));
    const refused = await runCli(['new', 'page', 'orto-k-in-poblenou-barcelona'], { cwd: project });
    expect(refused.code).toBe(1);
    const [first = '', hint] = refused.stderr.split('\n');
    expect(first).toMatch(
      new RegExp(
        `^content/redirects\\.yaml:${line}:\\d+ DuplicateRoute — /en/orto-k-in-poblenou-barcelona/, the address the new page would have, is an old address that this line redirects to /en/services/orto-k/$`,
      ),
    );
    expect(hint).toBe(
      '  hint: Pick another slug for the new page, or remove this redirect first if the old address is to be the page.',
    );
    expect(await hashFiles(join(project, 'content'))).toEqual(before);
  });
});

describe('what `new` says is left to write', () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await copyProject();
  });
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  /** The fields a line names: `the title, label and description` → title, label, description. */
  const fieldsIn = (clause: string) => clause.replace(/^the /, '').split(/, | and /);

  it('names every file it wrote and, in each, exactly the values the build still reports as example content', async () => {
    const before = await hashFiles(join(scratch, 'content'));
    const said: string[] = [];
    for (const args of [
      ['service', 'eye-strain', '--section', 'audiology'],
      ['product', 'reading-glasses'],
      ['page', 'summer-hours'],
    ]) {
      const created = await runCli(['new', ...args], { cwd: scratch });
      expect(created.code, created.stderr).toBe(0);
      said.push(created.stdout);
    }
    const after = await hashFiles(join(scratch, 'content'));
    const written = [...after.keys()]
      .filter((path) => before.get(path) !== after.get(path))
      .map((path) => `content/${path}`);
    const lines = said.join('').split('\n');
    const listed = lines.flatMap((line) => /^ {2}(content\/\S+?)(?::|, the entry )/.exec(line)?.[1] ?? []);
    expect(listed.toSorted()).toEqual(written.toSorted());

    const built = await buildWithReport([], { cwd: scratch });
    expect(built.code, built.stderr).toBe(0);
    const examplesOf = (file: string) =>
      built.report.examples
        .filter((example) => example.startsWith(`${file}: `))
        .map((example) => example.slice(file.length + 2));
    for (const file of written.filter((path) => path.endsWith('.md'))) {
      const [, fields = '', body] = new RegExp(`^ {2}${file}: (the [^;]+); (.+)$`, 'm').exec(lines.join('\n')) ?? [];
      expect(fieldsIn(fields).toSorted(), file).toEqual(examplesOf(file).toSorted());
      expect(body).toBe('the two paragraphs of the body and its heading');
    }
    for (const [file, id] of [
      ['content/collections/services.yaml', 'eye-strain'],
      ['content/collections/products.yaml', 'reading-glasses'],
    ] as const) {
      const line = lines.find((text) => text.startsWith(`  ${file}, the entry ${id} `)) ?? '';
      const [, localized = '', plain] =
        /: (the [^,]+(?:, [^,]+)*?) in each language(?:, and the (\w+))?/.exec(line) ?? [];
      // The entry is the last of its collection: its example values are `<index>.<field>[.<language>]`.
      const values = examplesOf(file).map((path) => path.split('.'));
      const last = Math.max(...values.map(([index]) => Number(index)));
      const ofEntry = values.filter(([index]) => Number(index) === last);
      const languagesOf = (field: string) => ofEntry.filter(([, name]) => name === field).map(([, , code]) => code);
      for (const field of fieldsIn(localized)) expect(languagesOf(field), `${file} ${field}`).toEqual([...LANGUAGES]);
      expect(new Set(ofEntry.map(([, name]) => name)), file).toEqual(
        new Set([...fieldsIn(localized), ...(plain ? [plain] : [])]),
      );
      if (plain) expect(languagesOf(plain)).toEqual([undefined]);
    }
    expect(lines).toContain(
      'Delete the !example tag before each value you write: every build lists the tags still there. Then run npm run build.',
    );
  });
});
