import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import type { ProgressLine } from '../lib/progress.ts';
import { problemOn, type GateProblem, type GateResult } from './built-site.ts';

const WIDTHS = [375, 1280];

/**
 * axe-core in Chromium on every indexable page at a phone and a desktop width: any violation,
 * of any impact, is a problem. Pages are checked settled (reduced motion: no reveal halfway).
 * `browser` must reach nothing but `origin` (`launchChromium`). Each page is reported to
 * `progress` as it finishes.
 */
export async function checkAccessibility(
  origin: string,
  urls: readonly string[],
  browser: Browser,
  progress?: ProgressLine,
): Promise<GateResult> {
  const axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  const problems: GateProblem[] = [];
  const context = await browser.newContext({
    viewport: { width: WIDTHS[0]!, height: 900 },
    reducedMotion: 'reduce',
  });
  let finished = 0;
  try {
    // Given once to the context, axe reaches each page without being sent again, and its renderer
    // reuses the compiled code, instead of a 560 KB script tag sent and compiled on every page (a
    // third of the gate's time). An init script is not subject to the page's
    // Content-Security-Policy; axe only defines itself, and runs when asked.
    await context.addInitScript(axeSource);
    const pages = await Promise.all([context.newPage(), context.newPage()]);
    const queue = [...urls];
    await Promise.all(
      pages.map(async (page) => {
        for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
          const where = { url, file: `${url.slice(1)}index.html` };
          try {
            await page.setViewportSize({ width: WIDTHS[0]!, height: 900 });
            await page.goto(origin + url);
            // One run at each width, the page resized in between.
            for (const width of WIDTHS) {
              await page.setViewportSize({ width, height: 900 });
              for (const violation of await violationsOf(page)) {
                problems.push(problemOn(where, 'AccessibilityViolation', `at ${width} px: ${violation}`));
              }
            }
          } catch (error) {
            // A page that leaves while it is checked (a refresh, a script that navigates) cannot
            // be judged: a problem of that page, not the end of the gate.
            const reason = (error as Error).message.split('\n')[0];
            problems.push(problemOn(where, 'AccessibilityViolation', `the page could not be checked: ${reason}`));
          }
          progress?.advance(++finished, urls.length, `${url} (${problems.length} problems so far)`);
        }
      }),
    );
  } finally {
    await context.close();
  }
  return { gate: 'accessibility', checked: urls.length * WIDTHS.length, problems };
}

/**
 * axe's violations on the page as it is laid out now, each with up to three of its elements;
 * axe must be in the page already (an init script, as the gate adds it).
 */
export function violationsOf(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: { resultTypes: string[]; rules: Record<string, { enabled: boolean }> },
          ) => Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    // Only violations are reported, so axe need not detail what passed. Target size (WCAG 2.2
    // AA 2.5.8) is off in axe by default and on in Lighthouse, whose score the site keeps at 100.
    const options = { resultTypes: ['violations'], rules: { 'target-size': { enabled: true } } };
    return (await axe.run(document, options)).violations.map(
      (violation) =>
        `${violation.id} (${violation.help}): ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
  });
}
