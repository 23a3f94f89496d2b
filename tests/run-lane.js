#!/usr/bin/env node
// The suite's two lanes (tests/README.md). `full` is `npm test`, what CI runs: the machine check,
// every static check without a cache that could hide a finding, and every test file. `quick` is
// the inner loop (`npm run test:quick`): the static checks with their caches, and the test files
// listed in tests/lanes.json, which start no server, browser or host tool. Each step says what it
// runs before it starts and how long it took; the first failure ends the run with its exit code.
// Arguments after the lane go to vitest: `npm test -- --reporter=json …`.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [lane, ...vitestArgs] = process.argv.slice(2);
if (lane !== 'full' && lane !== 'quick') {
  console.error('Usage: node tests/run-lane.js full|quick [vitest arguments]');
  process.exit(2);
}
const isQuick = lane === 'quick';

const testFiles = readdirSync(join(root, 'tests'), { recursive: true })
  .map((file) => `tests/${String(file).replaceAll('\\', '/')}`)
  .filter((file) => /\.test\.tsx?$/.test(file))
  .sort();
/** @type {string[]} */
const quickLane = JSON.parse(readFileSync(join(root, 'tests/lanes.json'), 'utf8')).quick;
const quickFiles = testFiles.filter((file) => quickLane.some((entry) => file.startsWith(entry)));

// Caches live in .cache/, which CI keeps between runs. Prettier's and tsc's are exact (keyed by
// contents, and by every file a type depends on); ESLint's and dependency-cruiser's key a file by
// itself, so a type or import changed elsewhere could leave a finding unseen: quick lane only.
const steps = [
  ...(isQuick
    ? []
    : [['machine', 'Node, Chromium, nginx, Apache and the host tools', 'node', ['cli/bin.js', 'doctor', '--tests']]]),
  [
    'formatter',
    'prettier --check, cached',
    'prettier',
    ['--check', '--cache', '--cache-location', '.cache/prettier/cache.json', '--log-level', 'warn', '.'],
  ],
  isQuick
    ? [
        'linter',
        'eslint, cached',
        'eslint',
        ['--cache', '--cache-location', '.cache/eslint/', '--cache-strategy', 'content', '.'],
      ]
    : ['linter', 'eslint with type-aware rules, every file', 'eslint', ['.']],
  [
    'import rules',
    `dependency-cruiser${isQuick ? ', cached' : ''}`,
    'depcruise',
    [
      'cli',
      'templates',
      'widgets',
      'tests',
      'bench',
      'review',
      '--config',
      '.dependency-cruiser.cjs',
      ...(isQuick ? ['--cache', '.cache/depcruise'] : []),
    ],
  ],
  [
    'types',
    'tsc --noEmit, incremental',
    'tsc',
    ['--noEmit', '--incremental', '--tsBuildInfoFile', '.cache/tsc/tsbuildinfo'],
  ],
  [
    'tests',
    isQuick
      ? `vitest: ${quickFiles.length} of ${testFiles.length} files (tests/lanes.json); the other ${testFiles.length - quickFiles.length} start servers, browsers or host tools, or walk seeded sequences: npm test`
      : `vitest: all ${testFiles.length} files`,
    'vitest',
    ['run', ...(isQuick ? quickLane : []), ...vitestArgs],
  ],
];

const env = { ...process.env, PATH: `${join(root, 'node_modules/.bin')}${delimiter}${process.env.PATH ?? ''}` };
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const started = performance.now();
const times = [];
for (const [name, what, command, args] of steps) {
  console.log(`\n▶ ${name}: ${what}`);
  const since = performance.now();
  const code = await new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
  times.push(`${name} ${seconds(since)}`);
  if (code !== 0) {
    console.error(`\n✗ ${name} failed (exit ${code}) after ${seconds(started)}; ${times.join(', ')}`);
    process.exit(code);
  }
}
console.log(`\n✓ the ${lane} lane passed in ${seconds(started)}: ${times.join(', ')}`);
