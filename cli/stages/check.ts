import { BuildError } from '../errors.ts';
import type { Output } from '../types.ts';

const LINK_ATTRIBUTE = /\s(?:href|src)="([^"]*)"/g;
const ID_ATTRIBUTE = /\sid="([^"]+)"/g;
const PAGE_PREFIX = /^\/(ca|es|en)\//;

/**
 * Checks the finished site before anything is written: every internal link and source on a
 * page leads to a file of the site, pages link to pages (never to a redirect stub), carry a
 * language prefix (decision 2), and point at fragments that exist.
 */
export function checkOutputs(outputs: readonly Output[]): BuildError[] {
  const byPath = new Map(outputs.map((output) => [output.path, output]));
  const idsByPath = new Map<string, Set<string>>();
  const idsOf = (output: Output) => {
    let ids = idsByPath.get(output.path);
    if (!ids) idsByPath.set(output.path, (ids = new Set([...String(output.contents).matchAll(ID_ATTRIBUTE)].map((match) => match[1]!))));
    return ids;
  };
  const problems: BuildError[] = [];
  for (const output of outputs.filter((candidate) => candidate.route)) {
    const file = `dist/${output.path}`;
    const report = (message: string) => problems.push(new BuildError('BrokenLink', message, { file, hint: `The link is in ${output.route!.entry?.file ?? 'the page\'s data'} or in the "${output.route!.template}" template.` }));
    for (const [, raw] of String(output.contents).matchAll(LINK_ATTRIBUTE)) {
      const url = decodeEntities(raw!);
      if (!url.startsWith('/') || url.startsWith('//')) {
        if (url.startsWith('#') && !idsOf(output).has(url.slice(1)) && url !== '#') report(`the link ${url} points at no element of this page`);
        continue;
      }
      const [pathPart = '', fragment] = url.split('#');
      const path = pathPart.split('?')[0]!;
      const target = byPath.get(path.slice(1)) ?? byPath.get(`${path.slice(1)}index.html`);
      if (!target) report(`the link ${url} leads to no file of the site`);
      else if (path.endsWith('/') && !target.route) report(`the link ${url} leads to a redirect, not to the page itself`);
      else if (target.route && !PAGE_PREFIX.test(path)) report(`the link ${url} has no language prefix`);
      else if (fragment && target.route && !idsOf(target).has(fragment)) report(`the link ${url} points at no element of ${path}`);
    }
  }
  return problems;
}

function decodeEntities(value: string): string {
  return value.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}
