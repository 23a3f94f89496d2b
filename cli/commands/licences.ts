import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A package of the lockfile as npm writes it (lockfileVersion 3). */
interface LockedPackage {
  readonly version?: string;
  readonly license?: string;
  readonly dev?: boolean;
  readonly devOptional?: boolean;
  readonly optional?: boolean;
}

/**
 * The licences of every package the generator needs to run (the lockfile's non-development
 * packages, platform binaries included), as the markdown list the README carries: one line per
 * licence, its packages by name. Read from the lockfile, so it lists exactly what `npm ci` installs.
 */
export async function licenceList(packageRoot: string): Promise<string> {
  const lock = JSON.parse(await readFile(join(packageRoot, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockedPackage>;
  };
  const byLicence = new Map<string, Set<string>>();
  for (const [path, locked] of Object.entries(lock.packages)) {
    if (path === '' || locked.dev || locked.devOptional) continue;
    const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    const licence = locked.license ?? 'no licence declared';
    if (!byLicence.has(licence)) byLicence.set(licence, new Set());
    byLicence.get(licence)!.add(name);
  }
  const total = new Set([...byLicence.values()].flatMap((names) => [...names])).size;
  const lines = [...byLicence]
    .sort(([a, first], [b, second]) => second.size - first.size || (a < b ? -1 : 1))
    .map(([licence, names]) => `- **${licence}** (${names.size}): ${[...names].sort().join(', ')}`);
  return [`${total} packages, from \`package-lock.json\` (\`npm run licences\` prints this list):`, '', ...lines].join(
    '\n',
  );
}
