import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { VercelRoute } from '../../cli/hosts/vercel.ts';
import { serveBuiltSite } from '../../cli/serve/static-server.ts';

/**
 * An in-memory build served on 127.0.0.1 by the generator's own static server (the one
 * `preview` runs), from a temporary folder, as a host that sends the site's headers but no
 * redirects (the redirect routes of `vercel.json` are left out): old addresses are answered by
 * their redirect pages, so browser tests exercise the stubs' scripts, under the site's
 * Content-Security-Policy.
 */
export async function serveSite(
  files: ReadonlyMap<string, string | Buffer>,
): Promise<{ url: string; close: () => Promise<void> }> {
  const folder = await mkdtemp(join(tmpdir(), 'sitegen-served-'));
  for (const [path, contents] of files) {
    await mkdir(dirname(join(folder, path)), { recursive: true });
    await writeFile(join(folder, path), path === 'vercel.json' ? withoutRedirects(String(contents)) : contents);
  }
  const server = await serveBuiltSite(folder);
  return {
    url: server.url,
    close: async () => {
      await server.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

function withoutRedirects(vercelJson: string): string {
  const { routes } = JSON.parse(vercelJson) as { routes: VercelRoute[] };
  return JSON.stringify({ routes: routes.filter((route) => route.headers?.Location === undefined) });
}
