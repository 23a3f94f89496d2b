import { problemOn, type BuiltPage, type BuiltSite, type GateProblem, type GateResult } from './built-site.ts';

/**
 * What search engines read must agree with itself (docs/behaviour.md#seo-and-structured-data):
 * the sitemap lists exactly the indexable pages; each page is its own canonical; hreflang
 * alternates are reciprocal, include the page itself and x-default; titles and descriptions
 * are unique. Links are the links gate's.
 */
export function checkSeo(site: BuiltSite, baseUrl: string): GateResult {
  const problems: GateProblem[] = [];
  const report = (page: Pick<BuiltPage, 'file' | 'url'>, message: string) =>
    problems.push(problemOn(page, 'SearchMismatch', message));
  const indexable = site.pages.filter((page) => page.isIndexable);
  const byUrl = new Map(site.pages.map((page) => [page.url, page]));
  const sitemap = new Set(
    [...(site.files.get('sitemap.xml')?.toString('utf8') ?? '').matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) =>
      match[1]!.replace(baseUrl, ''),
    ),
  );
  for (const page of indexable) if (!sitemap.has(page.url)) report(page, 'is indexable but not in the sitemap');
  for (const url of sitemap) {
    if (!byUrl.get(url)?.isIndexable)
      report(byUrl.get(url) ?? { file: 'sitemap.xml', url }, 'is in the sitemap but is not an indexable page');
  }

  const alternatesOf = (url: string) =>
    new Map(
      (byUrl.get(url)?.document.querySelectorAll('link[rel="alternate"][hreflang]') ?? []).map((link) => [
        link.getAttribute('hreflang')!,
        link.getAttribute('href')!.replace(baseUrl, ''),
      ]),
    );
  for (const page of indexable) {
    const canonical = page.document.querySelector('link[rel="canonical"]')?.getAttribute('href');
    if (canonical !== baseUrl + page.url) report(page, `canonical is ${canonical ?? 'missing'}, not the page itself`);
    const alternates = alternatesOf(page.url);
    const language = page.document.querySelector('html')?.getAttribute('lang') ?? '';
    if (alternates.get(language) !== page.url)
      report(page, 'hreflang does not name the page itself for its own language');
    if (!alternates.has('x-default')) report(page, 'hreflang has no x-default');
    for (const [hreflang, url] of alternates) {
      if (hreflang !== 'x-default' && ![...alternatesOf(url).values()].includes(page.url)) {
        report(page, `hreflang ${hreflang} → ${url} does not link back`);
      }
    }
  }
  const texts = {
    title: (page: BuiltPage) => page.document.querySelector('title')?.text,
    description: (page: BuiltPage) => page.document.querySelector('meta[name="description"]')?.getAttribute('content'),
  };
  for (const [what, read] of Object.entries(texts)) {
    const seen = new Map<string, string>();
    for (const page of indexable) {
      const value = read(page) ?? '';
      if (seen.has(value)) report(page, `has the same ${what} as ${seen.get(value)}`);
      seen.set(value, page.url);
    }
  }
  return { gate: 'seo', checked: indexable.length, problems };
}
