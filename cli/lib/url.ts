import type { Locale } from '../types.ts';

/** Where the Oticon model pages live, below each language. */
export const MODELS_PATH = 'products/oticon-models';

/** The URL of a page id in a locale, with trailing slash: `/es/services/orto-k/`; home is `/es/`. */
export function pageUrl(locale: Locale, id: string): string {
  return id ? `/${locale}/${id}/` : `/${locale}/`;
}

/** The file a URL is served from: `/es/about/` → `es/about/index.html`. */
export function outputPathOf(url: string): string {
  return `${url.slice(1)}index.html`;
}

/** Adds the trailing slash that page URLs carry, keeping any query and fragment. */
export function withTrailingSlash(url: string): string {
  const match = /^([^?#]*)(.*)$/.exec(url)!;
  const path = match[1] ?? '';
  const lastSegment = path.split('/').pop() ?? '';
  return path.endsWith('/') || lastSegment.includes('.') ? url : `${path}/${match[2] ?? ''}`;
}

/** Splits a URL into its path and the rest (`?query#hash`). */
export function splitUrl(url: string): { path: string; suffix: string } {
  const index = url.search(/[?#]/);
  return index < 0 ? { path: url, suffix: '' } : { path: url.slice(0, index), suffix: url.slice(index) };
}
