import { LANGUAGE_COOKIES } from '../../widgets/shared/saved-language.ts';
import {
  escapeRegex,
  HOST_FILES,
  MEDIA_EXTENSIONS,
  notFoundPageOf,
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
 * `vercel.json` (deploy `dist/` as the project) as one route table, because its order matters:
 * headers first (`continue`), so redirects and 404s carry them too; configuration files and
 * precompressed copies answered 404 (Vercel compresses by itself); redirects, with the 302s
 * chosen by the `language` cookie; then the files; then each language's 404 page.
 */
export function vercelFile(table: HostTable): string {
  const { security, cache } = table.headers;
  const media = `\\.(?:${MEDIA_EXTENSIONS.join('|')})$`;
  const cookie = LANGUAGE_COOKIES[0];
  const [fallback, ...others] = table.languages;
  const redirect = (from: string, to: string, status: number) => ({
    src: from === '/' ? '^/$' : `^${escapeRegex(from)}/?$`,
    status,
    headers: { Location: to },
  });
  const routes: VercelRoute[] = [
    { src: '^/.*$', headers: Object.fromEntries(security), continue: true },
    { src: `^/(?!assets/)(?!.*${media}).*$`, headers: { 'Cache-Control': cache.revalidate }, continue: true },
    { src: '^/assets/.*$', headers: { 'Cache-Control': cache.hashed }, continue: true },
    { src: `^/(?!assets/).*${media}`, headers: { 'Cache-Control': cache.media }, continue: true },
    {
      src: `^/(?:${HOST_FILES.map(escapeRegex).join('|')})$|\\.(?:${PRECOMPRESSED.join('|')})$`,
      status: 404,
      dest: ROOT_NOT_FOUND,
    },
    ...table.redirects.flatMap((entry) =>
      entry.kind === 'language'
        ? [
            ...others.map((language) => ({
              ...redirect(entry.from, targetIn(entry, language, table.languages), entry.status),
              has: [{ type: 'cookie' as const, key: cookie, value: language }],
            })),
            redirect(entry.from, targetIn(entry, fallback!, table.languages), entry.status),
          ]
        : [redirect(entry.from, entry.to, entry.status)],
    ),
    { handle: 'filesystem' },
    ...table.languages.map((language) => ({ src: `^/${language}/.*$`, status: 404, dest: notFoundPageOf(language) })),
    { src: '^/.*$', status: 404, dest: ROOT_NOT_FOUND },
  ];
  return `${JSON.stringify({ routes }, null, 2)}\n`;
}
