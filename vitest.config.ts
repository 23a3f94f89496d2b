import { resolve } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The files that take minutes, longest first: started before the rest, so no worker is left with
 * one of them at the end while the others idle. A clean checkout has no record of durations, and
 * vitest would order by file size.
 */
const SLOWEST_FIRST = [
  'tests/cli/mutations.test.ts',
  'tests/cli/check.test.ts',
  'tests/browser/axe.test.ts',
  'tests/browser/pages-everywhere.test.ts',
  'tests/cli/incremental.test.ts',
];

class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = SLOWEST_FIRST.findIndex((slow) => file.moduleId.endsWith(slow));
      return index < 0 ? SLOWEST_FIRST.length : index;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    // Every scratch project builds the same pages: one cache of their compressed copies, as a CI
    // cache would share it, instead of Brotli at its highest quality again in each project.
    env: {
      SITEGEN_COMPRESS_CACHE: resolve(import.meta.dirname, '.cache/sitegen-tests/compressed'),
      SITEGEN_CHECK_CACHE: resolve(import.meta.dirname, '.cache/sitegen-tests/check'),
    },
    // Three files at a time: most of their time is spent waiting on browsers, servers and builds
    // in child processes. With two, a clean run kept the machine's two cores 69% busy and took
    // 15m04s; with three, 14m28s.
    maxWorkers: 3,
    sequence: { sequencer: SlowestFirst },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Browser tests wait for things that happen after delays of the spec (1 s banner, 500 ms page view).
    expect: { poll: { timeout: 5_000, interval: 50 } },
  },
});
