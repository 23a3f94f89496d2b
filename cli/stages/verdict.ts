import { scriptBudgetOf, kilobytes } from '../lib/budgets.ts';
import { BuildError, throwIfAny } from '../errors.ts';
import { brokenLinkProblems } from '../lib/links.ts';
import { findOrphanPages } from '../lib/orphan-pages.ts';
import { weighScripts, type ScriptWeight } from '../lib/scripts.ts';
import type { Locale, Output, ScriptManifest } from '../types.ts';

/** What checking the finished site found: problems, budget overruns (warnings unless --strict), script weights. */
export interface SiteCheck {
  readonly errors: readonly BuildError[];
  readonly overBudget: readonly BuildError[];
  /** Each page's JavaScript, gzip bytes, by output path. */
  readonly weights: ReadonlyMap<string, ScriptWeight>;
}

/** What the build prints of the finished site: the warnings, and each page's JavaScript (gzip bytes) by output path. */
export interface Verdict {
  readonly warnings: readonly BuildError[];
  readonly weights: ReadonlyMap<string, ScriptWeight>;
}

/**
 * The build's verdict on the finished site, before it replaces the last one: fails with every
 * error `checkSite` finds; and under `--strict`, with every warning too: the ones earlier stages
 * found (`earlier`: fallbacks to the default language, unknown translation keys), scripts over
 * their budget, and pages no other page links to.
 */
export function judgeSite(
  outputs: readonly Output[],
  scripts: ScriptManifest,
  languages: readonly Locale[],
  { earlier, isStrict }: { readonly earlier: readonly BuildError[]; readonly isStrict: boolean },
): Verdict {
  const { errors, overBudget, weights } = checkSite(outputs, scripts, languages);
  throwIfAny(errors);
  const warnings = [...earlier, ...overBudget, ...findOrphanPages(outputs)];
  if (isStrict)
    throwIfAny(warnings.map((warning) => new BuildError(warning.code, `${warning.message} (--strict)`, warning)));
  return { warnings, weights };
}

/**
 * Checks the finished site before it replaces the last one: no two files share a path, every
 * link of every page leads where it should (lib/links.ts), every island has a bundle, no page loads a third-party
 * script, and each page's scripts fit its budget (lib/budgets.ts). Pure.
 */
export function checkSite(
  outputs: readonly Output[],
  scripts: ScriptManifest,
  languages: readonly Locale[],
): SiteCheck {
  const errors = brokenLinkProblems(outputs, languages);
  const seen = new Set<string>();
  for (const { path } of outputs) {
    if (seen.has(path)) {
      const hint =
        'A file of public/ has the name of a file the build makes (robots.txt, sitemap.xml, a host file, a page); rename or remove it.';
      errors.push(
        new BuildError('DuplicateRoute', `two files of the site would be written to ${path}`, {
          file: `dist/${path}`,
          hint,
        }),
      );
    }
    seen.add(path);
  }
  const overBudget: BuildError[] = [];
  const weights = new Map<string, ScriptWeight>();
  // Pages of one template place the same islands: each combination is weighed once.
  const weighed = new Map<string, ScriptWeight>();
  for (const output of outputs) {
    if (!output.summary) continue;
    const file = `dist/${output.path}`;
    const { islands, externalScript } = output.summary;
    for (const island of islands.filter((candidate) => !scripts.widgets[candidate.name])) {
      errors.push(
        new BuildError('UnknownWidget', `the page has an island "${island.name}" that was not bundled`, { file }),
      );
    }
    if (externalScript) {
      errors.push(
        new BuildError('ExternalScript', `the page loads a script from another site: ${externalScript}`, { file }),
      );
    }
    if (!output.route) continue;
    const combination = islands.map((island) => `${island.name} ${island.load}`).join('\n');
    let weight = weighed.get(combination);
    if (!weight) weighed.set(combination, (weight = weighScripts(islands, scripts)));
    weights.set(output.path, weight);
    const limit = scriptBudgetOf(output.route.url);
    const culprit = weight.steps.find((step) => step.total > limit);
    if (culprit) {
      const message = `${kilobytes(weight.initial)} of JavaScript (gzip) is over the page's ${kilobytes(limit)} budget; island "${culprit.island}" pushed it over`;
      overBudget.push(new BuildError('OverBudget', message, { file }));
    }
  }
  return { errors, overBudget, weights };
}
