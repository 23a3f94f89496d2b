import type { Locale, Redirect } from '../types.ts';

/** A redirect as hosts match it: one exact path (with and without trailing slash) to a target. */
export interface RedirectLine {
  readonly from: string;
  readonly to: string;
  readonly status: 301 | 302;
}

/** Both spellings of each old address (docs/behaviour.md#redirects): `/old` and `/old/`; the root once. */
export function redirectLines(redirects: readonly Redirect[]): RedirectLine[] {
  return redirects.flatMap((redirect) =>
    redirect.from === '/'
      ? [{ from: '/', to: redirect.to, status: redirect.status }]
      : [
          { from: redirect.from, to: redirect.to, status: redirect.status },
          { from: `${redirect.from}/`, to: redirect.to, status: redirect.status },
        ],
  );
}

/** Where a host finds a 404 page: each language's for paths below its prefix, then `/404.html` for every other path. */
export interface NotFoundPage {
  readonly prefix: string;
  readonly page: string;
}

/** The 404 page of each language prefix, then of everything else (docs/behaviour.md#404-pages). */
export function notFoundPages(languages: readonly Locale[]): NotFoundPage[] {
  return [
    ...languages.map((locale) => ({ prefix: `/${locale}/`, page: `/${locale}/404.html` })),
    { prefix: '/', page: '/404.html' },
  ];
}

/** Host configuration files written into the output; hosts that would serve them must not. */
export const HOST_FILES = ['_redirects', '_headers', 'vercel.json', 'nginx.conf', '.htaccess'] as const;
