import { BuildError } from '../errors.ts';
import { weighScripts, type ScriptWeight } from '../lib/islands.ts';
import type { OutputRecord, ScriptManifest } from '../types.ts';

/** Script budgets in gzip bytes: the home pages, and every other page. */
export interface ScriptBudgets {
  readonly home: number;
  readonly page: number;
}

/**
 * Checks the pages' scripts: every island has a bundle; no page loads a third-party script;
 * each page's scripts fit its budget. Returns the problems (budget overruns separately: they
 * are warnings unless --strict) and each page's script weight.
 */
export function checkScripts(
  outputs: readonly OutputRecord[],
  scripts: ScriptManifest,
  budgets: ScriptBudgets,
): { errors: BuildError[]; overBudget: BuildError[]; weights: Map<string, ScriptWeight> } {
  const errors: BuildError[] = [];
  const overBudget: BuildError[] = [];
  const weights = new Map<string, ScriptWeight>();
  // Pages of one template place the same islands: each combination is weighed once.
  const weighed = new Map<string, ScriptWeight>();
  for (const output of outputs) {
    if (!output.summary) continue;
    const file = `dist/${output.path}`;
    const { islands, externalScript } = output.summary;
    for (const island of islands) {
      if (!scripts.widgets[island.name])
        errors.push(
          new BuildError('UnknownWidget', `the page has an island "${island.name}" that was not bundled`, { file }),
        );
    }
    if (externalScript)
      errors.push(
        new BuildError('ExternalScript', `the page loads a script from another site: ${externalScript}`, { file }),
      );
    if (!output.route) continue;
    const combination = islands.map((island) => `${island.name} ${island.load}`).join('\n');
    let weight = weighed.get(combination);
    if (!weight) weighed.set(combination, (weight = weighScripts(islands, scripts)));
    weights.set(output.path, weight);
    const limit = output.route.template === 'home' ? budgets.home : budgets.page;
    const culprit = weight.steps.find((step) => step.total > limit);
    if (culprit) {
      overBudget.push(
        new BuildError(
          'OverBudget',
          `${kilobytes(weight.initial)} of JavaScript (gzip) is over the page's ${kilobytes(limit)} budget; island "${culprit.island}" pushed it over`,
          { file },
        ),
      );
    }
  }
  return { errors, overBudget, weights };
}

function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
