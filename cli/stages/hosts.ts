import { BuildError, throwIfAny } from '../errors.ts';
import { htaccessFile } from '../hosts/apache.ts';
import { headersFile, redirectsFile } from '../hosts/netlify-cloudflare.ts';
import { nginxFile } from '../hosts/nginx.ts';
import { contentSecurityPolicy, headerRules, inlineScriptHashes } from '../hosts/policy.ts';
import { notFoundPages, redirectLines } from '../hosts/rules.ts';
import { vercelFile } from '../hosts/vercel.ts';
import type { Locale, Output, Redirect, Settings } from '../types.ts';

/** Cloudflare Pages' limits on `_redirects`: rules with an exact path, and rules with a splat. */
const CLOUDFLARE_LIMITS = { static: 2000, dynamic: 100 };

/**
 * The host configurations, from the one redirect table and the finished pages (docs/behaviour.md#static-hosts):
 * `_redirects` and `_headers` (Netlify, Cloudflare Pages), `vercel.json`, an nginx server block
 * and an Apache `.htaccess`, all with the same redirects and a Content-Security-Policy whose
 * script hashes come from the real output. Pure.
 */
export function buildHostConfigs(
  pages: readonly Output[],
  redirects: readonly Redirect[],
  settings: Settings,
  languages: readonly Locale[],
): Output[] {
  const lines = redirectLines(redirects);
  const notFound = notFoundPages(languages);
  const redirectsText = redirectsFile(lines, notFound);
  const rules = redirectsText.split('\n').filter((line) => line.startsWith('/'));
  const dynamic = rules.filter((line) => line.includes('*')).length;
  const problems = [
    ...(rules.length - dynamic > CLOUDFLARE_LIMITS.static
      ? [
          `${rules.length - dynamic} exact redirects are more than Cloudflare Pages accepts (${CLOUDFLARE_LIMITS.static})`,
        ]
      : []),
    ...(dynamic > CLOUDFLARE_LIMITS.dynamic
      ? [`${dynamic} redirects with a splat are more than Cloudflare Pages accepts (${CLOUDFLARE_LIMITS.dynamic})`]
      : []),
  ];
  throwIfAny(problems.map((message) => new BuildError('InvalidRedirect', message, { file: 'content/redirects.yaml' })));
  const csp = contentSecurityPolicy(settings, inlineScriptHashes(pages));
  const headers = headerRules(csp);
  return [
    { path: '_redirects', contents: redirectsText },
    { path: '_headers', contents: headersFile(headers) },
    { path: 'vercel.json', contents: vercelFile(lines, headers) },
    { path: 'nginx.conf', contents: nginxFile(lines, headers, notFound) },
    { path: '.htaccess', contents: htaccessFile(lines, headers, notFound) },
  ];
}
