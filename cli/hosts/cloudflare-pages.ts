import { cacheKinds, headersFile } from './headers-file.ts';
import { escapeRegex, spellingsOf, type HostTable } from './rules.ts';

/**
 * Cloudflare Pages' `_redirects`: the fixed redirects only, each spelling of the address on its
 * own line (Cloudflare applies them before its files, and keeps the query). Cloudflare cannot
 * choose a redirect by cookie, so the root and the unprefixed paths are served their redirect
 * pages, which read the saved language in the browser. Missing paths get the nearest
 * `404.html` up the folder tree, which is each language's 404 page: no rule is needed.
 */
export function cloudflareRedirectsFile(table: HostTable, generated: string): string {
  const rules = table.redirects
    .filter((redirect) => redirect.kind === 'fixed')
    .flatMap((redirect) => spellingsOf(redirect.from).map((from) => `${from} ${redirect.to} ${redirect.status}`));
  return [generated, ...rules, ''].join('\n');
}

/**
 * Cloudflare Pages' `_headers`: those of every host (headersFile), and the pages' Cache-Control
 * on each spelling of an old address that no rule reaches. Cloudflare's `/old/*` matches
 * `/old/` but not `/old`, whose 301 would otherwise go without one, and a browser would keep it
 * however the redirect changes.
 */
export function cloudflareHeadersFile(table: HostTable, generated: string): string {
  const patterns = [...cacheKinds(table).keys()].map(
    (path) => new RegExp(`^${path.split('*').map(escapeRegex).join('.*')}$`),
  );
  const unreached = table.redirects
    .filter((redirect) => redirect.kind === 'fixed')
    .flatMap((redirect) => spellingsOf(redirect.from))
    .filter((from) => !patterns.some((pattern) => pattern.test(from)));
  const cache = [['Cache-Control', table.headers.cache.revalidate] as const];
  return headersFile(table, generated, new Map(unreached.map((from) => [from, cache])));
}
