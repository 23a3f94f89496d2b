import { findBrokenLinks } from '../lib/links.ts';
import { summarizeHtml } from '../lib/page-summary.ts';
import { problemOn, type BuiltSite, type GateResult } from './built-site.ts';

/** Most external links fetched at once. */
const EXTERNAL_AT_ONCE = 8;

/**
 * Every link, image, stylesheet, script and fragment of every page and redirect stub, judged
 * by the same link checker as the build (lib/links.ts). External links are listed, and
 * fetched only with `external`.
 */
export async function checkLinks(
  site: BuiltSite,
  languages: readonly string[],
  external: boolean,
): Promise<GateResult> {
  const pageOf = new Map(site.pages.map((page) => [page.file, page]));
  const summaries = new Map(site.pages.map((page) => [page.file, summarizeHtml(page.html)]));
  const files = [...site.files.keys()].map((path) => ({ path, summary: summaries.get(path) }));
  const problems = findBrokenLinks(files, languages).map(({ path, message }) =>
    problemOn(pageOf.get(path), 'BrokenLink', message),
  );
  const links = [...summaries.values()].flatMap((summary) => summary.links);
  const externalLinks = [...new Set(links.filter((url) => /^https?:\/\//.test(url)))].sort();
  if (external) {
    const queue = [...externalLinks];
    await Promise.all(
      Array.from({ length: EXTERNAL_AT_ONCE }, async () => {
        for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
          const status = await fetchStatus(url);
          if (status === undefined || status >= 400) {
            problems.push(problemOn(undefined, 'BrokenLink', `${url} is broken (${status ?? 'no answer'})`));
          }
        }
      }),
    );
  }
  return {
    gate: 'links',
    checked: links.length,
    problems,
    details: { external: externalLinks, externalFetched: external },
  };
}

/** The status an external address answers with (HEAD, then GET for servers that refuse HEAD); undefined when none. */
async function fetchStatus(url: string): Promise<number | undefined> {
  for (const method of ['HEAD', 'GET']) {
    const response = await fetch(url, { method, redirect: 'follow', signal: AbortSignal.timeout(15_000) }).catch(
      () => undefined,
    );
    if (response && response.status !== 405 && response.status !== 501) return response.status;
  }
  return undefined;
}
