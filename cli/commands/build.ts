import { relative, resolve } from 'node:path';
import type { BuildResult } from '../build.ts';
import { loadConfig, type BuildFlags, type Config, type Generator } from '../config.ts';
import { describeFailure, exitCodeOf, formatError, fromRecord, type BuildError } from '../errors.ts';
import { findUpToDate } from '../incremental/up-to-date.ts';
import { kilobytes } from '../lib/budgets.ts';
import type { BuildSummary } from '../lib/build-summary.ts';
import { createProgress, type Progress } from '../lib/progress.ts';
import { whenStopped, type StopSignal } from '../lib/stop-signals.ts';

/**
 * `sitegen build`: builds the site, prints the report (as one JSON object with `--json`) or
 * every problem; returns the exit code. When nothing the build reads has changed and the output
 * is as the last build left it, the last build's report is the answer: the generator's build
 * modules are not even loaded.
 */
export async function runBuild(flags: BuildFlags, generator: Generator): Promise<number> {
  const start = performance.now();
  let progress: Progress | undefined;
  const forget = whenStopped((signal) => console.error(stoppedLine(signal, flags, progress)));
  try {
    const config = loadConfig(flags, process.env, generator);
    const isQuiet = config.verbosity === 'quiet';
    const report = (summary: BuildSummary, run: BuildRun) => {
      const totalMs = performance.now() - start;
      if (flags.json) console.log(JSON.stringify({ ...summary, ...run, totalMs } satisfies BuildReport));
      else if (!isQuiet) console.log(formatReport(summary, run, totalMs, config));
    };
    const { inputs, last } = await findUpToDate(config);
    if (last) {
      const timings = [{ stage: 'up to date', ms: last.ms }];
      report(last.summary, { isUpToDate: true, rendered: 0, kept: last.summary.jobs, timings });
      return 0;
    }
    const { build } = await import('../build.ts');
    // The JSON object is stdout's only line; the stages' progress goes to stderr beside it.
    progress = createProgress({ silent: isQuiet, stream: flags.json ? process.stderr : process.stdout });
    const result = await build(config, { progress, inputs });
    generator.afterBuild?.();
    report(result.summary, {
      isUpToDate: false,
      rendered: result.rendered,
      kept: result.kept,
      timings: result.timings,
    });
    return 0;
  } catch (error) {
    // A stage still running beside the one that failed (bundle, widgets) would print after the verdict.
    progress?.close();
    console.error(describeFailure(error));
    console.error('Build failed; the previous output was left as it was.');
    return exitCodeOf(error);
  } finally {
    forget();
  }
}

/**
 * The one line a build stopped by a signal prints: whether the output folder is as it was. The
 * writer replaces it in one turn of the event loop, which ends the `write` stage
 * (cli/output/folder-writer.ts), so a signal is handled wholly before or after.
 */
function stoppedLine(signal: StopSignal, flags: BuildFlags, progress: Progress | undefined): string {
  const how = signal === 'SIGINT' ? 'Ctrl+C' : signal;
  const out = flags.out ?? 'dist';
  const isWritten = progress?.timings.some((timing) => timing.stage === 'write' && timing.ms > 0) ?? false;
  // On a terminal the live progress line is still drawn: the message starts on a line of its own.
  const isLive = (flags.json ? process.stderr : process.stdout).isTTY && !flags.quiet;
  const start = isLive ? '\n' : '';
  return isWritten
    ? `${start}Build stopped (${how}) after ${out}/ was written.`
    : `${start}Build stopped (${how}); ${out}/ was left as it was.`;
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

/**
 * The summary printed after a build: what was written, how big, how long, and what to fix; it
 * ends with where the site is and the commands that look at it next.
 */
export function formatReport(
  summary: BuildSummary,
  run: BuildRun,
  totalMs: number,
  config: Pick<Config, 'verbosity' | 'outDir' | 'contentDir'>,
): string {
  const isVerbose = config.verbosity === 'verbose';
  const { examples, scripts } = summary;
  const js = (weight: BuildSummary['scripts']['home']) =>
    `${kilobytes(weight.initial)} + ${kilobytes(weight.onInteraction)}`;
  const lines = [
    `Built ${summary.jobs} pages, ${summary.redirects} redirects and ${summary.files} files (${kilobytes(summary.bytes)}) in ${Math.round(totalMs)} ms.`,
    `  HTML ${kilobytes(summary.htmlBytes)} · largest page ${kilobytes(summary.largestPage)} · ${run.rendered} pages rendered, ${run.kept} unchanged since the last build`,
    `  stages: ${run.timings.map((timing) => `${timing.stage} ${Math.round(timing.ms)} ms`).join(' · ')}`,
    `  JS (gzip, at load + on interaction): home ${js(scripts.home)} · other pages at most ${js(scripts.other)}`,
  ];
  if (examples.length > 0) lines.push(...formatExamples(examples, isVerbose));
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
  lines.push(...nextSteps(config));
  return lines.join('\n');
}

/**
 * The example content still in use: one line with the count, or with `--verbose` every value
 * under its file, so a maintainer replacing them has the list.
 */
function formatExamples(examples: readonly string[], isVerbose: boolean): string[] {
  const byFile = new Map<string, string[]>();
  for (const example of examples) {
    // Each is `file: value`, as validation found it (cli/validate/parse-file.ts).
    const at = example.indexOf(': ');
    const file = example.slice(0, at);
    byFile.set(file, [...(byFile.get(file) ?? []), example.slice(at + 2)]);
  }
  const files = byFile.size === 1 ? '1 file' : `${byFile.size} files`;
  if (!isVerbose)
    return [
      `Example content still in use (${examples.length} in ${files}); replace before going live (--verbose lists it).`,
    ];
  const lines = [`Example content still in use (${examples.length} in ${files}); replace before going live:`];
  for (const [file, values] of byFile)
    lines.push(`  ${file}: ${values.length}`, ...values.map((value) => `    - ${value}`));
  return lines;
}

/**
 * Where the site is, and the commands README.md gives for what comes next: the npm scripts for
 * the default folders, `npx sitegen` with the folders named otherwise.
 */
function nextSteps({ outDir, contentDir }: Pick<Config, 'outDir' | 'contentDir'>): string[] {
  const isDefault = outDir === resolve('dist') && contentDir === resolve('content');
  const out = relative(process.cwd(), outDir) || '.';
  const content =
    contentDir === resolve('content') ? '' : ` -c ${shellWord(relative(process.cwd(), contentDir) || '.')}`;
  const [preview, check] = isDefault
    ? ['npm run preview', 'npm run check']
    : [`npx sitegen preview -d ${shellWord(out)}`, `npx sitegen check -d ${shellWord(out)}${content}`];
  return [
    `The site is in ${out}/.`,
    `Next: ${preview} to browse it as a host serves it · ${check} for the quality gates`,
  ];
}

/** A path as one word of a shell command line. */
function shellWord(path: string): string {
  return /^[\w./-]+$/.test(path) ? path : `'${path.replaceAll("'", "'\\''")}'`;
}

/** Warnings, one block each, under a count. */
export function formatWarnings(warnings: readonly BuildError[]): string {
  return [`${warnings.length} warning${warnings.length === 1 ? '' : 's'}:`, ...warnings.map(formatError)].join('\n');
}
