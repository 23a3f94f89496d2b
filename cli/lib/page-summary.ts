import { createHash } from 'node:crypto';
import { islandsOf, type PageIsland } from './scripts.ts';
import type { PageSummary } from '../types.ts';

const LINK_ATTRIBUTE = /\s(?:href|src)="([^"]*)"/g;
const ID_ATTRIBUTE = /\sid="([^"]+)"/g;
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g;
/** Script types the browser runs; data blocks (JSON-LD, the island manifest) are not scripts to CSP. */
const EXECUTABLE = /^\s*$|type="(module|text\/javascript|speculationrules)"/;
const EXTERNAL_SCRIPT = /<script[^>]*\ssrc="(?:https?:)?\/\/[^"]*"/;
/** A redirect stub refreshes at once: as a meta element, or inside <noscript> when a script goes first. */
const REFRESH = /<meta http-equiv="refresh"/;

/**
 * Reads what the checks and the host configuration need of a finished HTML file, so the file
 * itself can be written and forgotten, and an unchanged page need not be read again.
 */
export function summarizeHtml(html: string, islands: readonly PageIsland[] = islandsOf(html)): PageSummary {
  const inlineScripts = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (EXECUTABLE.test(attributes!)) inlineScripts.add(cspHashOf(body!));
  }
  const external = EXTERNAL_SCRIPT.exec(html)?.[0];
  return {
    isRedirect: REFRESH.test(html),
    links: [...html.matchAll(LINK_ATTRIBUTE)].map((match) => decodeEntities(match[1]!)),
    ids: [...html.matchAll(ID_ATTRIBUTE)].map((match) => match[1]!),
    islands,
    inlineScripts: [...inlineScripts],
    ...(external === undefined ? {} : { externalScript: external }),
  };
}

/**
 * The summary of a page made of pieces (cli/render/page-pieces.ts), from their summaries in
 * document order: the same as `summarizeHtml` of the whole, as no element spans two pieces.
 */
export function joinSummaries(summaries: readonly PageSummary[]): PageSummary {
  const externalScript = summaries.find((summary) => summary.externalScript !== undefined)?.externalScript;
  return {
    isRedirect: summaries.some((summary) => summary.isRedirect),
    links: summaries.flatMap((summary) => summary.links),
    ids: summaries.flatMap((summary) => summary.ids),
    islands: summaries.flatMap((summary) => summary.islands),
    inlineScripts: [...new Set(summaries.flatMap((summary) => summary.inlineScripts))],
    ...(externalScript === undefined ? {} : { externalScript }),
  };
}

/** Hashes already made: pages share their few inline scripts (the head's), so each is hashed once. */
const cspHashes = new Map<string, string>();

/** The CSP source that allows an inline script: `'sha256-…'` of its text. */
function cspHashOf(script: string): string {
  let hash = cspHashes.get(script);
  if (hash === undefined) {
    hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    // A page's own script (the root 404 page's rules) is hashed once too; a bound keeps odd sites small.
    if (cspHashes.size > 256) cspHashes.clear();
    cspHashes.set(script, hash);
  }
  return hash;
}

function decodeEntities(value: string): string {
  // Most links hold no entity: no five passes over them.
  if (!value.includes('&')) return value;
  return value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}
