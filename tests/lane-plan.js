// What a lane of the suite runs (tests/README.md): its steps in order, and the environment they
// run in. `run-lane.js` runs the plan; `repository/lanes.test.ts` reads it without running it.
import { readdirSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * The steps of `lane` ('full' or 'quick'), each `[name, what it runs, command, arguments]`, for
 * the project at `root`; `vitestArgs` go to the test step.
 */
export function laneSteps(root, lane, vitestArgs = []) {
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
  // Both tell a changed file by its contents; dependency-cruiser's default asks git instead, and
  // stops outside a checkout, as in a release tarball.
  return [
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
        ...(isQuick ? ['--cache', '.cache/depcruise', '--cache-strategy', 'content'] : []),
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
}

/**
 * The environment of every step: `env` with the project's own tools first on the PATH. When the
 * lane's output is not a terminal (`isTerminal` false: a pipe, a file, CI's log), NO_COLOR too,
 * so no tool writes colour codes into it: vitest colours any output, a pipe included, unless told
 * not to. A FORCE_COLOR someone set is theirs to keep, and wins.
 */
export function laneEnvironment(root, env, isTerminal) {
  return {
    ...env,
    PATH: `${join(root, 'node_modules/.bin')}${delimiter}${env.PATH ?? ''}`,
    ...(isTerminal || 'FORCE_COLOR' in env ? {} : { NO_COLOR: '1' }),
  };
}
