import { writeFile } from 'node:fs/promises';
import { createProgress, type ProgressLine } from '../lib/progress.ts';
import { serveBuiltSite, type RunningServer } from '../serve/static-server.ts';
import { launchChromium } from './chromium.ts';
import { CHECK_GATES, type GateName } from './gate-names.ts';
import { isHomeUrl, kilobytes } from '../lib/budgets.ts';
import { formatPosition } from '../errors.ts';
import { readBuiltSite, type GateResult } from './built-site.ts';
import { checkAccessibility } from './gate-accessibility.ts';
import { checkBudgets, type PageWeight } from './gate-budgets.ts';
import { checkHtml } from './gate-html.ts';
import { checkLinks } from './gate-links.ts';
import { checkSeo } from './gate-seo.ts';
import { checkSpelling } from './gate-spelling.ts';

/** How `check` runs. */
export interface CheckOptions {
  readonly dist: string;
  /** The content folder the site was built from: the spelling gate's word list and sources. */
  readonly content: string;
  /** Where slow results are kept between runs (the JSON-LD vocabulary check). */
  readonly cacheDir: string;
  readonly report: string;
  /** Fetch external links too (needs a network). */
  readonly external: boolean;
  readonly chromium: string;
  /** Gates to leave out, by name. */
  readonly skip: readonly string[];
}

/**
 * The quality gates over a built site, served on 127.0.0.1; resolves to whether every gate
 * passed. A gate that needs Chromium starts it before any gate runs, so a machine without it
 * hears so at once (MissingBrowser), not after minutes of other gates. Each gate shows its
 * progress (progress.ts): live on a terminal, timestamped lines elsewhere, every page for the
 * accessibility gate.
 */
export async function runCheck(options: CheckOptions, label: string): Promise<boolean> {
  const progress = createProgress({ everyItem: true });
  const print = progress.print;
  const wanted = (name: GateName) => !options.skip.includes(name);
  const browser = wanted('accessibility') ? await launchChromium(options.chromium) : undefined;
  print(`Checking ${label}`);
  const results: GateResult[] = [];
  const started = performance.now();
  let server: RunningServer | undefined;
  try {
    const site = await readBuiltSite(options.dist);
    const baseUrl =
      /Sitemap: (\S+)\/sitemap\.xml/.exec(site.files.get('robots.txt')?.toString('utf8') ?? '')?.[1] ?? '';
    server = await serveBuiltSite(options.dist);
    const origin = server.url;
    const indexable = site.pages.filter((page) => page.isIndexable).map((page) => page.url);
    const gates: Record<GateName, (line: ProgressLine) => Promise<GateResult> | GateResult> = {
      links: () => checkLinks(site, origin, options.external),
      html: () => checkHtml(site),
      seo: () => checkSeo(site, baseUrl, options.cacheDir),
      spelling: () => checkSpelling(site, options.content),
      budgets: () => checkBudgets(site),
      accessibility: (line) => checkAccessibility(origin, indexable, browser!, line),
    };
    for (const name of CHECK_GATES.filter(wanted)) {
      const start = performance.now();
      const result = await progress.task(name, gates[name]);
      results.push(result);
      print(
        `  ${name.padEnd(14)} ${String(result.checked).padStart(6)} checked  ${String(result.problems.length).padStart(4)} problems  ${Math.round(performance.now() - start)} ms`,
      );
    }
  } finally {
    await server?.close();
    await browser?.close();
  }
  // The summary is the result, not progress: plain lines, without the time of day.
  const say = (line: string) => console.log(line);
  printSummary(results, say);
  await writeFile(
    options.report,
    `${JSON.stringify({ dist: options.dist, seconds: Math.round((performance.now() - started) / 100) / 10, results }, null, 2)}\n`,
  );
  say(`Report written to ${options.report}`);
  return results.every((result) => result.problems.length === 0);
}

function printSummary(results: readonly GateResult[], print: (line: string) => void): void {
  const weights = results.find((result) => result.gate === 'budgets')?.details as PageWeight[] | undefined;
  if (weights) {
    const max = (kind: keyof Omit<PageWeight, 'url'>, home: boolean) =>
      Math.max(0, ...weights.filter((weight) => isHomeUrl(weight.url) === home).map((weight) => weight[kind]));
    const kb = (bytes: number) => kilobytes(bytes).padStart(9);
    const row = (home: boolean) =>
      (['html', 'css', 'script', 'fonts', 'images'] as const).map((kind) => kb(max(kind, home))).join(' ');
    print('  bytes per page (largest)     HTML gz    CSS gz     JS gz     fonts    images');
    print(`  home pages               ${row(true)}`);
    print(`  other pages              ${row(false)}`);
  }
  const problems = results.flatMap((result) =>
    result.problems.map((problem) => {
      const where = problem.page ? `${problem.page}${problem.line ? ` (${formatPosition(problem)})` : ''} ` : '';
      return `  ${result.gate}: ${where}${problem.code} — ${problem.message}`;
    }),
  );
  if (problems.length > 0)
    print(
      [
        `${problems.length} problems:`,
        ...problems.slice(0, 60),
        ...(problems.length > 60 ? [`  … ${problems.length - 60} more in the report`] : []),
      ].join('\n'),
    );
  else print('Every gate passed.');
}
