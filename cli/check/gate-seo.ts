import { problemOn, type BuiltPage, type BuiltSite, type GateProblem, type GateResult } from './built-site.ts';
import { SEARCH_LIMITS } from '../schemas/common.ts';
import { checkVocabulary } from './structured-data-vocabulary.ts';

/**
 * What search engines read must agree with itself (docs/behaviour.md#seo-and-structured-data):
 * the sitemap lists exactly the indexable pages; each page is its own canonical; hreflang
 * alternates are reciprocal, include the page itself and x-default; titles fit in 60 characters
 * and descriptions in 70–160, each unique within its language; every JSON-LD block uses only
 * what the schema.org vocabulary defines for its types. Links are the links gate's.
 */
export async function checkSeo(site: BuiltSite, baseUrl: string, cacheDir: string): Promise<GateResult> {
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
      const key = `${languageOf(page)} ${value}`;
      if (seen.has(key)) report(page, `has the same ${what} as ${seen.get(key)}`);
      seen.set(key, page.url);
    }
  }
  for (const page of indexable) {
    const title = [...(texts.title(page) ?? '')].length;
    if (title > SEARCH_LIMITS.title)
      report(page, `title is ${title} characters; a search result shows ${SEARCH_LIMITS.title}`);
    const description = [...(texts.description(page) ?? '')].length;
    const [least, most] = SEARCH_LIMITS.description;
    if (description < least || description > most)
      report(page, `description is ${description} characters, not ${least}–${most}`);
  }
  await checkStructuredData(indexable, cacheDir, report);
  return { gate: 'seo', checked: indexable.length, problems };
}

function languageOf(page: BuiltPage): string {
  return page.document.querySelector('html')?.getAttribute('lang') ?? '';
}

/** Each distinct JSON-LD block once, against the vocabulary; a faulty one is reported on the first page that has it. */
async function checkStructuredData(
  pages: readonly BuiltPage[],
  cacheDir: string,
  report: (page: BuiltPage, message: string) => void,
): Promise<void> {
  const firstPage = new Map<string, BuiltPage>();
  for (const page of pages)
    for (const script of page.document.querySelectorAll('script[type="application/ld+json"]'))
      if (!firstPage.has(script.textContent)) firstPage.set(script.textContent, page);
  const blocks: { page: BuiltPage; data: unknown }[] = [];
  for (const [text, page] of firstPage) {
    try {
      blocks.push({ page, data: JSON.parse(text) });
    } catch {
      report(page, 'has a JSON-LD block that is not JSON');
    }
  }
  for (const finding of await checkVocabulary(
    blocks.map((block) => block.data),
    cacheDir,
  )) {
    const block = blocks[finding.block]!;
    report(block.page, `JSON-LD ${typeOf(block.data)}: ${finding.message} (schema.org)`);
  }
}

function typeOf(block: unknown): string {
  return block && typeof block === 'object' && '@type' in block ? String(block['@type']) : 'block';
}
