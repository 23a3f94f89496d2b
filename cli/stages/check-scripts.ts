import { BuildError } from '../errors.ts';
import { islandsOf, weighScripts, type ScriptWeight } from '../lib/islands.ts';
import type { Output, ScriptManifest } from '../types.ts';

/** Script budgets in gzip bytes: the home pages, and every other page. */
export interface ScriptBudgets {
  readonly home: number;
  readonly page: number;
}

const EXTERNAL_SCRIPT = /<script[^>]*\ssrc="(?:https?:)?\/\/[^"]*"/;

/**
 * Checks the pages' scripts: every island has a bundle and every bundle an island; no page
 * loads a third-party script; each page's scripts fit its budget. Returns the problems (budget
 * overruns separately: they are warnings unless --strict) and each page's script weight.
 */
export function checkScripts(outputs: readonly Output[], scripts: ScriptManifest, budgets: ScriptBudgets): { errors: BuildError[]; overBudget: BuildError[]; weights: Map<string, ScriptWeight> } {
  const errors: BuildError[] = [];
  const overBudget: BuildError[] = [];
  const weights = new Map<string, ScriptWeight>();
  const used = new Set<string>();
  for (const output of outputs.filter((candidate) => candidate.path.endsWith('.html'))) {
    const html = String(output.contents);
    const file = `dist/${output.path}`;
    const islands = islandsOf(html);
    for (const island of islands) {
      used.add(island.name);
      if (!scripts.widgets[island.name]) errors.push(new BuildError('UnknownWidget', `the page has an island "${island.name}" that was not bundled`, { file }));
    }
    const external = EXTERNAL_SCRIPT.exec(html);
    if (external) errors.push(new BuildError('ExternalScript', `the page loads a script from another site: ${external[0]}`, { file }));
    if (!output.route) continue;
    const weight = weighScripts(islands, scripts);
    weights.set(output.path, weight);
    const limit = output.route.template === 'home' ? budgets.home : budgets.page;
    const culprit = weight.steps.find((step) => step.total > limit);
    if (culprit) {
      overBudget.push(new BuildError('OverBudget', `${kilobytes(weight.initial)} of JavaScript (gzip) is over the page's ${kilobytes(limit)} budget; island "${culprit.island}" pushed it over`, { file }));
    }
  }
  for (const name of Object.keys(scripts.widgets).filter((widget) => !used.has(widget))) {
    errors.push(new BuildError('UnusedWidget', `widgets/${name} is bundled but no page places it`, { file: `widgets/${name}/index.ts` }));
  }
  return { errors, overBudget, weights };
}

function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
