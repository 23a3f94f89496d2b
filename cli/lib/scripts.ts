import type { BinaryFile, ScriptManifest } from '../types.ts';

/** An island placed on a page: its widget name and load strategy. */
export interface PageIsland {
  readonly name: string;
  readonly load: string;
}

// React escapes quotes in text, so `data-island="` can only be an attribute.
const ISLAND = /\sdata-island="([^"]+)" data-load="([^"]+)"/g;

/** The islands a page's HTML contains, in document order. */
export function islandsOf(html: string): PageIsland[] {
  return [...html.matchAll(ISLAND)].map((match) => ({ name: match[1]!, load: match[2]! }));
}

/** Every chunk a set of scripts imports at once, transitively, the scripts included. */
export function staticClosure(urls: readonly string[], scripts: ScriptManifest): Set<string> {
  return closure(urls, scripts, false);
}

/** Every chunk a set of scripts can come to load, at once or on demand, the scripts included. */
export function fullClosure(urls: readonly string[], scripts: ScriptManifest): Set<string> {
  return closure(urls, scripts, true);
}

function closure(urls: readonly string[], scripts: ScriptManifest, isDynamicFollowed: boolean): Set<string> {
  const seen = new Set<string>();
  const visit = (url: string) => {
    if (seen.has(url)) return;
    seen.add(url);
    const chunk = scripts.chunks[url];
    for (const imported of chunk?.imports ?? []) visit(imported);
    if (isDynamicFollowed) for (const imported of chunk?.dynamicImports ?? []) visit(imported);
  };
  urls.forEach(visit);
  return seen;
}

/** What a page's scripts weigh (gzip): what loads without interaction, and what only on interaction. */
export interface ScriptWeight {
  readonly initial: number;
  readonly onInteraction: number;
  /** Running total of `initial` as each island is added, for naming the one that passes a budget. */
  readonly steps: readonly { readonly island: string; readonly total: number }[];
}

/**
 * Weighs a page's scripts: the loader and each island that loads by itself (load, idle,
 * visible) with everything they import at once; then what loads only on interaction
 * (interaction islands and every dynamic import), minus what is already there.
 */
export function weighScripts(islands: readonly PageIsland[], scripts: ScriptManifest): ScriptWeight {
  const size = (urls: Iterable<string>) => [...urls].reduce((sum, url) => sum + (scripts.chunks[url]?.gzip ?? 0), 0);
  if (islands.length === 0) return { initial: 0, onInteraction: 0, steps: [] };
  const initial = staticClosure([scripts.loader], scripts);
  const steps = [{ island: 'loader', total: size(initial) }];
  for (const island of islands.filter((candidate) => candidate.load !== 'interaction')) {
    const url = scripts.widgets[island.name];
    if (!url || initial.has(url)) continue;
    for (const chunk of staticClosure([url], scripts)) initial.add(chunk);
    steps.push({ island: island.name, total: size(initial) });
  }
  const later = fullClosure(
    [
      ...islands.filter((island) => island.load === 'interaction').map((island) => scripts.widgets[island.name] ?? ''),
      ...[...initial].flatMap((url) => scripts.chunks[url]?.dynamicImports ?? []),
    ].filter(Boolean),
    scripts,
  );
  for (const url of initial) later.delete(url);
  return { initial: size(initial), onInteraction: size(later), steps };
}

/**
 * The bundle files pages with these islands need: the loader and the modules of the widgets
 * they place, with everything those import at once or on demand. Pages without islands need none.
 */
export function scriptFilesFor(
  widgets: readonly string[],
  files: readonly BinaryFile[],
  scripts: ScriptManifest,
): BinaryFile[] {
  if (widgets.length === 0) return [];
  const entries = [scripts.loader, ...widgets.map((name) => scripts.widgets[name] ?? '')].filter(Boolean);
  const needed = fullClosure(entries, scripts);
  return files.filter((file) => needed.has(`/${file.path}`));
}

/** JSON safe inside a script element: `<` cannot end it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * Adds to a page with islands, before `</head>`: the manifest of the module URLs of its widgets
 * the loader does not carry, the loader, and `modulepreload` links for what the loader and the
 * `load` islands import at once. A page without islands gets no script at all. `islands` spares
 * finding them again when the caller has them.
 */
export function injectIslandScripts(
  html: string,
  scripts: ScriptManifest,
  islands: readonly PageIsland[] = islandsOf(html),
): string {
  if (islands.length === 0) return html;
  const own = (name: string) => scripts.widgets[name] !== undefined && scripts.widgets[name] !== scripts.loader;
  const used = Object.fromEntries(
    [...new Set(islands.map((island) => island.name))].filter(own).map((name) => [name, scripts.widgets[name]!]),
  );
  const eager = islands
    .filter((island) => island.load === 'load' && own(island.name))
    .map((island) => used[island.name]!);
  const preload = [...staticClosure([scripts.loader, ...eager], scripts)]
    .filter((url) => url !== scripts.loader)
    .map((url) => `<link rel="modulepreload" href="${url}"/>`)
    .join('');
  const tags = `<script type="application/json" id="island-manifest">${scriptJson(used)}</script><script type="module" src="${scripts.loader}"></script>${preload}`;
  return html.replace('</head>', `${tags}</head>`);
}
