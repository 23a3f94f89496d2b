import { formatError, type BuildError } from '../errors.ts';
import type { BuildResult } from '../build.ts';

/** The summary printed after a build: what was written, how big, how long, and what to fix. */
export function formatReport(result: BuildResult, totalMs: number, isVerbose: boolean): string {
  const { site, warnings, timings } = result;
  const pages = site.outputs.filter((output) => output.route);
  const bytes = (outputs: typeof site.outputs) => outputs.reduce((sum, output) => sum + (output.size ?? 0), 0);
  const lines = [
    `Built ${pages.length} pages, ${site.redirects.length} redirects and ${site.outputs.length} files (${kilobytes(bytes(site.outputs))}) in ${Math.round(totalMs)} ms.`,
    `  HTML ${kilobytes(bytes(pages))} · largest page ${kilobytes(Math.max(...pages.map((page) => page.size ?? 0)))} · ${result.rendered} pages rendered, ${result.kept} unchanged since the last build`,
    `  stages: ${timings.map((timing) => `${timing.stage} ${Math.round(timing.ms)} ms`).join(' · ')}`,
    scriptSummary(result),
  ];
  if (site.content.examples.length > 0) {
    lines.push(`Example content still in use (${site.content.examples.length}); replace before going live:`);
    lines.push(...(isVerbose ? site.content.examples : site.content.examples.slice(0, 5)).map((item) => `  - ${item}`));
    if (!isVerbose && site.content.examples.length > 5)
      lines.push(`  … and ${site.content.examples.length - 5} more (--verbose lists them)`);
  }
  if (warnings.length > 0) lines.push(formatWarnings(warnings));
  if (isVerbose) {
    const cssGzip = result.stylesheetGzip;
    lines.push(
      'Pages (HTML · JS gzip at load + on interaction · CSS gzip):',
      ...pages.map((page) => {
        const weight = result.scriptWeights.get(page.path);
        return `  ${page.route!.url}  ${kilobytes(page.size ?? 0)} · JS ${kilobytes(weight?.initial ?? 0)} + ${kilobytes(weight?.onInteraction ?? 0)} · CSS ${kilobytes(cssGzip)}`;
      }),
    );
  }
  return lines.join('\n');
}

/** Warnings, one block each, under a count. */
export function formatWarnings(warnings: readonly BuildError[]): string {
  return [
    `${warnings.length} warning${warnings.length === 1 ? '' : 's'}:`,
    ...warnings.map((warning) => formatError(warning)),
  ].join('\n');
}

/** The heaviest JavaScript of a home page and of any other page, gzip. */
function scriptSummary({ site, scriptWeights }: BuildResult): string {
  const heaviest = (isHome: boolean) =>
    site.outputs
      .filter((output) => output.route && (output.route.template === 'home') === isHome)
      .map((output) => scriptWeights.get(output.path))
      .filter((weight) => weight !== undefined)
      .reduce((max, weight) => (weight.initial > max.initial ? weight : max), {
        initial: 0,
        onInteraction: 0,
        steps: [],
      });
  const [home, other] = [heaviest(true), heaviest(false)];
  return `  JS (gzip, at load + on interaction): home ${kilobytes(home.initial)} + ${kilobytes(home.onInteraction)} · other pages at most ${kilobytes(other.initial)} + ${kilobytes(other.onInteraction)}`;
}

function kilobytes(count: number): string {
  return `${(count / 1024).toFixed(1)} KB`;
}
