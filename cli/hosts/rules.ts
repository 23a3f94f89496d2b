import type { Locale, Redirect } from '../types.ts';

/**
 * What every host configuration is written from (docs/behaviour.md#static-hosts): the
 * redirects, the languages with their 404 pages, the headers, and the site's files.
 */
export interface HostTable {
  /** The site's languages; the first is the default. */
  readonly languages: readonly Locale[];
  readonly redirects: readonly Redirect[];
  readonly headers: HostHeaders;
  /** Every file of the site, as paths below its folder (`ca/index.html`), precompressed copies excluded. */
  readonly files: readonly string[];
  /**
   * Each language's 404 page at its own address (`/en/404/`), which every host answers 404,
   * with that page, like any missing page of the language (docs/behaviour.md#404-pages).
   */
  readonly notFoundPages: readonly { readonly language: Locale; readonly url: string }[];
}

/** The headers of every response, and the cache policy of each kind of file. */
export interface HostHeaders {
  readonly security: readonly (readonly [name: string, value: string])[];
  readonly cache: Readonly<Record<CacheKind, string>>;
}

/** Hashed assets, unhashed media (images, icons), and everything else (pages, stubs, sitemap, robots). */
export type CacheKind = 'hashed' | 'media' | 'revalidate';

/** File kinds a browser may keep for a day: their addresses rarely change meaning. */
export const MEDIA_EXTENSIONS = ['svg', 'png', 'jpg', 'jpeg', 'webp', 'avif', 'gif', 'ico'] as const;

/** The cache policy of a file of the site (a path below its folder). */
export function cacheKindOf(path: string): CacheKind {
  if (path.startsWith('assets/')) return 'hashed';
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  return extension && (MEDIA_EXTENSIONS as readonly string[]).includes(extension) ? 'media' : 'revalidate';
}

/** Both spellings of an old address (docs/behaviour.md#redirects): `/old` and `/old/`; the root once. */
export const spellingsOf = (from: string): string[] => (from === '/' ? ['/'] : [from, `${from}/`]);

/**
 * A redirect's target for a visitor whose language is `language`: a fixed target as it is; a
 * language target with the default language's prefix swapped, for a code or for a host's
 * variable that holds one (`$sitegen_language` in nginx).
 */
export function targetIn(redirect: Redirect, language: string, languages: readonly Locale[]): string {
  return redirect.kind === 'language' ? redirect.to.replace(`/${languages[0]}/`, `/${language}/`) : redirect.to;
}

/** A language code in any case, as a regular expression: `[eE][nN]`. */
export const anyCaseOf = (code: Locale) =>
  [...code].map((letter) => `[${letter.toLowerCase()}${letter.toUpperCase()}]`).join('');

/**
 * A path's first segment that is a language's code in other letters (`EN`, `En`), never as the
 * site writes it (`en`), as a regular expression to follow `^/`: its one group is the rest of the
 * path, after the segment's slash. Hosts redirect it to the language (docs/behaviour.md#languages).
 */
export const otherCasePrefixOf = (code: Locale) => `(?!${code}(?:/|$))${anyCaseOf(code)}(?:/(.*))?$`;

/** The 404 page of a language: hosts serve it for missing paths below `/{lang}/`. */
export const notFoundPageOf = (language: Locale) => `/${language}/404.html`;

/** The 404 page for every other path. */
export const ROOT_NOT_FOUND = '/404.html';

/** Host configuration files; no host serves any of them, its own or another's. */
export const HOST_FILES = ['_redirects', '_headers', 'vercel.json', '.htaccess'] as const;

/** The precompressed copies the build writes beside a file; never pages of their own. */
export const PRECOMPRESSED = ['br', 'gz'] as const;

/** Escapes a path for a regular expression. */
export const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
