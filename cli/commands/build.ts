import { gzipSync } from 'node:zlib';
import { build, type BuildResult } from '../build.ts';
import { loadConfig, type BuildFlags, type Generator } from '../config.ts';
import { describeFailure, exitCodeOf, formatError, type BuildError } from '../errors.ts';
import { kilobytes } from '../lib/budgets.ts';
import { createProgress } from '../lib/progress.ts';

/** `sitegen build`: builds the site, prints the report or every problem; returns the exit code. */
export async function runBuild(flags: BuildFlags, generator: Generator): Promise<number> {
  const start = performance.now();
  try {
    const config = loadConfig(flags, process.env, generator);
    const result = await build(config, { progress: createProgress({ silent: config.verbosity === 'quiet' }) });
    if (config.verbosity !== 'quiet') {
      console.log(formatReport(result, performance.now() - start, config.verbosity === 'verbose'));
    }
    return 0;
  } catch (error) {
    console.error(describeFailure(error));
    console.error('Build failed; the previous output was left as it was.');
    return exitCodeOf(error);
  }
}

/** The summary printed after a build: what was written, how big, how long, and what to fix. */
export function formatReport(result: BuildResult, totalMs: number, isVerbose: boolean): string {
  const { site, outputs, warnings, timings } = result;
  const pages = outputs.filter((output) => output.route);
  const bytes = (list: typeof outputs) => list.reduce((sum, output) => sum + output.stamp.size, 0);
  const { examples } = site.content;
  const lines = [
    `Built ${pages.length} pages, ${site.redirects.length} redirects and ${outputs.length} files (${kilobytes(bytes(outputs))}) in ${Math.round(totalMs)} ms.`,
    `  HTML ${kilobytes(bytes(pages))} · largest page ${kilobytes(Math.max(...pages.map((page) => page.stamp.size)))} · ${result.rendered} pages rendered, ${result.kept} unchanged since the last build`,
    `  stages: ${timings.map((timing) => `${timing.stage} ${Math.round(timing.ms)} ms`).join(' · ')}`,
    scriptSummary(result),
  ];
  if (examples.length > 0) {
    lines.push(`Example content still in use (${examples.length}); replace before going live:`);
    lines.push(...(isVerbose ? examples : examples.slice(0, 5)).map((item) => `  - ${item}`));
    if (!isVerbose && examples.length > 5) lines.push(`  … and ${examples.length - 5} more (--verbose lists them)`);
  }
  if (warnings.length > 0) lines.push(formatWarnings(warnings));
  if (isVerbose) {
    const stylesheet = outputs.find((output) => `/${output.path}` === site.assets.stylesheet)?.contents;
    const cssGzip = Buffer.isBuffer(stylesheet) ? gzipSync(stylesheet).length : 0;
    lines.push(
      'Pages (HTML · JS gzip at load + on interaction · CSS gzip):',
      ...pages.map((page) => {
        const weight = result.scriptWeights.get(page.path);
        return `  ${page.route!.url}  ${kilobytes(page.stamp.size)} · JS ${kilobytes(weight?.initial ?? 0)} + ${kilobytes(weight?.onInteraction ?? 0)} · CSS ${kilobytes(cssGzip)}`;
      }),
    );
  }
  return lines.join('\n');
}

/** Warnings, one block each, under a count. */
export function formatWarnings(warnings: readonly BuildError[]): string {
  return [`${warnings.length} warning${warnings.length === 1 ? '' : 's'}:`, ...warnings.map(formatError)].join('\n');
}

/** The heaviest JavaScript of a home page and of any other page, gzip. */
function scriptSummary({ outputs, scriptWeights }: BuildResult): string {
  const heaviest = (isHome: boolean) =>
    outputs
      .filter((output) => output.route && (output.route.template === 'home') === isHome)
      .map((output) => scriptWeights.get(output.path))
      .filter((weight) => weight !== undefined)
      .reduce((max, weight) => (weight.initial > max.initial ? weight : max), { initial: 0, onInteraction: 0 });
  const [home, other] = [heaviest(true), heaviest(false)];
  return `  JS (gzip, at load + on interaction): home ${kilobytes(home.initial)} + ${kilobytes(home.onInteraction)} · other pages at most ${kilobytes(other.initial)} + ${kilobytes(other.onInteraction)}`;
}
