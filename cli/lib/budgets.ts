/**
 * The one budget table: the most a page may make a visitor download on a first visit, in
 * bytes, gzip for text and as stored for images. The build weighs each page's scripts against
 * it (`--strict` fails over), and `check` weighs every page of a built folder against all of it.
 */
export const PAGE_BUDGETS = {
  /** JavaScript that loads without interaction: the loader and the islands that load by themselves. */
  script: { home: 12 * 1024, page: 8 * 1024 },
  html: 30 * 1024,
  css: 20 * 1024,
  /** The fonts a page preloads, as stored (WOFF2 is compressed already). */
  fonts: 40 * 1024,
  images: 300 * 1024,
} as const;

/** Whether a page address is a home page (`/ca/`), which has the larger script budget. */
export function isHomeUrl(url: string): boolean {
  return /^\/[a-z]{2}\/$/.test(url);
}

/** The script budget of the page at `url`. */
export function scriptBudgetOf(url: string): number {
  return isHomeUrl(url) ? PAGE_BUDGETS.script.home : PAGE_BUDGETS.script.page;
}

/** Bytes as kilobytes with one decimal: `4.9 KB`. */
export function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
