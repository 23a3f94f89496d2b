import type { BuildResult } from '../build.ts';
import { loadConfig, type BuildFlags, type Generator } from '../config.ts';
import { describeFailure, exitCodeOf, formatError, fromRecord, type BuildError } from '../errors.ts';
import { findUpToDate } from '../incremental/up-to-date.ts';
import { kilobytes } from '../lib/budgets.ts';
import type { BuildSummary } from '../lib/build-summary.ts';
import { createProgress } from '../lib/progress.ts';

/**
 * `sitegen build`: builds the site, prints the report or every problem; returns the exit code.
 * When nothing the build reads has changed and the output is as the last build left it, the
 * last build's report is the answer: the generator's build modules are not even loaded.
 */
export async function runBuild(flags: BuildFlags, generator: Generator): Promise<number> {
  const start = performance.now();
  try {
    const config = loadConfig(flags, process.env, generator);
    const isQuiet = config.verbosity === 'quiet';
    const { inputs, last } = await findUpToDate(config);
    if (last) {
      if (!isQuiet) {
        const run = { rendered: 0, kept: last.summary.jobs, timings: [{ stage: 'up to date', ms: last.ms }] };
        console.log(formatReport(last.summary, run, performance.now() - start, config.verbosity === 'verbose'));
      }
      return 0;
    }
    const { build } = await import('../build.ts');
    const result = await build(config, { progress: createProgress({ silent: isQuiet }), inputs });
    if (!isQuiet) {
      console.log(formatReport(result.summary, result, performance.now() - start, config.verbosity === 'verbose'));
    }
    return 0;
  } catch (error) {
    console.error(describeFailure(error));
    console.error('Build failed; the previous output was left as it was.');
    return exitCodeOf(error);
  }
}

/** The summary printed after a build: what was written, how big, how long, and what to fix. */
export function formatReport(
  summary: BuildSummary,
  run: Pick<BuildResult, 'rendered' | 'kept' | 'timings'>,
  totalMs: number,
  isVerbose: boolean,
): string {
  const { examples, scripts } = summary;
  const js = (weight: BuildSummary['scripts']['home']) =>
    `${kilobytes(weight.initial)} + ${kilobytes(weight.onInteraction)}`;
  const lines = [
    `Built ${summary.pages} pages, ${summary.redirects} redirects and ${summary.files} files (${kilobytes(summary.bytes)}) in ${Math.round(totalMs)} ms.`,
    `  HTML ${kilobytes(summary.htmlBytes)} · largest page ${kilobytes(summary.largestPage)} · ${run.rendered} pages rendered, ${run.kept} unchanged since the last build`,
    `  stages: ${run.timings.map((timing) => `${timing.stage} ${Math.round(timing.ms)} ms`).join(' · ')}`,
    `  JS (gzip, at load + on interaction): home ${js(scripts.home)} · other pages at most ${js(scripts.other)}`,
  ];
  if (examples.length > 0) {
    lines.push(`Example content still in use (${examples.length}); replace before going live:`);
    lines.push(...(isVerbose ? examples : examples.slice(0, 5)).map((item) => `  - ${item}`));
    if (!isVerbose && examples.length > 5) lines.push(`  … and ${examples.length - 5} more (--verbose lists them)`);
  }
  if (summary.warnings.length > 0) lines.push(formatWarnings(summary.warnings.map(fromRecord)));
  if (isVerbose) {
    lines.push(
      'Pages (HTML · JS gzip at load + on interaction · CSS gzip):',
      ...summary.pageList.map(
        (page) =>
          `  ${page.url}  ${kilobytes(page.bytes)} · JS ${js(page.scripts)} · CSS ${kilobytes(summary.cssGzip)}`,
      ),
    );
  }
  return lines.join('\n');
}

/** Warnings, one block each, under a count. */
export function formatWarnings(warnings: readonly BuildError[]): string {
  return [`${warnings.length} warning${warnings.length === 1 ? '' : 's'}:`, ...warnings.map(formatError)].join('\n');
}
