import { cacheKinds, headersFile } from './headers-file.ts';
import { escapeRegex, spellingsOf, type HostTable } from './rules.ts';

/**
 * What each language's 404 page, asked for at its own address, is rewritten to: a path below
 * the page's folder that the build never writes. Cloudflare answers it as any missing path, 404
 * with the nearest `404.html` up the folder tree, which is that language's 404 page.
 */
const NOTHING = 'nothing';

/**
 * Cloudflare Pages' `_redirects`: the fixed redirects only, each spelling of the address on its
 * own line (Cloudflare applies them before its files, and keeps the query). Cloudflare cannot
 * choose a redirect by cookie, so the root and the unprefixed paths are served their redirect
 * pages, which read the saved language in the browser. Missing paths get the nearest
 * `404.html` up the folder tree, which is each language's 404 page: no rule is needed, but for
 * that 404 page at its own address, which a rule may only rewrite (status 200) to a missing path.
 */
export function cloudflareRedirectsFile(table: HostTable, generated: string): string {
  const rules = table.redirects
    .filter((redirect) => redirect.kind === 'fixed')
    .flatMap((redirect) => spellingsOf(redirect.from).map((from) => `${from} ${redirect.to} ${redirect.status}`));
  const notFound = table.notFoundPages.flatMap(({ url }) =>
    spellingsOf(url.slice(0, -1)).map((from) => `${from} ${url}${NOTHING} 200`),
  );
  return [generated, ...rules, ...notFound, ''].join('\n');
}

/**
 * Cloudflare Pages' `_headers`: those of every host (headersFile), and the pages' Cache-Control
 * on each address Cloudflare answers with a redirect that no rule reaches. Cloudflare's `/old/*`
 * matches `/old/` but not `/old`: an old address without its slash would get its 301 without
 * one, and a top-level folder's (`/about`, `/en`) its 308 to the folder, Cloudflare's own, to
 * which `_headers` apply as to any answer; a browser would keep either however the site changes.
 */
export function cloudflareHeadersFile(table: HostTable, generated: string): string {
  const patterns = [...cacheKinds(table).keys()].map(
    (path) => new RegExp(`^${path.split('*').map(escapeRegex).join('.*')}$`),
  );
  const folders = table.files.flatMap((file) => /^([^/]+)\/index\.html$/.exec(file)?.slice(1, 2) ?? []);
  const unreached = [
    ...table.redirects
      .filter((redirect) => redirect.kind === 'fixed')
      .flatMap((redirect) => spellingsOf(redirect.from)),
    ...folders.map((folder) => `/${folder}`),
  ].filter((from) => !patterns.some((pattern) => pattern.test(from)));
  const cache = [['Cache-Control', table.headers.cache.revalidate] as const];
  return headersFile(table, generated, new Map([...new Set(unreached)].map((from) => [from, cache])));
}
