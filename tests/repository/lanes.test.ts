import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.ts';

const lanes = JSON.parse(await readFile(join(ROOT, 'tests/lanes.json'), 'utf8')) as { quick: string[] };
const testFiles = (await readdir(join(ROOT, 'tests'), { recursive: true }))
  .map((file) => `tests/${file}`)
  .filter((file) => /\.test\.tsx?$/.test(file))
  .sort();
const isQuick = (file: string) => lanes.quick.some((entry) => file.startsWith(entry));

/**
 * What makes a file too slow or too heavy for the inner loop: a browser, a server, a host's own
 * server, or a command that serves the site. The quick lane promises none of them.
 */
const STARTS_SOMETHING = [
  /from '[./]*helpers\/(browser|server|host-servers|nginx|apache|ports)\.ts'/,
  /from 'playwright-core'/,
  /serveBuiltSite|launchChromium/,
  /runCli\(\s*\[\s*'(dev|preview|check)'/,
];

describe('the two lanes of the suite', () => {
  it('lists only test files that exist in the quick lane', () => {
    for (const entry of lanes.quick)
      expect(
        testFiles.some((file) => file.startsWith(entry)),
        entry,
      ).toBe(true);
  });

  it('keeps every server, browser and host tool out of the quick lane', async () => {
    const found: string[] = [];
    // This file names what it looks for, so it is not read.
    for (const file of testFiles.filter((file) => isQuick(file) && file !== 'tests/repository/lanes.test.ts')) {
      const source = await readFile(join(ROOT, file), 'utf8');
      for (const pattern of STARTS_SOMETHING) if (pattern.test(source)) found.push(`${file}: ${pattern}`);
    }
    expect(found).toEqual([]);
  });

  it('names every test file under its lane in tests/README.md, so a reader knows what each lane runs', async () => {
    const readme = await readFile(join(ROOT, 'tests/README.md'), 'utf8');
    const section = (heading: string) => readme.split(/^## /m).find((part) => part.startsWith(heading)) ?? '';
    const quick = section('Quick lane');
    const full = section('Full lane only');
    for (const file of testFiles) {
      const name = file.replace(/^tests\//, '');
      expect(
        isQuick(file) ? quick : full,
        `${name} under "${isQuick(file) ? 'Quick lane' : 'Full lane only'}"`,
      ).toContain(`\`${name}\``);
    }
  });

  it('runs the full lane as npm test, and the quick lane as npm run test:quick', async () => {
    const { scripts } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.test).toBe('node tests/run-lane.js full');
    expect(scripts['test:quick']).toBe('node tests/run-lane.js quick');
  });
});
