import { contentHash } from '../lib/hash.ts';
import type { PageIndex, PageRead } from '../lib/page-index.ts';
import type { PageJob } from '../render/render-page.tsx';
import type { PageSummary, ScriptManifest, Site } from '../types.ts';

/**
 * A hash of everything every page reads: the generator (templates included), the settings,
 * languages, collections, translation tables, asset and image addresses, and the year. A
 * change to any of it renders every page again.
 */
export function sharedKeyOf(site: Site, generator: string): string {
  const { content } = site;
  return contentHash(
    JSON.stringify([
      generator,
      content.settings,
      content.languages,
      content.collections,
      content.ui,
      site.assets,
      site.images,
      site.buildYear,
    ]),
  );
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
  return contentHash(JSON.stringify([shared, job.route, job.paths, job.headScript ?? '', islandScripts]));
}

/** A hash of what a page's lookups answer now: equal hashes, equal answers (see lib/page-index.ts). */
export function answersOf(reads: readonly PageRead[], index: PageIndex): string {
  return contentHash(reads.map((read) => `${read}=${index.answerOf(read)}`).join('\n'));
}
