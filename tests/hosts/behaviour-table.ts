import { request, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { cacheKindOf, targetIn, type CacheKind, type HostHeaders } from '../../cli/hosts/rules.ts';
import type { Locale, Redirect } from '../../cli/types.ts';

/** What a host can and cannot do; every other behaviour is the same on every host. */
export interface HostProfile {
  readonly name: string;
  readonly url: string;
  /** Whether it chooses a redirect by cookie; if not, it serves the redirect page. */
  readonly choosesByCookie: boolean;
  /** Whether its redirects carry the site's headers. */
  readonly headersOnRedirects: boolean;
  /** The encoding it answers to `Accept-Encoding: br, gzip` for a page; none when its local server does not compress. */
  readonly encoding: 'br' | 'gzip' | undefined;
  /**
   * Whether it sends the build's precompressed copies (then with `Vary: Accept-Encoding`, and
   * exactly the first coding the browser accepts) rather than compressing itself (then in any
   * coding the browser accepts, or none).
   */
  readonly sendsPrecompressed?: boolean;
  /** The status a configuration file gets when not 404, and why. */
  readonly hiddenStatus?: (path: string) => number;
  /** The Cache-Control every file gets when the host's local server sets its own over the site's. */
  readonly fileCache?: string;
  /** The Cache-Control a missing path gets when the host's local server sets its own over the site's. */
  readonly notFoundCache?: string;
  /**
   * Whether the table sends it addresses a server may refuse before it reads the site's rules
   * (a malformed escape, an encoded slash, a NUL, a segment or an address too long). Only where
   * the generated configuration can answer them: the local servers of Netlify and Cloudflare
   * fail on some (netlify dev stops; wrangler answers 502), and the preview is sitegen's own.
   */
  readonly answersHostileAddresses?: boolean;
  /**
   * Whether it answers a language prefix in other letters (`/EN/about/`) with a redirect of its
   * own; if not, it serves the root 404 page, whose script sends the visitor on (a browser test
   * follows it).
   */
  readonly redirectsPrefixCase: boolean;
  /** Whether its local server answers a TRACE at all (wrangler pages dev 4.86.0 never does). */
  readonly answersTrace?: boolean;
}

/** One request and what every host must answer. */
export interface Row {
  readonly name: string;
  readonly path: string;
  readonly cookie?: string;
  /** GET unless said. */
  readonly method?: string;
  readonly expect:
    | { readonly kind: 'page'; readonly language: Locale; readonly cache: CacheKind }
    | { readonly kind: 'file'; readonly cache: CacheKind }
    | {
        readonly kind: 'redirect';
        readonly status: 301 | 302;
        readonly location: string;
        readonly byCookie: boolean;
        /** A language prefix in other letters, which only some hosts redirect themselves (HostProfile.redirectsPrefixCase). */
        readonly prefixCase?: boolean;
      }
    | { readonly kind: 'refused'; readonly status: number }
    | { readonly kind: 'not-found'; readonly language: Locale }
    | { readonly kind: 'hidden' }
    | { readonly kind: 'hostile' }
    | { readonly kind: 'encoding'; readonly acceptEncoding: string; readonly accepted: readonly Coding[] };
}

/** The codings the build writes a copy in (`.br`, `.gz`), in the order hosts that send the copies prefer them. */
export type Coding = 'br' | 'gzip';

/**
 * Accept-Encoding headers and the codings each accepts, Brotli first. A coding named with a
 * weight of zero, in any spelling of zero, is refused (RFC 9110, section 12.5.3), and so is one
 * the header does not name: no copy is sent for a wildcard.
 */
const NEGOTIATIONS: readonly (readonly [acceptEncoding: string, accepted: readonly Coding[]])[] = [
  ['br, gzip', ['br', 'gzip']],
  // Chromium's.
  ['gzip, deflate, br, zstd', ['br', 'gzip']],
  ['gzip', ['gzip']],
  ['BR', ['br']],
  ['br;q=0, gzip', ['gzip']],
  ['br; q=0.000, gzip', ['gzip']],
  // The parameter's name is case-insensitive, like the coding's.
  ['br;Q=0, gzip', ['gzip']],
  ['BR; Q=0.00, gzip', ['gzip']],
  ['br; q=0', []],
  ['br;q=0.0, gzip', ['gzip']],
  ['br;q=0.001', ['br']],
  ['gzip;q=0', []],
  ['gzip;q=0.0, br', ['br']],
  ['br;q=0.00, gzip;q=0', []],
  ['identity, *;q=0', []],
  ['identity', []],
];

/** The site the table is written from: its pages, redirects, languages and headers. */
export interface SiteFacts {
  readonly pageUrls: readonly string[];
  /** Files that are not pages, one or more of each kind: a hashed asset, images, the sitemap. */
  readonly filePaths: readonly string[];
  /** Paths the build writes a `.br` and a `.gz` for: a page and the stylesheet. */
  readonly compressedPaths: readonly string[];
  readonly redirects: readonly Redirect[];
  readonly languages: readonly Locale[];
  readonly headers: HostHeaders;
  /** The address of each language's 404 page as a page of its own (`/en/404/`). */
  readonly notFoundPageUrls: readonly string[];
}

const QUERY = '?utm_source=table&x=1';

/** The rows: every page (compressed), files of each cache kind, every redirect spelling with and without a query and with each saved language, 404s, folders, hidden files. */
export function behaviourRows(site: SiteFacts): Row[] {
  const [fallback = 'ca'] = site.languages;
  const languageOf = (path: string) => site.languages.find((code) => path.startsWith(`/${code}/`)) ?? fallback;
  const rows: Row[] = site.pageUrls.map((path) => ({
    name: `page ${path}`,
    path,
    expect: { kind: 'page', language: languageOf(path), cache: cacheKindOf(`${path.slice(1)}index.html`) },
  }));
  for (const path of site.filePaths)
    rows.push({ name: `file ${path}`, path, expect: { kind: 'file', cache: cacheKindOf(path.slice(1)) } });
  for (const path of site.compressedPaths)
    for (const [acceptEncoding, accepted] of NEGOTIATIONS)
      rows.push({ name: `${path} to ${acceptEncoding}`, path, expect: { kind: 'encoding', acceptEncoding, accepted } });
  for (const redirect of site.redirects) {
    const spellings = redirect.from === '/' ? ['/'] : [redirect.from, `${redirect.from}/`];
    for (const from of spellings) {
      for (const query of ['', QUERY]) {
        if (redirect.kind === 'fixed') {
          rows.push({
            name: `fixed ${from}${query}`,
            path: from + query,
            expect: { kind: 'redirect', status: 301, location: redirect.to + query, byCookie: false },
          });
          continue;
        }
        // A saved language in capitals is the same language, on every host (nginx's map ignores case).
        const capitals = query === '' ? site.languages.slice(-1).map((code) => code.toUpperCase()) : [];
        for (const saved of [undefined, ...site.languages, ...capitals]) {
          rows.push({
            name: `language ${from}${query} saved ${saved ?? 'none'}`,
            path: from + query,
            cookie: saved && `language=${saved}; nf_lang=${saved}`,
            expect: {
              kind: 'redirect',
              status: 302,
              location: targetIn(redirect, saved?.toLowerCase() ?? fallback, site.languages) + query,
              byCookie: true,
            },
          });
        }
      }
    }
  }
  for (const language of site.languages) {
    rows.push({
      name: `unknown page in ${language}`,
      path: `/${language}/no-such-page/`,
      expect: { kind: 'not-found', language },
    });
    rows.push({
      name: `unknown file in ${language}`,
      path: `/${language}/services/nothing`,
      expect: { kind: 'not-found', language },
    });
    // A precompressed copy is no page: the 404 page of the language its folder is in.
    for (const path of [`/${language}/index.html.br`, `/${language}/about/index.html.gz`])
      rows.push({ name: `precompressed copy ${path}`, path, expect: { kind: 'not-found', language } });
    // The prefix in other letters is the language's own: /EN/about/ is /en/about/.
    const [upper, capital, last] = [
      language.toUpperCase(),
      language[0]!.toUpperCase() + language.slice(1),
      language.slice(0, -1) + language.slice(-1).toUpperCase(),
    ];
    for (const [from, to] of [
      [`/${upper}/about/`, `/${language}/about/`],
      [`/${capital}`, `/${language}/`],
      [`/${last}/services/${QUERY}`, `/${language}/services/${QUERY}`],
    ] as const)
      rows.push({
        name: `prefix in other letters ${from}`,
        path: from,
        expect: { kind: 'redirect', status: 301, location: to, byCookie: false, prefixCase: true },
      });
  }
  // The 404 page of a language asked for as a page, with and without its slash, is still a missing page.
  for (const url of site.notFoundPageUrls)
    for (const path of [url, url.slice(0, -1)])
      rows.push({
        name: `404 page's own address ${path}`,
        path,
        expect: { kind: 'not-found', language: languageOf(path) },
      });
  // A method no static host takes is refused by the server itself, and the answer still carries the site's headers.
  for (const path of ['/ca/', '/en/about/', '/favicon.svg'])
    rows.push({ name: `TRACE ${path}`, path, method: 'TRACE', expect: { kind: 'refused', status: 405 } });
  // A missing asset or image is a missing page, never kept for a year or a day.
  for (const path of [
    '/no-such-page',
    '/de/',
    '/fr-FR/about/',
    '/images/',
    '/images/brands/',
    '/assets/',
    '/assets/site.0000000000.css',
    '/images/brands/no-such-brand.svg',
  ])
    rows.push({ name: `not found ${path}`, path, expect: { kind: 'not-found', language: fallback } });
  for (const path of [
    '/ca/%zz',
    '/ca/%2f',
    '/%2Fca/',
    '/%00',
    '/ca/%00/',
    `/ca/${'a'.repeat(256)}/`,
    `/${'a'.repeat(9000)}`,
  ])
    rows.push({ name: `hostile ${path.slice(0, 40)}`, path, expect: { kind: 'hostile' } });
  for (const path of ['/_redirects', '/_headers', '/vercel.json', '/.htaccess', '/nginx.conf', '/sitemap.xml.gz'])
    rows.push({ name: `hidden ${path}`, path, expect: { kind: 'hidden' } });
  return rows;
}

const langOf = (html: string) => /<html lang="([a-z]{2})"/.exec(html)?.[1];

/** A response as the host sent it: fetch would decode the body and hide what was on the wire (and sends no TRACE). */
function getRaw(url: string, acceptEncoding: string, method = 'GET') {
  return new Promise<{
    status: number;
    encoding?: string;
    vary?: string;
    headers: IncomingHttpHeaders;
    body: Buffer;
  }>((done, fail) => {
    const sent = request(url, { method, headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', fail);
      response.on('end', () =>
        done({
          status: response.statusCode ?? 0,
          encoding: response.headers['content-encoding'],
          vary: response.headers.vary,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    // A server that holds a request open fails its row, not the whole table.
    sent.setTimeout(15_000, () => sent.destroy(new Error(`no answer to ${method} ${url} in 15 s`)));
    sent.on('error', fail).end();
  });
}

const DECODERS: Readonly<Record<string, (body: Buffer) => Buffer>> = { br: brotliDecompressSync, gzip: gunzipSync };

/** The body decoded as its Content-Encoding says; undefined when it does not decode. */
function decoded(body: Buffer, encoding: string | undefined): Buffer | undefined {
  if (encoding === undefined) return body;
  try {
    return DECODERS[encoding]?.(body);
  } catch {
    return undefined;
  }
}

/**
 * What is wrong with the host's answer to one Accept-Encoding: a coding the browser refused, a
 * copy other than the one it prefers from a host that sends the build's copies, or bytes that
 * do not decode to the file as sent to a browser that takes no coding.
 */
async function encodingProblems(
  host: HostProfile,
  path: string,
  expect: Extract<Row['expect'], { kind: 'encoding' }>,
): Promise<string[]> {
  const plain = await getRaw(host.url + path, 'identity');
  const sent = await getRaw(host.url + path, expect.acceptEncoding);
  const problems: string[] = [];
  if (plain.status !== 200 || plain.encoding !== undefined) problems.push(`plain ${plain.status} ${plain.encoding}`);
  if (sent.status !== 200) problems.push(`status ${sent.status}`);
  const allowed: (string | undefined)[] = host.sendsPrecompressed
    ? [expect.accepted[0]]
    : [undefined, ...expect.accepted];
  if (!allowed.includes(sent.encoding)) problems.push(`content-encoding ${sent.encoding}`);
  if (host.sendsPrecompressed && !/accept-encoding/i.test(sent.vary ?? '')) problems.push(`vary ${sent.vary}`);
  const body = decoded(sent.body, sent.encoding);
  if (body === undefined) problems.push(`a body that is not ${sent.encoding}`);
  else if (!body.equals(plain.body)) problems.push(`${body.length} bytes decoded, not the file's ${plain.body.length}`);
  return problems;
}

/** Runs every row against a host; returns the rows that failed, each with what it got. */
export async function runRows(host: HostProfile, rows: readonly Row[], headers: HostHeaders): Promise<string[]> {
  const failures: string[] = [];
  const get = (path: string, extra: Record<string, string> = {}) =>
    fetch(host.url + path, { redirect: 'manual', headers: { 'accept-encoding': 'identity', ...extra } });
  const securityProblems = (response: Pick<Response, 'headers'>) =>
    headers.security
      .filter(([name, value]) => response.headers.get(name) !== value)
      .map(([name]) => `${name}: ${response.headers.get(name)}`);
  for (const row of rows) {
    if (row.expect.kind === 'encoding') {
      const problems = await encodingProblems(host, row.path, row.expect);
      if (problems.length > 0) failures.push(`${row.name}: ${problems.join(', ')}`);
      continue;
    }
    if (row.expect.kind === 'refused') {
      if (row.method === 'TRACE' && host.answersTrace === false) continue;
      const problems: string[] = [];
      const answer = await getRaw(host.url + row.path, 'identity', row.method).catch((error: Error) => error);
      if (answer instanceof Error) problems.push(answer.message);
      else {
        if (answer.status !== row.expect.status) problems.push(`status ${answer.status}`);
        const sent = new Headers(
          Object.entries(answer.headers).map(([name, value]): [string, string] => [name, String(value)]),
        );
        problems.push(...securityProblems({ headers: sent }));
      }
      if (problems.length > 0) failures.push(`${row.name}: ${problems.join(', ')}`);
      continue;
    }
    if (row.expect.kind === 'hostile' && !host.answersHostileAddresses) continue;
    const problems: string[] = [];
    const isPage = row.expect.kind === 'page';
    const response = await get(row.path, {
      ...(row.cookie ? { cookie: row.cookie } : {}),
      ...(isPage ? { 'accept-encoding': 'br, gzip' } : {}),
    });
    const body = await response.text();
    const location = response.headers.get('location');
    const expect = row.expect;
    if (expect.kind === 'page') {
      if (response.status !== 200) problems.push(`status ${response.status}`);
      if (langOf(body) !== expect.language) problems.push(`lang ${langOf(body)}`);
      problems.push(...securityProblems(response));
      const cache = response.headers.get('cache-control');
      if (cache !== (host.fileCache ?? headers.cache[expect.cache])) problems.push(`cache-control ${cache}`);
      // fetch decompresses the body; the header says what was sent.
      const encoding = response.headers.get('content-encoding') ?? undefined;
      if (encoding !== host.encoding) problems.push(`content-encoding ${encoding}`);
      if (host.sendsPrecompressed && !/accept-encoding/i.test(response.headers.get('vary') ?? ''))
        problems.push(`vary ${response.headers.get('vary')}`);
    } else if (expect.kind === 'file') {
      if (response.status !== 200) problems.push(`status ${response.status}`);
      problems.push(...securityProblems(response));
      const cache = response.headers.get('cache-control');
      if (cache !== (host.fileCache ?? headers.cache[expect.cache])) problems.push(`cache-control ${cache}`);
    } else if (expect.kind === 'redirect') {
      if (expect.prefixCase && !host.redirectsPrefixCase) {
        // The root 404 page, whose in-browser rules send the visitor on.
        if (response.status !== 404 || !body.includes('Unsupported language'))
          problems.push(`not the root 404 page (${response.status})`);
        problems.push(...securityProblems(response));
      } else if (expect.byCookie && !host.choosesByCookie) {
        // The host's own slash, added first, is a redirect a browser keeps: it carries the site's headers too.
        if (response.status === 308 && host.headersOnRedirects) {
          problems.push(...securityProblems(response));
          const cache = response.headers.get('cache-control');
          if (cache !== headers.cache.revalidate) problems.push(`308 cache-control ${cache}`);
        }
        // The redirect page at the same address; a slash added first is the host's own.
        const page = response.status === 308 && location ? await get(new URL(location, host.url).pathname) : response;
        const html = page === response ? body : await page.text();
        if (page.status !== 200 || !html.includes('http-equiv="refresh"'))
          problems.push(`no redirect page (${page.status})`);
      } else {
        if (response.status !== expect.status) problems.push(`status ${response.status}`);
        if (location !== expect.location && location !== new URL(expect.location, host.url).href)
          problems.push(`location ${location}`);
        if (host.headersOnRedirects) {
          problems.push(...securityProblems(response));
          // An old address may come to lead elsewhere: a browser asks again, as for a page.
          const cache = response.headers.get('cache-control');
          if (cache !== headers.cache.revalidate) problems.push(`cache-control ${cache}`);
          // A redirect chosen by a cookie is one answer per cookie, for the caches on the way too.
          const vary = response.headers.get('vary') ?? '';
          if (expect.byCookie !== /(?:^|,)\s*cookie\s*(?:,|$)/i.test(vary)) problems.push(`vary ${vary || 'none'}`);
        }
        const landed = await get(expect.location);
        if (landed.status !== 200) problems.push(`then ${landed.status}`);
        await landed.body?.cancel();
      }
    } else if (expect.kind === 'not-found') {
      if (response.status !== 404) problems.push(`status ${response.status}`);
      if (langOf(body) !== expect.language) problems.push(`lang ${langOf(body)}`);
      problems.push(...securityProblems(response));
      const cache = response.headers.get('cache-control');
      if (cache !== (host.notFoundCache ?? host.fileCache ?? headers.cache.revalidate))
        problems.push(`cache-control ${cache}`);
    } else if (expect.kind === 'hostile') {
      // Refused or served, the answer carries the site's headers; a missing page is the site's own.
      if (response.status >= 500) problems.push(`status ${response.status}`);
      problems.push(...securityProblems(response));
      if ([403, 404].includes(response.status) && langOf(body) === undefined)
        problems.push(`the server's own ${response.status} page`);
    } else if (expect.kind === 'hidden') {
      const status = host.hiddenStatus?.(row.path) ?? 404;
      if (response.status !== status) problems.push(`status ${response.status}`);
      if (body.includes('Generated by the site build') || body.includes('"routes"')) problems.push('served the file');
    }
    if (problems.length > 0) failures.push(`${row.name}: ${problems.join(', ')}`);
  }
  return failures;
}
