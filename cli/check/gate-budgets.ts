import { gzipSync } from 'node:zlib';
import type { BuiltPage, BuiltSite, GateResult } from './built-site.ts';

/** Most bytes a page may make a visitor download: gzip for text, as stored for images. */
export const PAGE_BUDGETS = {
  /** JavaScript that loads without interaction (the widget issue's budgets). */
  scriptHome: 12 * 1024,
  script: 8 * 1024,
  html: 30 * 1024,
  css: 20 * 1024,
  images: 300 * 1024,
};

const IMPORT = /(?:from|import)\s*\(?"(\/assets\/[^"]+\.js)"/g;

/** What one page weighs, in bytes. */
export interface PageWeight {
  readonly url: string;
  readonly html: number;
  readonly css: number;
  readonly script: number;
  readonly images: number;
}

/**
 * Weighs every page as a first visit downloads it: its HTML, its stylesheets, the loader and
 * the islands that load by themselves (load, idle, visible) with what they import at once,
 * and its images; over a budget is a problem.
 */
export function checkBudgets(site: BuiltSite): GateResult {
  const gzip = (path: string) => gzipSync(site.files.get(path) ?? Buffer.alloc(0), { level: 9 }).length;
  const staticImports = (path: string) =>
    [...(site.files.get(path)?.toString('utf8') ?? '').matchAll(IMPORT)]
      .filter((match) => !match[0].includes('('))
      .map((match) => match[1]!.slice(1));
  const closure = (paths: readonly string[]) => {
    const seen = new Set<string>();
    const visit = (path: string) => {
      if (!seen.has(path)) {
        seen.add(path);
        staticImports(path).forEach(visit);
      }
    };
    paths.forEach(visit);
    return seen;
  };
  const weigh = (page: BuiltPage): PageWeight => {
    const manifest = JSON.parse(page.document.querySelector('#island-manifest')?.text || '{}') as Record<
      string,
      string
    >;
    const loader = page.document.querySelector('script[type="module"][src]')?.getAttribute('src');
    const islands = page.document
      .querySelectorAll('[data-island]')
      .filter((el) => el.getAttribute('data-load') !== 'interaction')
      .map((el) => manifest[el.getAttribute('data-island')!]);
    const scripts = closure(
      [loader, ...islands].filter((url): url is string => Boolean(url)).map((url) => url.slice(1)),
    );
    const styles = page.document
      .querySelectorAll('link[rel="stylesheet"]')
      .map((link) => link.getAttribute('href')!.slice(1));
    const images = new Set(
      page.document.querySelectorAll('img[src^="/"]').map((image) => image.getAttribute('src')!.slice(1)),
    );
    return {
      url: page.url,
      html: gzipSync(page.html).length,
      css: styles.reduce((sum, path) => sum + gzip(path), 0),
      script: [...scripts].reduce((sum, path) => sum + gzip(path), 0),
      images: [...images].reduce((sum, path) => sum + (site.files.get(path)?.length ?? 0), 0),
    };
  };
  const weights = site.pages.filter((page) => page.isIndexable).map(weigh);
  const problems: { page: string; message: string }[] = [];
  for (const weight of weights) {
    const isHome = /^\/(ca|es|en)\/$/.test(weight.url);
    const limits = {
      script: isHome ? PAGE_BUDGETS.scriptHome : PAGE_BUDGETS.script,
      html: PAGE_BUDGETS.html,
      css: PAGE_BUDGETS.css,
      images: PAGE_BUDGETS.images,
    };
    for (const kind of ['script', 'html', 'css', 'images'] as const) {
      if (weight[kind] > limits[kind])
        problems.push({
          page: weight.url,
          message: `${kind} ${(weight[kind] / 1024).toFixed(1)} KB is over its ${(limits[kind] / 1024).toFixed(0)} KB budget`,
        });
    }
  }
  return { gate: 'budgets', checked: weights.length, problems, details: weights };
}
