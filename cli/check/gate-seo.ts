import type { BuiltSite, GateResult } from './built-site.ts';

/**
 * What search engines read must agree with itself: the sitemap lists exactly the indexable
 * pages; each page is its own canonical; hreflang alternates are reciprocal, include the page
 * itself and x-default; titles and descriptions are unique; internal links go straight to
 * pages (never through a redirect stub) and to fragments that exist.
 */
export function checkSeo(site: BuiltSite, baseUrl: string): GateResult {
  const problems: { page?: string; message: string }[] = [];
  const indexable = site.pages.filter((page) => page.isIndexable);
  const byUrl = new Map(site.pages.map((page) => [page.url, page]));
  const sitemap = new Set(
    [...(site.files.get('sitemap.xml')?.toString('utf8') ?? '').matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) =>
      match[1]!.replace(baseUrl, ''),
    ),
  );
  for (const page of indexable)
    if (!sitemap.has(page.url)) problems.push({ page: page.url, message: 'is indexable but not in the sitemap' });
  for (const url of sitemap)
    if (!byUrl.get(url)?.isIndexable)
      problems.push({ page: url, message: 'is in the sitemap but is not an indexable page' });

  const alternatesOf = (url: string) =>
    new Map(
      (byUrl.get(url)?.document.querySelectorAll('link[rel="alternate"][hreflang]') ?? []).map((link) => [
        link.getAttribute('hreflang')!,
        link.getAttribute('href')!.replace(baseUrl, ''),
      ]),
    );
  for (const page of indexable) {
    const canonical = page.document.querySelector('link[rel="canonical"]')?.getAttribute('href');
    if (canonical !== baseUrl + page.url)
      problems.push({ page: page.url, message: `canonical is ${canonical ?? 'missing'}, not the page itself` });
    const alternates = alternatesOf(page.url);
    const language = page.document.querySelector('html')?.getAttribute('lang') ?? '';
    if (alternates.get(language) !== page.url)
      problems.push({ page: page.url, message: 'hreflang does not name the page itself for its own language' });
    if (!alternates.has('x-default')) problems.push({ page: page.url, message: 'hreflang has no x-default' });
    for (const [hreflang, url] of alternates) {
      if (hreflang !== 'x-default' && ![...alternatesOf(url).values()].includes(page.url))
        problems.push({ page: page.url, message: `hreflang ${hreflang} → ${url} does not link back` });
    }
  }
  for (const [what, read] of [
    ['title', (page: (typeof indexable)[number]) => page.document.querySelector('title')?.text],
    [
      'description',
      (page: (typeof indexable)[number]) =>
        page.document.querySelector('meta[name="description"]')?.getAttribute('content'),
    ],
  ] as const) {
    const seen = new Map<string, string>();
    for (const page of indexable) {
      const value = read(page) ?? '';
      if (seen.has(value)) problems.push({ page: page.url, message: `has the same ${what} as ${seen.get(value)}` });
      seen.set(value, page.url);
    }
  }
  let links = 0;
  for (const page of site.pages.filter((candidate) => !candidate.isRedirect)) {
    for (const anchor of page.document.querySelectorAll('a[href^="/"], a[href^="#"]')) {
      links += 1;
      const href = anchor.getAttribute('href')!;
      const [path, fragment] = href.startsWith('#')
        ? [page.url, href.slice(1)]
        : (href.split('#') as [string, string | undefined]);
      const target = byUrl.get(path!.split('?')[0]!);
      if (target?.isRedirect)
        problems.push({ page: page.url, message: `links to ${href}, a redirect, not to the page itself` });
      if (target && fragment && !target.document.querySelector(`[id="${fragment}"]`))
        problems.push({ page: page.url, message: `links to ${href}, but ${path} has no element #${fragment}` });
    }
  }
  return { gate: 'seo', checked: indexable.length + links, problems };
}
