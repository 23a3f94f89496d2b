import { formatError, type BuildError } from '../errors.ts';
import type { BuildResult } from '../build.ts';

/** The summary printed after a build: what was written, how big, how long, and what to fix. */
export function formatReport(result: BuildResult, totalMs: number, isVerbose: boolean): string {
  const { site, warnings, timings } = result;
  const pages = site.outputs.filter((output) => output.route);
  const bytes = (outputs: typeof site.outputs) => outputs.reduce((sum, output) => sum + Buffer.byteLength(output.contents), 0);
  const lines = [
    `Built ${pages.length} pages, ${site.redirects.length} redirects and ${site.outputs.length} files (${kilobytes(bytes(site.outputs))}) in ${Math.round(totalMs)} ms.`,
    `  HTML ${kilobytes(bytes(pages))} · largest page ${kilobytes(Math.max(...pages.map((page) => Buffer.byteLength(page.contents))))}`,
    `  stages: ${timings.map((timing) => `${timing.stage} ${Math.round(timing.ms)} ms`).join(' · ')}`,
  ];
  if (site.content.examples.length > 0) {
    lines.push(`Example content still in use (${site.content.examples.length}); replace before going live:`);
    lines.push(...(isVerbose ? site.content.examples : site.content.examples.slice(0, 5)).map((item) => `  - ${item}`));
    if (!isVerbose && site.content.examples.length > 5) lines.push(`  … and ${site.content.examples.length - 5} more (--verbose lists them)`);
  }
  if (warnings.length > 0) lines.push(formatWarnings(warnings));
  if (isVerbose) lines.push('Pages:', ...pages.map((page) => `  ${page.route!.url}  ${kilobytes(Buffer.byteLength(page.contents))}`));
  return lines.join('\n');
}

/** Warnings, one block each, under a count. */
export function formatWarnings(warnings: readonly BuildError[]): string {
  return [`${warnings.length} warning${warnings.length === 1 ? '' : 's'}:`, ...warnings.map((warning) => formatError(warning))].join('\n');
}

function kilobytes(count: number): string {
  return `${(count / 1024).toFixed(1)} KB`;
}
