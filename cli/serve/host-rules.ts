import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { VercelRoute } from '../hosts/vercel.ts';

/**
 * The route table of the folder `root` (its `vercel.json`, which holds every redirect, header
 * and 404 rule the hosts share), read again whenever the file changes: a rebuild rewrites it
 * while the server runs. A folder without one has no rules.
 */
export function createHostRules(root: string): () => readonly VercelRoute[] {
  const file = join(root, 'vercel.json');
  let known: { key: string; routes: readonly VercelRoute[] } | undefined;
  return () => {
    const stats = statSync(file, { throwIfNoEntry: false });
    const key = `${stats?.ino}:${stats?.size}:${stats?.mtimeMs}`;
    if (known?.key !== key) known = { key, routes: readRoutes(file) };
    return known.routes;
  };
}

function readRoutes(file: string): readonly VercelRoute[] {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { routes?: VercelRoute[] }).routes ?? [];
  } catch {
    return [];
  }
}
