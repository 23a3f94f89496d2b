import { contentHash } from '../lib/hash.ts';
import type { PageIndex, PageRead } from '../lib/page-index.ts';
import type { PageJob, RenderContext } from '../render/render-page.tsx';
import type { PageSummary, ScriptManifest } from '../types.ts';

/**
 * A hash of everything every page reads: the code every page runs (`Config.pageCode`) and the
 * whole render context (settings, languages, collections, asset and image addresses, the year,
 * and whatever it comes to hold) but for five parts each page's own key and answers account
 * for: the pages and files it looked up, the sizes of the public images its text shows, the
 * scripts its islands load, and the translations, of which it reads two languages' (`uiKeysOf`).
 * A change to any of the rest renders every page again.
 */
export function sharedKeyOf(context: RenderContext, code: string): string {
  const { pages: _pages, files: _files, imageSizes: _imageSizes, scripts: _scripts, ui: _ui, ...shared } = context;
  return contentHash(JSON.stringify([code, shared]));
}

/**
 * The key of the translations a page in `locale` reads: its language's table, and the default
 * language's, whose texts fill the gaps (lib/translate.ts createTranslator, as render-page.tsx
 * gives it them). An edit to one language's table renders that language's pages again, and one
 * to the default language's every page. Each language's is hashed once.
 */
export function uiKeysOf(context: Pick<RenderContext, 'languages' | 'ui'>): (locale: string) => string {
  const keys = new Map<string, string>();
  return (locale) => {
    let key = keys.get(locale);
    if (key === undefined) {
      const fallback = context.languages[0]?.code ?? locale;
      key = contentHash(JSON.stringify([context.ui[locale] ?? {}, context.ui[fallback] ?? {}]));
      keys.set(locale, key);
    }
    return key;
  };
}

/** What a page's key takes from the rest of the build: the shared key, its translations' and its template's. */
export interface PageInputs {
  readonly shared: string;
  /** `uiKeysOf` of its language. */
  readonly ui: string;
  /** The key of its page template's own code (`Config.pageCode`). */
  readonly template: string;
}

/**
 * A page's key: the shared inputs, its translations and its template's code, its own route (its
 * text included) and head script, and the addresses of the scripts its islands load. Widget code
 * changes those addresses (they are content hashes), so a widget change renders again exactly
 * the pages that carry it.
 */
export function pageKeyOf(
  job: PageJob,
  inputs: PageInputs,
  islands: PageSummary['islands'],
  scripts: ScriptManifest,
): string {
  const islandScripts =
    islands.length === 0 ? [] : [scripts.loader, ...islands.map((island) => scripts.widgets[island.name] ?? '')];
  // The page's text is most of its route: hashed as it is, rather than escaped into JSON first
  // (a third of the plan of a one-edit build of 3,000 pages).
  const { entry } = job.route;
  const route = entry ? { ...job.route, entry: { ...entry, body: '' } } : job.route;
  const { shared, ui, template } = inputs;
  const own = JSON.stringify([shared, ui, template, route, job.paths, job.headScript ?? '', islandScripts]);
  return contentHash(`${own}\0${entry?.body ?? ''}`);
}

/** A hash of what a page's lookups answer now: equal hashes, equal answers (see lib/page-index.ts). */
export function answersOf(reads: readonly PageRead[], index: PageIndex): string {
  return contentHash(reads.map((read) => `${read}=${index.answerOf(read)}`).join('\n'));
}
