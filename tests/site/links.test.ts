import { beforeAll, describe, expect, it } from 'vitest';
import { buildInMemory, documentOf } from '../helpers/site.ts';

let site: Awaited<ReturnType<typeof buildInMemory>>;
beforeAll(async () => {
  site = await buildInMemory();
});

describe('links', () => {
  it('gives every internal page link a language prefix and leads it to a page, never a stub', () => {
    const pages = new Set(site.site.routes.map((route) => route.url));
    const offenders: string[] = [];
    for (const output of site.outputs.filter((candidate) => candidate.route)) {
      for (const link of documentOf(site.files, output.path).querySelectorAll('a[href^="/"]')) {
        const href = link.getAttribute('href')!;
        const path = href.split(/[?#]/)[0]!;
        if (!/^\/(ca|es|en)\//.test(href) || !pages.has(path)) offenders.push(`${output.path}: ${href}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('links pages to pages of their own language, except the language switcher', () => {
    const offenders: string[] = [];
    for (const output of site.outputs.filter((candidate) => candidate.route)) {
      const locale = output.route!.locale;
      for (const link of documentOf(site.files, output.path).querySelectorAll('a[href^="/"]')) {
        if (!link.closest('.lang-switcher') && !link.getAttribute('href')!.startsWith(`/${locale}/`))
          offenders.push(`${output.path}: ${link.getAttribute('href')}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('links each folder page to every page in the folder, and those back to it in their breadcrumbs', () => {
    const folderPages = site.site.routes.filter((route) => route.template === 'index');
    expect(folderPages.length).toBeGreaterThan(0);
    for (const folder of folderPages) {
      const inFolder = site.site.routes.filter(
        (route) =>
          route.locale === folder.locale && route.isIndexable && route.url.startsWith(folder.url) && route !== folder,
      );
      const listed = [...documentOf(site.files, `${folder.url.slice(1)}index.html`).querySelectorAll('main .card a')];
      const children = inFolder.filter((route) => !route.id.slice(folder.id.length + 1).includes('/'));
      expect(listed.map((link) => link.getAttribute('href')).sort(), folder.url).toEqual(
        children.map((route) => route.url).sort(),
      );
      for (const route of inFolder) {
        const crumbs = documentOf(site.files, `${route.url.slice(1)}index.html`).querySelectorAll('.breadcrumbs a');
        expect(
          [...crumbs].map((link) => link.getAttribute('href')),
          route.url,
        ).toContain(folder.url);
      }
    }
  });

  it('loads only the stylesheet and images the site has', () => {
    for (const output of site.outputs.filter((candidate) => candidate.route)) {
      const document = documentOf(site.files, output.path);
      const sources = [...document.querySelectorAll('link[rel=stylesheet], img')].map(
        (element) => element.getAttribute('href') ?? element.getAttribute('src')!,
      );
      for (const source of sources) expect(site.files.has(source.slice(1)), `${output.path}: ${source}`).toBe(true);
    }
  });

  it('opens external links of the footer in a new tab without giving them the opener', () => {
    const document = documentOf(site.files, 'ca/index.html');
    const social = [...document.querySelectorAll('.footer__social a')];
    expect(social).toHaveLength(3);
    for (const link of social) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });
});
