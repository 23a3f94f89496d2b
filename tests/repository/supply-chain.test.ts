import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { licenceList } from '../../cli/commands/licences.ts';
import { ROOT } from '../helpers/cli.ts';

const lock = JSON.parse(await readFile(join(ROOT, 'package-lock.json'), 'utf8')) as {
  lockfileVersion: number;
  packages: Record<
    string,
    {
      version?: string;
      resolved?: string;
      integrity?: string;
      license?: string;
      dev?: boolean;
      devOptional?: boolean;
      link?: boolean;
      hasInstallScript?: boolean;
    }
  >;
};
const manifest = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  allowScripts?: Record<string, boolean>;
};

/**
 * Licences that let the generator be used, changed and shared as this repository does; the
 * copyleft ones (LGPL, CC BY-SA) only for binaries and word lists used as they are (libvips, the
 * spelling gate's dictionaries), the SIL Open Font Licence for fonts the site serves unchanged, and
 * the file-level copyleft MPL-2.0 for axe-core, which `check` injects unchanged into Chromium and
 * which no page of the site ever ships.
 */
const ACCEPTED =
  /^(MIT|ISC|0BSD|BSD-2-Clause|BSD-3-Clause|Apache-2\.0|CC0-1\.0|CC-BY-4\.0|CC BY-SA 4\.0|BlueOak-1\.0\.0|Python-2\.0|LGPL-3\.0|LGPL-3\.0-or-later|MPL-2\.0|OFL-1\.1|WTFPL|Zlib)$/;

describe('supply chain', () => {
  it('pins every package in the lockfile: an exact version and an integrity hash, from the npm registry', () => {
    expect(lock.lockfileVersion).toBe(3);
    const installed = Object.entries(lock.packages).filter(([path, entry]) => path !== '' && !entry.link);
    expect(installed.length).toBeGreaterThan(100);
    for (const [path, entry] of installed) {
      expect(entry.version, path).toMatch(/^\d+\.\d+\.\d+/);
      // npm leaves out the address of a package from the default registry; any other must be it.
      if (entry.resolved !== undefined) expect(entry.resolved, path).toMatch(/^https:\/\/registry\.npmjs\.org\//);
      expect(entry.integrity, path).toMatch(/^sha512-/);
    }
    for (const name of Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }))
      expect(lock.packages[`node_modules/${name}`], name).toBeDefined();
  });

  it('says of every package with an install script whether npm may run it, so npm ci has nothing to warn about', () => {
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(withScripts.length).toBeGreaterThan(0);
    for (const name of withScripts) expect(manifest.allowScripts ?? {}, name).toHaveProperty([name]);
  });

  it('installs with npm ci in CI, so the lockfile is what runs', async () => {
    expect(await readFile(join(ROOT, '.ci/run'), 'utf8')).toMatch(/^\s*npm ci\b/m);
  });

  it('runs only on packages whose licences are accepted', () => {
    for (const [path, entry] of Object.entries(lock.packages)) {
      if (path === '' || entry.dev || entry.devOptional) continue;
      for (const licence of (entry.license ?? 'none').replace(/[()]/g, '').split(/ (?:AND|OR) /))
        expect(licence, path).toMatch(ACCEPTED);
    }
  });

  it('lists those licences in the README, as the lockfile has them now', async () => {
    const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(await licenceList(ROOT));
  });
});
