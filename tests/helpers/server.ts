import { filesInMemory, serveSite as serveWithHostRules } from '../../cli/serve/static-server.ts';

/**
 * The in-memory build served on 127.0.0.1 by the generator's own static server, as a host that
 * reads `_headers` but not `_redirects`: old addresses are answered by their redirect pages, so
 * browser tests exercise the stubs' scripts, under the site's Content-Security-Policy.
 */
export async function serveSite(
  files: ReadonlyMap<string, string | Buffer>,
): Promise<{ url: string; close: () => Promise<void> }> {
  const withoutRedirectRules = new Map([...files].filter(([path]) => path !== '_redirects'));
  const { url, close } = await serveWithHostRules(filesInMemory(withoutRedirectRules));
  return { url, close };
}
