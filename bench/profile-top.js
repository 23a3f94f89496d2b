#!/usr/bin/env node
// Summarises the CPU profiles `node --cpu-prof --cpu-prof-dir=<folder>` wrote (one per thread):
// for each, its sampled time, the packages and files that spent it (self time), and the top
// functions. See "Profiling a build" in bench/README.md.
//   node bench/profile-top.js <folder> [--top 25]
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '25' } },
});
const [folder] = positionals;
if (!folder) {
  console.error('usage: node bench/profile-top.js <folder of .cpuprofile files> [--top 25]');
  process.exit(2);
}
const top = Number(values.top);

/** A package name for a node_modules path, the repository path for our own code, or the V8 label. */
function placeOf(url, functionName) {
  if (!url) return functionName;
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inPackage) return inPackage[1] === '.cache' ? 'sitegen (bundled)' : inPackage[1];
  return url.replace(/^file:\/\//, '');
}

const rows = (map) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, ms]) => `  ${ms.toFixed(0).padStart(7)} ms  ${name}`)
    .join('\n');

for (const name of readdirSync(folder)
  .filter((file) => file.endsWith('.cpuprofile'))
  .sort()) {
  const profile = JSON.parse(readFileSync(join(folder, name), 'utf8'));
  const sampled = new Map();
  profile.samples.forEach((id, index) => sampled.set(id, (sampled.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
  const byPlace = new Map();
  const byFunction = new Map();
  let total = 0;
  for (const node of profile.nodes) {
    const ms = (sampled.get(node.id) ?? 0) / 1000;
    if (ms === 0) continue;
    total += ms;
    const { functionName, url, lineNumber } = node.callFrame;
    const place = placeOf(url, functionName);
    byPlace.set(place, (byPlace.get(place) ?? 0) + ms);
    const label = url ? `${functionName || '(anonymous)'}  ${place}:${lineNumber + 1}` : functionName;
    byFunction.set(label, (byFunction.get(label) ?? 0) + ms);
  }
  console.log(`\n${name}: ${total.toFixed(0)} ms sampled\n by package or file:\n${rows(byPlace)}`);
  console.log(` by function:\n${rows(byFunction)}`);
}
