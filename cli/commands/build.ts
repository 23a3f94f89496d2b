import type { BuildResult } from '../build.ts';
import { loadConfig, type BuildFlags, type Generator } from '../config.ts';
import { describeFailure, exitCodeOf, formatError, fromRecord, type BuildError } from '../errors.ts';
import { findUpToDate } from '../incremental/up-to-date.ts';
import { kilobytes } from '../lib/budgets.ts';
import type { BuildSummary } from '../lib/build-summary.ts';
import { createProgress } from '../lib/progress.ts';

/**
 * `sitegen build`: builds the site, prints the report (as one JSON object with `--json`) or
 * every problem; returns the exit code. When nothing the build reads has changed and the output
 * is as the last build left it, the last build's report is the answer: the generator's build
 * modules are not even loaded.
 */
export async function runBuild(flags: BuildFlags, generator: Generator): Promise<number> {
  const start = performance.now();
  try {
    const config = loadConfig(flags, process.env, generator);
    const isQuiet = config.verbosity === 'quiet';
    const report = (summary: BuildSummary, run: BuildRun) => {
      const totalMs = performance.now() - start;
      if (flags.json) console.log(JSON.stringify({ ...summary, ...run, totalMs } satisfies BuildReport));
      else if (!isQuiet) console.log(formatReport(summary, run, totalMs, config.verbosity === 'verbose'));
    };
    const { inputs, last } = await findUpToDate(config);
    if (last) {
      const timings = [{ stage: 'up to date', ms: last.ms }];
      report(last.summary, { isUpToDate: true, rendered: 0, kept: last.summary.jobs, timings });
      return 0;
    }
    const { build } = await import('../build.ts');
    // The JSON object is stdout's only line; the stages' progress goes to stderr beside it.
    const progress = createProgress({ silent: isQuiet, stream: flags.json ? process.stderr : process.stdout });
    const result = await build(config, { progress, inputs });
    report(result.summary, {
      isUpToDate: false,
      rendered: result.rendered,
      kept: result.kept,
      timings: result.timings,
    });
    return 0;
  } catch (error) {
    console.error(describeFailure(error));
    console.error('Build failed; the previous output was left as it was.');
    return exitCodeOf(error);
  }
}

/** What one run of `sitegen build` did, beside what it says of the site. */
export interface BuildRun extends Pick<BuildResult, 'rendered' | 'kept' | 'timings'> {
  /** Nothing the build reads had changed: the last build's summary is the answer, and the one timing is `up to date`. */
  readonly isUpToDate: boolean;
}

/**
 * `sitegen build --json`: the summary of the site, what this run rendered and kept, each stage's
 * time, and the whole run's; warnings are problem records (code, message, file, line, col, hint).
 */
export interface BuildReport extends BuildSummary, BuildRun {
  readonly totalMs: number;
}

/** The summary printed after a build: what was written, how big, how long, and what to fix. */
export function formatReport(summary: BuildSummary, run: BuildRun, totalMs: number, isVerbose: boolean): string {
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
