import { gzipSync } from 'node:zlib';
import { toRecord, type BuildError, type ProblemRecord } from '../errors.ts';
import type { ScriptWeight } from './scripts.ts';
import type { FileStamp } from '../output/types.ts';
import type { Output, Site } from '../types.ts';

/** JavaScript a page loads, gzip bytes: at once, and only on interaction. */
export interface PageScripts {
  readonly initial: number;
  readonly onInteraction: number;
}

/**
 * What a build's report says of the site it made: plain data, kept in the incremental manifest,
 * so that a build that finds nothing changed reports the same site without making it again.
 */
export interface BuildSummary {
  /** Pages at an address of their own (`pageList`); `jobs` adds the root 404 page, as the report counts them. */
  readonly pages: number;
  readonly redirects: number;
  readonly files: number;
  readonly bytes: number;
  readonly htmlBytes: number;
  readonly largestPage: number;
  /** Page jobs: the pages and the root 404 page, as `rendered` and `kept` count them. */
  readonly jobs: number;
  readonly examples: readonly string[];
  readonly warnings: readonly ProblemRecord[];
  /** The heaviest JavaScript of a home page and of any other page. */
  readonly scripts: { readonly home: PageScripts; readonly other: PageScripts };
  /** The stylesheet, gzip bytes. */
  readonly cssGzip: number;
  /** Every page by address, for `--verbose`. */
  readonly pageList: readonly { readonly url: string; readonly bytes: number; readonly scripts: PageScripts }[];
}

/** The summary of a finished build from its site, its files as written, its warnings and script weights. */
export function summarizeBuild(
  site: Site,
  outputs: readonly (Output & { readonly stamp: FileStamp })[],
  {
    jobs,
    warnings,
    weights,
  }: { jobs: number; warnings: readonly BuildError[]; weights: ReadonlyMap<string, ScriptWeight> },
): BuildSummary {
  const pages = outputs.filter((output) => output.route);
  const bytes = (list: typeof outputs) => list.reduce((sum, output) => sum + output.stamp.size, 0);
  const scriptsOf = (path: string): PageScripts => {
    const { initial = 0, onInteraction = 0 } = weights.get(path) ?? {};
    return { initial, onInteraction };
  };
  const heaviest = (isHome: boolean) =>
    pages
      .filter((page) => (page.route!.template === 'home') === isHome)
      .map((page) => scriptsOf(page.path))
      .reduce((max, each) => (each.initial > max.initial ? each : max), { initial: 0, onInteraction: 0 });
  const stylesheet = outputs.find((output) => `/${output.path}` === site.assets.stylesheet)?.contents;
  return {
    pages: pages.length,
    redirects: site.redirects.length,
    files: outputs.length,
    bytes: bytes(outputs),
    htmlBytes: bytes(pages),
    largestPage: Math.max(0, ...pages.map((page) => page.stamp.size)),
    jobs,
    examples: site.content.examples,
    warnings: warnings.map(toRecord),
    scripts: { home: heaviest(true), other: heaviest(false) },
    cssGzip: Buffer.isBuffer(stylesheet) ? gzipSync(stylesheet).length : 0,
    pageList: pages.map((page) => ({ url: page.route!.url, bytes: page.stamp.size, scripts: scriptsOf(page.path) })),
  };
}
