import { gzipSync } from 'node:zlib';
import { kilobytes, PAGE_BUDGETS, scriptBudgetOf } from '../lib/budgets.ts';
import { islandsOf, weighScripts } from '../lib/scripts.ts';
import type { ScriptManifest } from '../types.ts';
import { problemOn, type BuiltPage, type BuiltSite, type GateProblem, type GateResult } from './built-site.ts';

/** What one page weighs, in bytes. */
export interface PageWeight {
  readonly url: string;
  readonly html: number;
  readonly css: number;
  readonly fonts: number;
  readonly script: number;
  readonly images: number;
}

/** `import"/assets/x.js"`, `from"/assets/x.js"` and `import("/assets/x.js")` in esbuild's minified output. */
const IMPORT = /(?:from|import)\s*(\(?)"(\/assets\/[^"]+\.js)"/g;

/**
 * The script manifest of a built folder, read back from its files: the loader and widget
 * modules the pages name, and every chunk's gzip size and imports. The build's own manifest
 * comes from esbuild; `check` judges a folder on its own, and weighs it the same way.
 */
function scriptManifestOf(site: BuiltSite): ScriptManifest {
  const chunks: Record<string, ScriptManifest['chunks'][string]> = {};
  for (const [path, bytes] of site.files) {
    if (!/^assets\/.+\.js$/.test(path)) continue;
    const imports = [...bytes.toString('utf8').matchAll(IMPORT)];
    chunks[`/${path}`] = {
      gzip: gzipSync(bytes, { level: 9 }).length,
      imports: imports.filter((match) => !match[1]).map((match) => match[2]!),
      dynamicImports: imports.filter((match) => match[1]).map((match) => match[2]!),
    };
  }
  let loader = '';
  const widgets: Record<string, string> = {};
  for (const page of site.pages) {
    loader ||= page.document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? '';
    Object.assign(widgets, JSON.parse(page.document.querySelector('#island-manifest')?.text || '{}'));
  }
  return { loader, widgets, chunks };
}

/**
 * Weighs every indexable page as a first visit downloads it, against the one budget table
 * (lib/budgets.ts): its HTML, its stylesheets, its scripts as the build weighs them (the
 * loader and the islands that load by themselves, with what they import at once), the fonts it
 * preloads, its images.
 */
export function checkBudgets(site: BuiltSite): GateResult {
  const scripts = scriptManifestOf(site);
  const gzip = (path: string) => gzipSync(site.files.get(path) ?? Buffer.alloc(0), { level: 9 }).length;
  const weigh = (page: BuiltPage): PageWeight => {
    const styles = page.document
      .querySelectorAll('link[rel="stylesheet"]')
      .map((link) => link.getAttribute('href')!.slice(1));
    const fonts = page.document
      .querySelectorAll('link[rel="preload"][as="font"]')
      .map((link) => link.getAttribute('href')!.slice(1));
    const images = new Set(
      page.document.querySelectorAll('img[src^="/"]').map((image) => image.getAttribute('src')!.slice(1)),
    );
    return {
      url: page.url,
      html: gzipSync(page.html).length,
      css: styles.reduce((sum, path) => sum + gzip(path), 0),
      fonts: fonts.reduce((sum, path) => sum + (site.files.get(path)?.length ?? 0), 0),
      script: weighScripts(islandsOf(page.html), scripts).initial,
      images: [...images].reduce((sum, path) => sum + (site.files.get(path)?.length ?? 0), 0),
    };
  };
  const pages = site.pages.filter((page) => page.isIndexable);
  const weights = pages.map(weigh);
  const problems: GateProblem[] = [];
  weights.forEach((weight, at) => {
    const limits = {
      script: scriptBudgetOf(weight.url),
      html: PAGE_BUDGETS.html,
      css: PAGE_BUDGETS.css,
      fonts: PAGE_BUDGETS.fonts,
      images: PAGE_BUDGETS.images,
    };
    for (const kind of ['script', 'html', 'css', 'fonts', 'images'] as const) {
      if (weight[kind] > limits[kind]) {
        const message = `${kind} ${kilobytes(weight[kind])} is over its ${kilobytes(limits[kind])} budget`;
        problems.push(problemOn(pages[at], 'OverBudget', message));
      }
    }
  });
  return { gate: 'budgets', checked: weights.length, problems, details: weights };
}
