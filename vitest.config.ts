import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Browser tests wait for things that happen after delays of the spec (1 s banner, 500 ms page view).
    expect: { poll: { timeout: 5_000, interval: 50 } },
  },
});
