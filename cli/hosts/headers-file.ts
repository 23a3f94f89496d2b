import { cacheKindOf, type CacheKind, type HostTable } from './rules.ts';

/** A header rule of a `_headers` file: its path pattern and the headers it adds. */
export type HeaderRules = ReadonlyMap<string, readonly (readonly [name: string, value: string])[]>;

/**
 * `_headers` for Netlify and Cloudflare Pages: the security headers on every path, one
 * Cache-Control per top-level file or folder of the site, and a host's own `extra` rules, joined
 * with these by path. Both hosts join the values of every rule that matches, so no two rules
 * ever set the same header on one path; the site's own files decide the rules
 * (docs/behaviour.md#static-hosts).
 */
export function headersFile(table: HostTable, generated: string, extra: HeaderRules = new Map()): string {
  const block = (path: string, values: readonly (readonly [string, string])[]) =>
    [path, ...values.map(([name, value]) => `  ${name}: ${value}`)].join('\n');
  const rules = new Map<string, (readonly [string, string])[]>();
  for (const [path, kind] of cacheKinds(table)) rules.set(path, [['Cache-Control', table.headers.cache[kind]]]);
  for (const [path, headers] of extra) rules.set(path, [...(rules.get(path) ?? []), ...headers]);
  const each = [...rules].sort(([a], [b]) => a.localeCompare(b)).map(([path, headers]) => block(path, headers));
  return [generated, block('/*', table.headers.security), ...each, ''].join('\n');
}

/** The cache policy of each rule path: one per top-level folder whose files share a policy (the usual case), else one per file. */
export function cacheKinds(table: HostTable): Map<string, CacheKind> {
  const folders = new Map<string, string[]>();
  for (const file of table.files) {
    const [first = '', ...rest] = file.split('/');
    const key = rest.length > 0 ? `/${first}/*` : `/${first}`;
    const files = folders.get(key);
    if (files) files.push(file);
    else folders.set(key, [file]);
  }
  const kinds = new Map<string, CacheKind>();
  for (const [key, files] of folders) {
    const each = new Set(files.map(cacheKindOf));
    if (each.size === 1) kinds.set(key, [...each][0]!);
    else for (const file of files) kinds.set(`/${file}`, cacheKindOf(file));
  }
  if (table.files.includes('index.html')) kinds.set('/', 'revalidate');
  return kinds;
}
