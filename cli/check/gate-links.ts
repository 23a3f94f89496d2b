import type { CheckOptions as CrawlOptions, HttpResponse, LinkResult } from 'linkinator';
import { summarizeHtml } from '../lib/page-summary.ts';
import { problemOn, type BuiltPage, type BuiltSite, type GateProblem, type GateResult } from './built-site.ts';

/** How long one address of the served site, or an external one, may take to answer. */
const TIMEOUT_MS = 15_000;
/**
 * Pages crawled at once for their fragments. linkinator's own `concurrency` bounds nothing
 * here: in 7.6.1 each request starts the moment its link is found and the queue only awaits it,
 * so the load is set by how many pages a crawl starts from.
 */
const PAGES_AT_ONCE = 8;

/**
 * linkinator crawls the site served at `origin` (docs/behaviour.md#routes): every HTML file
 * of the built site, pages, redirect stubs and 404 pages alike, each link, image, stylesheet,
 * script and `#fragment` of them. A link fails when the server answers it with anything but a
 * 2xx: a missing file, a redirect (a stub or an address without its language prefix), or a
 * fragment no element of the target has. External links are listed, and fetched only with
 * `external`. `checked` counts the distinct addresses requested.
 */
export async function checkLinks(site: BuiltSite, origin: string, external: boolean): Promise<GateResult> {
  const { LinkChecker, LinkState } = await import('linkinator');
  const crawl = (options: CrawlOptions) =>
    new LinkChecker().check({
      timeout: TIMEOUT_MS,
      recurse: false,
      // The files themselves, not their .br or .gz copies: the bytes every other gate reads.
      headers: { 'Accept-Encoding': 'identity' },
      ...options,
    });
  const isLocal = (url: string) => url.startsWith(`${origin}/`);
  // The files themselves, not their addresses: a stub's address redirects, and the root's too.
  const pages = site.pages.map((page) => fragmentLinksOf(page, `${origin}/${page.file}`, isLocal));
  const pageOf = new Map(pages.map((page) => [page.seed, page.page]));
  const seeds = pages.map((page) => page.seed);
  const isBroken = (link: LinkResult) => link.state === LinkState.BROKEN;

  const internal = await withoutProxy(() =>
    crawl({
      path: seeds,
      redirects: 'error',
      checkFragments: true,
      linksToSkip: async (url) => !isLocal(url),
    }),
  );
  const externalLinks = [
    ...new Set(internal.links.map((link) => link.url).filter((url) => /^https?:\/\//.test(url) && !isLocal(url))),
  ].sort();
  const broken = internal.links.filter(isBroken);
  const problems = broken.filter((link) => !link.url.includes('#')).map((link) => describeBroken(link, origin, pageOf));
  // A page's links to its own fragments are judged on the page as the crawl reads it.
  for (const page of pages)
    for (const link of broken.filter((candidate) => page.samePage.has(candidate.url)))
      problems.push(problemOn(page.page, 'BrokenLink', fragmentMessage(link.url, page.seed, origin)));
  const fragments = await withoutProxy(() => crawlFragmentsElsewhere(pages, crawl));
  for (const { holders, link } of fragments.filter((found) => isBroken(found.link)))
    for (const page of holders)
      problems.push(problemOn(page.page, 'BrokenLink', fragmentMessage(link.url, page.seed, origin)));
  const requested = [...internal.links, ...fragments.map(({ link }) => link)];
  if (external) {
    const fetched = await crawlExternal(seeds, isLocal, crawl);
    problems.push(...fetched.filter(isBroken).map((link) => describeBroken(link, origin, pageOf)));
    requested.push(...fetched);
  }
  const checked = new Set(requested.filter((link) => link.state !== LinkState.SKIPPED).map((link) => link.url));
  return {
    gate: 'links',
    checked: checked.size,
    problems: sortProblems(problems),
    details: { external: externalLinks, externalFetched: external },
  };
}

/** The variables linkinator sends every request through a proxy by, 127.0.0.1 included: it reads no NO_PROXY. */
const PROXY_VARIABLES = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'] as const;

/**
 * Runs a crawl of the served site with no proxy: a proxy, as CI machines behind one set it,
 * cannot reach this machine's 127.0.0.1, and every link would fail. linkinator reads the
 * variables at each request, so they are set aside for the crawl and put back after it, before
 * external links, which may need the proxy, are fetched.
 */
async function withoutProxy<T>(crawl: () => Promise<T>): Promise<T> {
  const saved = PROXY_VARIABLES.map((name) => [name, process.env[name]] as const);
  for (const name of PROXY_VARIABLES) delete process.env[name];
  try {
    return await crawl();
  } finally {
    for (const [name, value] of saved) if (value !== undefined) process.env[name] = value;
  }
}

/** A page as the fragment checks see it: where it is crawled from, and its links to fragments of the served site. */
interface FragmentLinks {
  readonly page: BuiltPage;
  /** The address of the file itself: `http://127.0.0.1:4000/es/about/index.html`. */
  readonly seed: string;
  /** Links to a fragment of the page itself, absolute. */
  readonly samePage: ReadonlySet<string>;
  /** Links to a fragment of another address of the site, absolute. */
  readonly elsewhere: ReadonlySet<string>;
}

function fragmentLinksOf(page: BuiltPage, seed: string, isLocal: (url: string) => boolean): FragmentLinks {
  const links = summarizeHtml(page.html)
    .links.filter((link) => link.includes('#') && URL.canParse(link, seed))
    .map((link) => new URL(link, seed))
    .filter((url) => url.hash.length > 1 && isLocal(url.href));
  const withoutHash = (url: URL) => url.href.slice(0, -url.hash.length);
  return {
    page,
    seed,
    samePage: new Set(links.filter((url) => withoutHash(url) === seed).map((url) => url.href)),
    elsewhere: new Set(links.filter((url) => withoutHash(url) !== seed).map((url) => url.href)),
  };
}

/**
 * linkinator checks a fragment of another page only when it fetches that page after seeing the
 * fragment, and names the first page that linked it, so the crawl of the whole site misses or
 * misplaces most of them. Hence a crawl per set of such links (the pages of one language share
 * their menu's), from one page that holds them and limited to the pages they point into:
 * linkinator judges every fragment, and each broken one is a problem of every page of the set.
 */
async function crawlFragmentsElsewhere(
  pages: readonly FragmentLinks[],
  crawl: (options: CrawlOptions) => Promise<{ links: LinkResult[] }>,
): Promise<{ holders: readonly FragmentLinks[]; link: LinkResult }[]> {
  const sets = new Map<string, FragmentLinks[]>();
  for (const page of pages.filter((candidate) => candidate.elsewhere.size > 0)) {
    const key = [...page.elsewhere].sort().join(' ');
    sets.set(key, [...(sets.get(key) ?? []), page]);
  }
  const queue = [...sets.values()];
  const found: { holders: readonly FragmentLinks[]; link: LinkResult }[] = [];
  await Promise.all(
    Array.from({ length: PAGES_AT_ONCE }, async () => {
      for (let holders = queue.shift(); holders !== undefined; holders = queue.shift()) {
        const { seed, elsewhere } = holders[0]!;
        const targets = new Set([...elsewhere].map((url) => url.replace(/#.*/, '')));
        const { links } = await crawl({
          path: seed,
          checkFragments: true,
          linksToSkip: async (url) => url !== seed && !targets.has(url),
        });
        // Its links to its own fragments were judged in the main crawl.
        found.push(...links.filter((link) => elsewhere.has(link.url)).map((link) => ({ holders, link })));
      }
    }),
  );
  return found;
}

/**
 * The external links of every page, each with the page that holds it: another crawl, so that
 * their redirects are followed while the site's own stay errors.
 */
async function crawlExternal(
  seeds: readonly string[],
  isLocal: (url: string) => boolean,
  crawl: (options: CrawlOptions) => Promise<{ links: LinkResult[] }>,
): Promise<LinkResult[]> {
  const seedSet = new Set(seeds);
  const { links } = await crawl({
    path: [...seeds],
    redirects: 'allow',
    linksToSkip: async (url) => isLocal(url) && !seedSet.has(url),
  });
  return links.filter((link) => !isLocal(link.url));
}

/** A broken link as a problem of the page that holds it; a page that is not served is a problem of its own. */
function describeBroken(link: LinkResult, origin: string, pageOf: ReadonlyMap<string, BuiltPage>): GateProblem {
  const shown = shorten(link.url, origin);
  if (link.parent === undefined) {
    const page = pageOf.get(link.url);
    return problemOn(page, 'BrokenLink', `the file ${page?.file ?? shown} is not served: ${answerOf(link, origin)}`);
  }
  const page = pageOf.get(link.parent);
  return problemOn(page, 'BrokenLink', `the link ${shown} ${answerOf(link, origin)}`);
}

/** What the address answered, in words: a status, where a redirect leads, or why there was no answer. */
function answerOf(link: LinkResult, origin: string): string {
  const response = link.failureDetails?.find((detail): detail is HttpResponse => !(detail instanceof Error));
  const location = response?.headers.location;
  if (location !== undefined) {
    return `redirects (${link.status} to ${shorten(location, origin)}), not to the page itself`;
  }
  if (link.status) return `answers ${link.status}`;
  const error = link.failureDetails?.find((detail) => detail instanceof Error);
  return `gets no answer${error ? ` (${error.cause instanceof Error ? error.cause.message : error.message})` : ''}`;
}

function fragmentMessage(url: string, seed: string, origin: string): string {
  const [target = '', fragment] = url.split('#');
  if (target === seed) return `the link #${fragment} points at no element of this page`;
  return `the link ${shorten(url, origin)} points at no element of ${shorten(target, origin)}`;
}

/** An address of the served site as the page writes it: `/es/about/`. */
function shorten(url: string, origin: string): string {
  return url.startsWith(`${origin}/`) ? url.slice(origin.length) : url;
}

function sortProblems(problems: GateProblem[]): GateProblem[] {
  const key = (problem: GateProblem) => `${problem.page ?? ''} ${problem.message}`;
  // By code point, not by locale: the same order on every machine.
  return problems.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}
