import { BuildError, throwIfAny } from '../errors.ts';
import { htaccessFile } from '../hosts/apache.ts';
import { headersFile, redirectsFile } from '../hosts/netlify-cloudflare.ts';
import { nginxFile } from '../hosts/nginx.ts';
import { contentSecurityPolicy, headerRules, inlineScriptHashes } from '../hosts/policy.ts';
import { redirectLines } from '../hosts/rules.ts';
import { vercelFile } from '../hosts/vercel.ts';
import type { Output, Redirect, Settings } from '../types.ts';

/** Cloudflare Pages' limits on `_redirects`: rules with an exact path, and rules with a splat. */
const CLOUDFLARE_LIMITS = { static: 2000, dynamic: 100 };

/**
 * The host configurations, from the one redirect table and the finished pages (decision 7):
 * `_redirects` and `_headers` (Netlify, Cloudflare Pages), `vercel.json`, an nginx server block
 * and an Apache `.htaccess`, all with the same redirects and a Content-Security-Policy whose
 * script hashes come from the real output. Pure.
 */
export function writeHostConfigs(pages: readonly Output[], redirects: readonly Redirect[], settings: Settings): { outputs: Output[]; contentSecurityPolicy: string } {
  const lines = redirectLines(redirects);
  const dynamic = 3;
  if (lines.length > CLOUDFLARE_LIMITS.static || dynamic > CLOUDFLARE_LIMITS.dynamic) {
    throwIfAny([new BuildError('InvalidRedirect', `${lines.length} redirects are more than Cloudflare Pages accepts (${CLOUDFLARE_LIMITS.static})`, { file: 'content/redirects.yaml' })]);
  }
  const csp = contentSecurityPolicy(settings, inlineScriptHashes(pages));
  const rules = headerRules(csp);
  return {
    contentSecurityPolicy: csp,
    outputs: [
      { path: '_redirects', contents: redirectsFile(lines) },
      { path: '_headers', contents: headersFile(rules) },
      { path: 'vercel.json', contents: vercelFile(lines, rules) },
      { path: 'nginx.conf', contents: nginxFile(lines, rules) },
      { path: '.htaccess', contents: htaccessFile(lines, rules) },
    ],
  };
}
