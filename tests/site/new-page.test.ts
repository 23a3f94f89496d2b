import { appendFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject } from '../helpers/cli.ts';
import { buildInMemory, documentOf } from '../helpers/site.ts';

const page = (title: string, body: string) =>
  `---\ntitle: ${title}\ndescription: A page added by a maintainer with one markdown file per language and nothing else.\ntemplate: page\n---\n${body}\n`;

let project: string;
let site: Awaited<ReturnType<typeof buildInMemory>>;
beforeAll(async () => {
  project = await copyProject();
  const texts = {
    ca: ['Horari d’estiu', 'Tanquem a l’agost. [Qui som](/about)'],
    es: ['Horario de verano', 'Cerramos en agosto.'],
    en: ['Summer hours', 'We close in August.'],
  };
  for (const [locale, [title, body]] of Object.entries(texts)) {
    await mkdir(join(project, 'content', locale, 'news'), { recursive: true });
    await writeFile(join(project, 'content', locale, 'news/summer.md'), page(title!, body!));
    // Linked from another page, as content/README.md says: the build warns about a page nothing links to.
    await appendFile(join(project, 'content', locale, 'about.md'), `\n[${title}](/news/summer)\n`);
  }
  // The folder's own page, written only in Catalan: Spanish and English show the Catalan page.
  await writeFile(
    join(project, 'content/ca/news/index.md'),
    '---\ntitle: Novetats de la botiga\nlabel: Novetats\ndescription: Els canvis d’horari, les noves revisions i tot el que passa a la botiga del Poblenou, explicats amb calma.\ntemplate: index\n---\nAquí expliquem què canvia a la botiga.\n',
  );
  site = await buildInMemory(join(project, 'content'), { strict: false });
});
afterAll(async () => {
  await rm(project, { recursive: true, force: true });
});

describe('a page added by a maintainer', () => {
  it('builds with no warning but the two languages the Catalan-only folder page lacks', () => {
    expect(site.warnings.map((warning) => [warning.code, warning.file && relative(project, warning.file)])).toEqual([
      ['MissingTranslation', 'content/ca/news/index.md'],
      ['MissingTranslation', 'content/ca/news/index.md'],
    ]);
  });

  it('is built in every language at the address of its file, with its language links', () => {
    for (const [locale, title] of [
      ['ca', 'Horari d’estiu'],
      ['es', 'Horario de verano'],
      ['en', 'Summer hours'],
    ]) {
      const document = documentOf(site.files, `${locale}/news/summer/index.html`);
      expect(document.querySelector('h1')?.textContent).toBe(title);
      expect(document.documentElement.getAttribute('lang')).toBe(locale);
      expect(document.querySelector('link[hreflang=en]')?.getAttribute('href')).toBe(
        'https://www.example.com/en/news/summer/',
      );
    }
    expect(documentOf(site.files, 'ca/news/summer/index.html').querySelector('.prose a')?.getAttribute('href')).toBe(
      '/ca/about/',
    );
  });

  it('gets no redirect from an unprefixed address, which it never had; the old site’s sections keep theirs', () => {
    expect(site.site.redirects.map((redirect) => redirect.from)).not.toContain('/news/summer');
    expect(site.site.redirects).toContainEqual({ from: '/about', to: '/ca/about/', kind: 'language', status: 302 });
    expect(site.files.has('news/summer/index.html')).toBe(false);
  });
});

describe('a page that only the default language has', () => {
  const inCatalan = (document: Document, selector: string) => document.querySelector(selector)?.getAttribute('lang');

  it.each(['es', 'en'])(
    'is served under /%s/ with its Catalan texts marked ca, and the interface around them in the page’s language',
    (locale) => {
      const document = documentOf(site.files, `${locale}/news/index.html`);
      expect(document.documentElement.getAttribute('lang')).toBe(locale);
      expect(document.querySelector('title')?.textContent).toBe('Novetats de la botiga | Òptica Poblenou');
      for (const selector of [
        'title',
        'meta[name="description"]',
        'meta[property="og:title"]',
        'meta[property="og:description"]',
        'main h1',
        'main .prose',
        '.breadcrumbs li:last-child',
      ])
        expect(inCatalan(document, selector), selector).toBe('ca');
      // The interface around it is in the page's language: no lang of its own, nor one inherited from <main>.
      expect(document.querySelector('main')?.hasAttribute('lang')).toBe(false);
      expect(document.querySelector('.breadcrumbs li:first-child')?.closest('[lang]')?.getAttribute('lang')).toBe(
        locale,
      );
      // The card of the folder's page that has its own version keeps the page's language.
      const card = document.querySelector(`main .card a[href="/${locale}/news/summer/"]`);
      expect(card?.closest('[lang]')?.getAttribute('lang')).toBe(locale);
    },
  );

  it.each(['es', 'en'])('is named in Catalan, marked ca, in the breadcrumbs of the /%s/ pages below it', (locale) => {
    const document = documentOf(site.files, `${locale}/news/summer/index.html`);
    const step = document.querySelector(`.breadcrumbs a[href="/${locale}/news/"]`);
    expect(step?.textContent).toBe('Novetats');
    expect(step?.closest('[lang]')?.getAttribute('lang')).toBe('ca');
    expect(document.querySelector('title')?.hasAttribute('lang')).toBe(false);
    expect(document.querySelector('main h1')?.hasAttribute('lang')).toBe(false);
  });

  it('marks nothing in Catalan, its own language, but the other languages’ names', () => {
    const document = documentOf(site.files, 'ca/news/index.html');
    const marked = [...document.querySelectorAll('[lang]')].map((element) => element.getAttribute('lang'));
    expect(marked).toEqual(['ca', 'ca', 'es', 'en']);
    expect([...document.querySelectorAll('.lang-switcher [lang]')]).toHaveLength(3);
  });
});
