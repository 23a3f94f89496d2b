import { cookieReadBy } from '../../widgets/registry.ts';
import {
  anyCaseOf,
  escapeRegex,
  HOST_FILES,
  MEDIA_EXTENSIONS,
  notFoundPageOf,
  otherCasePrefixOf,
  PRECOMPRESSED,
  ROOT_NOT_FOUND,
  targetIn,
  type HostTable,
} from './rules.ts';

/** One route of Vercel's route table (the `routes` of `vercel.json`). */
export interface VercelRoute {
  readonly src?: string;
  readonly dest?: string;
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly continue?: boolean;
  readonly has?: readonly { readonly type: 'cookie'; readonly key: string; readonly value: string }[];
  readonly handle?: 'filesystem';
}

/**
 * A `has` value matching a language code in any case, as nginx's map does: Vercel reads the
 * value as a regular expression (anchored here, whether or not Vercel anchors it).
 */
const anyCase = (code: string) => `^${anyCaseOf(code)}$`;

/**
 * `vercel.json` (deploy `dist/` as the project) as one route table, because its order matters:
 * headers first (`continue`), so redirects and 404s carry them too; configuration files,
 * precompressed copies (Vercel compresses by itself) and each language's 404 page at its own
 * address answered 404, each with the 404 page of the language its folder is in; redirects,
 * with the 302s chosen by the `language` cookie (with `Vary: Cookie`), and a language's code in
 * other letters to the language (the rest of the path is the route's `$1`); then the files;
 * then each language's 404 page. Every 404 sets the pages' Cache-Control over the one its
 * address got first: a missing asset is never kept for a year.
 */
export function vercelFile(table: HostTable): string {
  const { security, cache } = table.headers;
  const media = `\\.(?:${MEDIA_EXTENSIONS.join('|')})$`;
  const cookie = cookieReadBy('vercel');
  const [fallback, ...others] = table.languages;
  const precompressed = `\\.(?:${PRECOMPRESSED.join('|')})$`;
  const notFound = (src: string, dest: string) => ({
    src,
    status: 404,
    dest,
    headers: { 'Cache-Control': cache.revalidate },
  });
  const redirect = (from: string, to: string, status: number, vary?: string) => ({
    src: from === '/' ? '^/$' : `^${escapeRegex(from)}/?$`,
    status,
    headers: { Location: to, ...(vary ? { Vary: vary } : {}) },
  });
  const routes: VercelRoute[] = [
    { src: '^/.*$', headers: Object.fromEntries(security), continue: true },
    { src: `^/(?!assets/)(?!.*${media}).*$`, headers: { 'Cache-Control': cache.revalidate }, continue: true },
    { src: '^/assets/.*$', headers: { 'Cache-Control': cache.hashed }, continue: true },
    { src: `^/(?!assets/).*${media}`, headers: { 'Cache-Control': cache.media }, continue: true },
    ...table.languages.map((language) => notFound(`^/${language}/.*${precompressed}`, notFoundPageOf(language))),
    notFound(`^/(?:${HOST_FILES.map(escapeRegex).join('|')})$|${precompressed}`, ROOT_NOT_FOUND),
    ...table.notFoundPages.map(({ language, url }) =>
      notFound(`^${escapeRegex(url.slice(0, -1))}/?$`, notFoundPageOf(language)),
    ),
    ...table.languages.map((language) => ({
      src: `^/${otherCasePrefixOf(language)}`,
      status: 301,
      headers: { Location: `/${language}/$1` },
    })),
    ...table.redirects.flatMap((entry) =>
      entry.kind === 'language'
        ? [
            ...others.map((language) => ({
              ...redirect(entry.from, targetIn(entry, language, table.languages), entry.status, 'Cookie'),
              has: [{ type: 'cookie' as const, key: cookie, value: anyCase(language) }],
            })),
            redirect(entry.from, targetIn(entry, fallback!, table.languages), entry.status, 'Cookie'),
          ]
        : [redirect(entry.from, entry.to, entry.status)],
    ),
    { handle: 'filesystem' },
    ...table.languages.map((language) => notFound(`^/${language}/.*$`, notFoundPageOf(language))),
    notFound('^/.*$', ROOT_NOT_FOUND),
  ];
  return `${JSON.stringify({ routes }, null, 2)}\n`;
}
