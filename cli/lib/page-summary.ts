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
    if (EXECUTABLE.test(attributes!))
      inlineScripts.add(`'sha256-${createHash('sha256').update(body!).digest('base64')}'`);
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
