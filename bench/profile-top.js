#!/usr/bin/env node
// Summarises the CPU profiles `node --cpu-prof --cpu-prof-dir=<folder>` wrote (one per thread):
// for each, its sampled time, the kinds of work that spent it, the packages and files (self
// time), and the top functions. Samples in the generator's bundle are traced back through its
// source maps to the package or repository file they came from. See "Profiling a build" in
// bench/README.md.
//   node bench/profile-top.js <folder> [--top 25] [--pages N]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '25' }, pages: { type: 'string' } },
});
const [folder] = positionals;
if (!folder) {
  console.error('usage: node bench/profile-top.js <folder of .cpuprofile files> [--top 25] [--pages N]');
  process.exit(2);
}
const top = Number(values.top);
/** With --pages, every row also says ms of that thread per page. */
const pages = values.pages ? Number(values.pages) : undefined;

const maps = new Map();
/** The source map beside a bundled file, when it has one. */
function mapOf(url) {
  if (!maps.has(url)) {
    const file = `${fileURLToPath(url)}.map`;
    maps.set(url, existsSync(file) ? new SourceMap(JSON.parse(readFileSync(file, 'utf8'))) : undefined);
  }
  return maps.get(url);
}

/** The original file of a frame: through the bundle's source map, else its own URL. */
function sourceOf({ url, lineNumber, columnNumber }) {
  if (!url) return undefined;
  if (url.includes('/node_modules/.cache/sitegen/')) {
    const entry = mapOf(url)?.findEntry(lineNumber, columnNumber);
    if (entry?.originalSource) return new URL(entry.originalSource, url).href;
  }
  return url;
}

/** A package name for a node_modules path, the repository path for our own code, or the V8 label. */
function placeOf(source, functionName) {
  if (!source) return functionName;
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (inPackage) return inPackage[1];
  const own = /\/((?:cli|templates|widgets|bench)\/.*)$/.exec(source);
  return own ? own[1] : source.replace(/^file:\/\//, '');
}

/** The kind of work a place is, as bench/README.md groups a render thread's time. */
function kindOf(place) {
  if (
    /^(micromark|mdast-util-from-markdown|mdast-util-gfm|decode-named-character-reference|character-entities)/.test(
      place,
    )
  )
    return 'markdown parse (micromark, mdast-util-from-markdown)';
  if (
    /^(remark|unified|mdast-util-to-hast|hast-util|unist-util|remark-html|trough|vfile|property-information|stringify-entities|zwitch|html-void-elements|ccount|comma-separated|space-separated|devlop|bail|extend|is-plain-obj|character-entities)/.test(
      place,
    )
  )
    return 'mdast → HTML (unified, mdast-util-to-hast, hast-util-*)';
  if (/^(react|react-dom|scheduler)$/.test(place) || place.startsWith('templates/')) return 'React and templates/';
  if (place === '(garbage collector)') return 'garbage collection';
  if (place.startsWith('cli/')) return 'cli/ own code';
  if (place === '(idle)') return 'idle';
  return 'other (natives, structured clone, hashing, regular expressions, node:)';
}

const rows = (map, total) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(
      ([name, ms]) =>
        `  ${ms.toFixed(0).padStart(7)} ms ${((100 * ms) / total).toFixed(1).padStart(5)} %${pages ? ` ${(ms / pages).toFixed(3).padStart(7)} ms/page` : ''}  ${name}`,
    )
    .join('\n');

for (const name of readdirSync(folder)
  .filter((file) => file.endsWith('.cpuprofile'))
  .sort()) {
  const profile = JSON.parse(readFileSync(join(folder, name), 'utf8'));
  const sampled = new Map();
  profile.samples.forEach((id, index) => sampled.set(id, (sampled.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
  const byKind = new Map();
  const byPlace = new Map();
  const byFunction = new Map();
  let total = 0;
  for (const node of profile.nodes) {
    const ms = (sampled.get(node.id) ?? 0) / 1000;
    if (ms === 0) continue;
    total += ms;
    const { functionName, lineNumber } = node.callFrame;
    const source = sourceOf(node.callFrame);
    const place = placeOf(source, functionName);
    byKind.set(kindOf(place), (byKind.get(kindOf(place)) ?? 0) + ms);
    byPlace.set(place, (byPlace.get(place) ?? 0) + ms);
    const label = source
      ? `${functionName || '(anonymous)'}  ${place}${source === node.callFrame.url ? `:${lineNumber + 1}` : ''}`
      : functionName;
    byFunction.set(label, (byFunction.get(label) ?? 0) + ms);
  }
  console.log(`\n${name}: ${total.toFixed(0)} ms sampled\n by kind:\n${rows(byKind, total)}`);
  console.log(` by package or file:\n${rows(byPlace, total)}`);
  console.log(` by function:\n${rows(byFunction, total)}`);
}
