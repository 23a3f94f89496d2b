import { joinSummaries, summarizeHtml } from '../lib/page-summary.ts';
import { injectIslandScripts, islandsOf } from '../lib/scripts.ts';
import type { PageSummary, ScriptManifest } from '../types.ts';

/**
 * A page is rendered as its own markup with marks where its body and its shared parts go
 * (templates/components/Shared.tsx), then put together. React escapes `<` in every text and
 * attribute, so no content can write a mark: they come from the templates alone.
 */

/** Given to the templates as the page's body HTML: a comment, which React itself never writes. */
export const BODY_MARK = '<!--page-body-->';

/** What a page's markup holds where the shared part `key` goes, as React writes it. */
export const partMarkOf = (key: string) => `<template data-shared="${key}"></template>`;

const MARK = /<!--page-body-->|<template data-shared="[^"]*"><\/template>/g;

/** HTML that goes into a page, with what the checks need of it, found once. */
export interface Piece {
  readonly html: string;
  readonly summary: PageSummary;
}

export const pieceOf = (html: string): Piece => ({ html, summary: summarizeHtml(html) });

/**
 * The page: its markup with each mark replaced by its piece (`pieces`, by mark), and the
 * island scripts added to its head. Only the page's own markup is read here: each piece was
 * summarised when it was made, a shared part once for every page.
 */
export function assemblePage(
  markup: string,
  pieces: ReadonlyMap<string, Piece>,
  scripts: ScriptManifest,
): { html: string; summary: PageSummary } {
  const stretches: string[] = [];
  const filled: Piece[] = [];
  let at = 0;
  for (const mark of markup.matchAll(MARK)) {
    stretches.push(markup.slice(at, mark.index));
    filled.push(pieces.get(mark[0])!);
    at = mark.index + mark[0].length;
  }
  stretches.push(markup.slice(at));
  const ownIslands = stretches.map((stretch) => islandsOf(stretch));
  const islands = ownIslands.flatMap((own, index) => [...own, ...(filled[index]?.summary.islands ?? [])]);
  const head = stretches.findIndex((stretch) => stretch.includes('</head>'));
  if (head >= 0) stretches[head] = injectIslandScripts(stretches[head]!, scripts, islands);
  let html = '';
  const summaries: PageSummary[] = [];
  stretches.forEach((stretch, index) => {
    html += stretch;
    summaries.push(summarizeHtml(stretch, ownIslands[index]));
    const piece = filled[index];
    if (piece) {
      html += piece.html;
      summaries.push(piece.summary);
    }
  });
  return { html, summary: joinSummaries(summaries) };
}
