import { beforeAll, describe, expect, it } from 'vitest';
import { buildInMemory, documentOf } from '../helpers/site.ts';

let site: Awaited<ReturnType<typeof buildInMemory>>;
const base = 'https://www.example.com';
beforeAll(async () => {
  site = await buildInMemory();
});

const jsonLdOf = (document: Document) =>
  [...document.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent ?? '') as Record<string, unknown>,
  );

describe('search engines and sharing', () => {
  it('gives the three versions of every page the same alternates, each canonical to itself', () => {
    for (const route of site.site.routes.filter((candidate) => candidate.isIndexable)) {
      const document = documentOf(site.files, `${route.url.slice(1)}index.html`);
      expect(document.querySelector('link[rel=canonical]')?.getAttribute('href'), route.url).toBe(base + route.url);
      const alternates = Object.fromEntries(
        [...document.querySelectorAll('link[rel=alternate][hreflang]')].map((link) => [
          link.getAttribute('hreflang') ?? '',
          link.getAttribute('href'),
        ]),
      );
      expect(alternates, route.url).toEqual({
        ca: base + route.alternates.ca,
        es: base + route.alternates.es,
        en: base + route.alternates.en,
        'x-default': base + route.alternates.ca,
      });
      expect(alternates[route.locale]).toBe(base + route.url);
      expect(document.querySelector('meta[property="og:url"]')?.getAttribute('content')).toBe(base + route.url);
      expect(document.querySelector('meta[property="og:image"]')?.getAttribute('content')).toMatch(
        /^https:\/\/www\.example\.com\/assets\/og-image\.[0-9a-f]{10}\.png$/,
      );
      expect(document.querySelector('meta[name="twitter:card"]')?.getAttribute('content')).toBe('summary_large_image');
    }
  });

  it('gives every page its own title and description', () => {
    const pages = site.outputs
      .filter((output) => output.route?.isIndexable)
      .map((output) => documentOf(site.files, output.path));
    const titles = pages.map((document) => document.title);
    const descriptions = pages.map((document) =>
      document.querySelector('meta[name=description]')?.getAttribute('content'),
    );
    expect(new Set(titles).size).toBe(titles.length);
    expect(new Set(descriptions).size).toBe(descriptions.length);
  });

  it('lists exactly the indexable pages in the sitemap, with alternates and content dates', () => {
    const sitemap = String(site.files.get('sitemap.xml'));
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]).sort();
    const indexable = site.site.routes
      .filter((route) => route.isIndexable)
      .map((route) => base + route.url)
      .sort();
    expect(listed).toEqual(indexable);
    expect(sitemap).not.toMatch(/404|lentillas-poblenou|technical-aids\/<\/loc>.*technical-aids\/<\/loc>/);
    expect(sitemap).toContain(
      '<url><loc>https://www.example.com/es/services/orto-k/</loc><lastmod>2026-11-21</lastmod><xhtml:link rel="alternate" hreflang="ca" href="https://www.example.com/ca/services/orto-k/"/>',
    );
    expect([...sitemap.matchAll(/hreflang="x-default"/g)]).toHaveLength(indexable.length);
    expect(String(site.files.get('robots.txt'))).toContain('Sitemap: https://www.example.com/sitemap.xml');
  });

  it('keeps stubs and 404 pages out of search: noindex, no canonical of their own', () => {
    for (const path of [
      'ca/404/index.html',
      '404.html',
      'lentillas-poblenou-barcelona/index.html',
      'about/index.html',
      'index.html',
    ]) {
      const document = documentOf(site.files, path);
      expect(document.querySelector('meta[name=robots]')?.getAttribute('content'), path).toBe('noindex');
      expect(document.querySelectorAll('link[rel=alternate]'), path).toHaveLength(0);
    }
  });

  it('describes the business as an Optician with its hearing department and its opening hours', () => {
    const [business] = jsonLdOf(documentOf(site.files, 'ca/index.html'));
    expect(business).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Optician',
      name: site.site.content.settings.name,
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Rambla del Poblenou, 48',
        postalCode: '08005',
        addressLocality: 'Barcelona',
        addressCountry: 'ES',
      },
      geo: { '@type': 'GeoCoordinates' },
      department: { '@type': 'MedicalClinic', url: `${base}/ca/services/audiologia-centro/` },
    });
    const hours = (business!.openingHoursSpecification as { dayOfWeek: string[]; opens: string; closes: string }[])
      .flatMap((slot) => slot.dayOfWeek.map((day) => `${day} ${slot.opens}-${slot.closes}`))
      .sort();
    const spec = [
      ...['Monday', 'Tuesday', 'Wednesday', 'Thursday'].flatMap((day) => [`${day} 10:00-13:30`, `${day} 16:30-20:00`]),
      'Friday 10:00-20:00',
      'Saturday 10:30-14:00',
    ].sort();
    expect(hours).toEqual(spec);
  });

  it('gives inner pages a BreadcrumbList from home to the page', () => {
    const [breadcrumbs] = jsonLdOf(documentOf(site.files, 'en/products/oticon-models/real/index.html'));
    expect(breadcrumbs).toMatchObject({ '@type': 'BreadcrumbList' });
    expect(
      (breadcrumbs!.itemListElement as { position: number; item: string }[]).map((item) => [item.position, item.item]),
    ).toEqual([
      [1, `${base}/en/`],
      [2, `${base}/en/products/`],
      [3, `${base}/en/products/oticon-models/`],
      [4, `${base}/en/products/oticon-models/real/`],
    ]);
  });

  it('lists the page of each folder in the sitemap, with its alternates, its date and its own texts', () => {
    const sitemap = String(site.files.get('sitemap.xml'));
    const folderPages = site.site.routes.filter((route) => route.template === 'index');
    expect(folderPages.map((route) => route.url).sort()).toEqual(
      ['ca', 'es', 'en'].flatMap((locale) => ['legal', 'products', 'services'].map((id) => `/${locale}/${id}/`)).sort(),
    );
    for (const route of folderPages) {
      const entry = route.entry!;
      expect(entry.locale, route.url).toBe(route.locale);
      expect(sitemap, route.url).toContain(
        `<url><loc>${base}${route.url}</loc><lastmod>${entry.updated}</lastmod><xhtml:link rel="alternate" hreflang="ca" href="${base}${route.alternates.ca}"/>`,
      );
      const document = documentOf(site.files, `${route.url.slice(1)}index.html`);
      expect(document.querySelector('link[rel=canonical]')?.getAttribute('href'), route.url).toBe(base + route.url);
      expect(entry.title.length, route.url).toBeLessThanOrEqual(55);
      expect(entry.description.length, route.url).toBeGreaterThanOrEqual(50);
      const [breadcrumbs] = jsonLdOf(document);
      expect(
        (breadcrumbs!.itemListElement as { item: string }[]).map((item) => item.item),
        route.url,
      ).toEqual([`${base}/${route.locale}/`, base + route.url]);
    }
  });
});
