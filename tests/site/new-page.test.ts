import { appendFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
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
  site = await buildInMemory(join(project, 'content'));
});
afterAll(async () => {
  await rm(project, { recursive: true, force: true });
});

describe('a page added by a maintainer', () => {
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
