import { contentHash } from '../lib/hash.ts';
import type { PageIndex, PageRead } from '../lib/page-index.ts';
import type { PageJob, RenderContext } from '../render/render-page.tsx';
import type { PageSummary, ScriptManifest } from '../types.ts';

/**
 * A hash of everything every page reads: the generator (templates included) and the whole
 * render context (settings, languages, collections, translations, asset and image addresses,
 * the year, and whatever it comes to hold) but for four parts each page's own key and
 * answers account for: the pages and files it looked up, the sizes of the public images its
 * text shows, and the scripts its islands load. A change to any of the rest renders every page again.
 */
export function sharedKeyOf(context: RenderContext, generator: string): string {
  const { pages: _pages, files: _files, imageSizes: _imageSizes, scripts: _scripts, ...shared } = context;
  return contentHash(JSON.stringify([generator, shared]));
}

/**
 * A page's key: the shared inputs, its own route (its text included) and head script, and the
 * addresses of the scripts its islands load. Widget code changes those addresses (they are
 * content hashes), so a widget change renders again exactly the pages that carry it.
 */
export function pageKeyOf(
  job: PageJob,
  shared: string,
  islands: PageSummary['islands'],
  scripts: ScriptManifest,
): string {
  const islandScripts =
    islands.length === 0 ? [] : [scripts.loader, ...islands.map((island) => scripts.widgets[island.name] ?? '')];
  // The page's text is most of its route: hashed as it is, rather than escaped into JSON first
  // (a third of the plan of a one-edit build of 3,000 pages).
  const { entry } = job.route;
  const route = entry ? { ...job.route, entry: { ...entry, body: '' } } : job.route;
  const own = JSON.stringify([shared, route, job.paths, job.headScript ?? '', islandScripts]);
  return contentHash(`${own}\0${entry?.body ?? ''}`);
}

/** A hash of what a page's lookups answer now: equal hashes, equal answers (see lib/page-index.ts). */
export function answersOf(reads: readonly PageRead[], index: PageIndex): string {
  return contentHash(reads.map((read) => `${read}=${index.answerOf(read)}`).join('\n'));
}
