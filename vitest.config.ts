import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    // Every scratch project builds the same pages: one cache of their compressed copies, as a CI
    // cache would share it, instead of Brotli at its highest quality again in each project.
    env: {
      SITEGEN_COMPRESS_CACHE: resolve(import.meta.dirname, '.cache/sitegen-tests/compressed'),
      SITEGEN_CHECK_CACHE: resolve(import.meta.dirname, '.cache/sitegen-tests/check'),
    },
    // Two files at a time: most of their time is spent waiting on browsers, servers and builds in
    // child processes, so two share this 2-core machine well (the suite in 12 minutes, not 16).
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Browser tests wait for things that happen after delays of the spec (1 s banner, 500 ms page view).
    expect: { poll: { timeout: 5_000, interval: 50 } },
  },
});
