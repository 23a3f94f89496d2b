import { BuildError } from '../errors.ts';
import type { OutputRecord } from '../types.ts';

const PAGE_PREFIX = /^\/(ca|es|en)\//;

/**
 * Checks the finished site before it replaces the last one: every internal link and source on
 * a page leads to a file of the site, pages link to pages (never to a redirect stub), carry a
 * language prefix (decision 2), and point at fragments that exist. `isToCheck` picks the pages
 * whose links are checked (by default all); every file still counts as a target.
 */
export function checkOutputs(
  outputs: readonly OutputRecord[],
  isToCheck: (output: OutputRecord) => boolean = () => true,
): BuildError[] {
  const byPath = new Map(outputs.map((output) => [output.path, output]));
  const idsByPath = new Map<string, Set<string>>();
  const idsOf = (output: OutputRecord) => {
    let ids = idsByPath.get(output.path);
    if (!ids) idsByPath.set(output.path, (ids = new Set(output.summary?.ids)));
    return ids;
  };
  // Menus and footers repeat the same links on every page: each is judged once.
  const verdicts = new Map<string, string | undefined>();
  const judge = (url: string): string | undefined => {
    const [pathPart = '', fragment] = url.split('#');
    const path = pathPart.split('?')[0]!;
    const target = byPath.get(path.slice(1)) ?? byPath.get(`${path.slice(1)}index.html`);
    if (!target) return `the link ${url} leads to no file of the site`;
    if (path.endsWith('/') && !target.route) return `the link ${url} leads to a redirect, not to the page itself`;
    if (target.route && !PAGE_PREFIX.test(path)) return `the link ${url} has no language prefix`;
    if (fragment && target.route && !idsOf(target).has(fragment))
      return `the link ${url} points at no element of ${path}`;
    return undefined;
  };
  const problems: BuildError[] = [];
  for (const output of outputs.filter((candidate) => candidate.route && isToCheck(candidate))) {
    const file = `dist/${output.path}`;
    const report = (message: string) =>
      problems.push(
        new BuildError('BrokenLink', message, {
          file,
          hint: `The link is in ${output.route!.entry?.file ?? "the page's data"} or in the "${output.route!.template}" template.`,
        }),
      );
    for (const url of output.summary?.links ?? []) {
      if (!url.startsWith('/') || url.startsWith('//')) {
        if (url.startsWith('#') && !idsOf(output).has(url.slice(1)) && url !== '#')
          report(`the link ${url} points at no element of this page`);
        continue;
      }
      let verdict = verdicts.get(url);
      if (verdict === undefined && !verdicts.has(url)) verdicts.set(url, (verdict = judge(url)));
      if (verdict) report(verdict);
    }
  }
  return problems;
}
