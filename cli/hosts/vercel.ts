import type { HeaderRule } from './policy.ts';
import type { RedirectLine } from './rules.ts';

/**
 * `vercel.json` (deploy `dist/` as the project): redirects with their status written out,
 * because Vercel's `permanent` means 308, and headers by path.
 */
export function vercelFile(lines: readonly RedirectLine[], rules: readonly HeaderRule[]): string {
  const headers = (selected: readonly HeaderRule[]) => selected.map((rule) => ({ key: rule.name, value: rule.value }));
  const config = {
    redirects: lines.map((line) => ({ source: line.from, destination: line.to, statusCode: line.status })),
    headers: [
      { source: '/(.*)', headers: headers(rules.filter((rule) => rule.path === '/*' || rule.path === 'html')) },
      { source: '/assets/(.*)', headers: headers(rules.filter((rule) => rule.path === '/assets/*')) },
      { source: '/images/(.*)', headers: headers(rules.filter((rule) => rule.path === 'other')) },
    ],
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}
