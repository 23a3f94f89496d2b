import { spellingsOf, type HostTable } from './rules.ts';

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
