import type { Locale, Route } from '../../cli/types.ts';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * sitemap.xml: every indexable page with its language alternates and x-default, and `lastmod`
 * from the content's own date (never the build clock).
 */
export function sitemapXml(
  routes: readonly Route[],
  defaultLanguage: Locale,
  baseUrl: string,
  lastModified: (route: Route) => string | undefined,
): string {
  const urls = routes
    .filter((route) => route.isIndexable)
    .map((route) => {
      const lastmod = lastModified(route);
      const alternates = [
        ...Object.entries(route.alternates),
        ['x-default', route.alternates[defaultLanguage]] as const,
      ];
      return [
        '<url>',
        `<loc>${escapeXml(baseUrl + route.url)}</loc>`,
        ...(lastmod ? [`<lastmod>${lastmod}</lastmod>`] : []),
        ...alternates.map(
          ([hreflang, url]) =>
            `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(baseUrl + url)}"/>`,
        ),
        '</url>',
      ].join('');
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt: everything may be crawled; the sitemap is named. */
export function robotsTxt(baseUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${baseUrl}/sitemap.xml\n`;
}
