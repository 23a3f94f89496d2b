import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.ts';
import { laneEnvironment, laneSteps } from '../lane-plan.js';

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

  it('names in tests/README.md\'s "changed this → run that" table only test files, folders and scripts there are', async () => {
    const readme = await readFile(join(ROOT, 'tests/README.md'), 'utf8');
    const table = readme.split(/^## /m).find((part) => part.startsWith('Changed this → run that')) ?? '';
    const { scripts } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const commands = [...table.matchAll(/`((?:npx vitest run|npm run) [^`]+)`/g)].map((match) => match[1]!);
    expect(commands.length).toBeGreaterThan(10);
    const missing: string[] = [];
    for (const command of commands) {
      const [, script] = /^npm run (\S+)/.exec(command) ?? [];
      if (script !== undefined && !(script in scripts)) missing.push(command);
      for (const path of command.split(' ').filter((word) => word.startsWith('tests/') && !word.includes('<')))
        if (!testFiles.some((file) => file === path || (path.endsWith('/') && file.startsWith(path))))
          missing.push(`${command}: ${path}`);
    }
    expect(missing).toEqual([]);
  });

  it('runs the full lane as npm test, and the quick lane as npm run test:quick', async () => {
    const { scripts } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.test).toBe('node tests/run-lane.js full');
    expect(scripts['test:quick']).toBe('node tests/run-lane.js quick');
  });

  it('checks the import rules of the quick lane, cache included, outside a git checkout, as in a release tarball', async () => {
    const [, , command, args] = laneSteps(ROOT, 'quick').find(([name]) => name === 'import rules')!;
    // A project of one module a folder, with the repository's rules, in a folder git finds no checkout above.
    const project = await mkdtemp(join(tmpdir(), 'sitegen-nogit-'));
    try {
      for (const file of ['.dependency-cruiser.cjs', 'tsconfig.json', 'package.json'])
        await copyFile(join(ROOT, file), join(project, file));
      for (const folder of args.slice(0, args.indexOf('--config'))) {
        await mkdir(join(project, folder));
        await writeFile(join(project, folder, 'index.ts'), 'export const one = 1;\n');
      }
      const env = { ...laneEnvironment(ROOT, process.env, false), GIT_CEILING_DIRECTORIES: dirname(project) };
      const result = await new Promise<{ code: number; output: string }>((done) =>
        execFile(command, args, { cwd: project, env }, (error, stdout, stderr) =>
          done({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
        ),
      );
      expect(result.code, result.output).toBe(0);
    } finally {
      await rm(project, { recursive: true, force: true });
    }
  });

  it('runs its tools without colour when its output is not a terminal, with it on one, and keeps a FORCE_COLOR', () => {
    const env = { PATH: '/usr/bin' };
    expect(laneEnvironment(ROOT, env, false)).toMatchObject({ NO_COLOR: '1' });
    expect(laneEnvironment(ROOT, env, true)).not.toHaveProperty('NO_COLOR');
    expect(laneEnvironment(ROOT, { ...env, FORCE_COLOR: '1' }, false)).not.toHaveProperty('NO_COLOR');
    // The project's own tools come first, whatever the output.
    expect(laneEnvironment(ROOT, env, false).PATH).toBe(`${join(ROOT, 'node_modules/.bin')}${delimiter}/usr/bin`);
  });
});
