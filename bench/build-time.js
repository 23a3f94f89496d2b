#!/usr/bin/env node
// Times full builds of the real site from the command line, as a maintainer runs them, and
// prints the median wall time. A report, not a test: figures vary with the machine's load.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.argv[2] ?? 7);
const out = mkdtempSync(join(tmpdir(), 'sitegen-bench-'));
const times = [];
try {
  // One warm-up build fills the CLI bundle and stylesheet caches, as any second build finds them.
  for (let run = 0; run <= runs; run++) {
    const start = performance.now();
    const result = spawnSync(process.execPath, [join(root, 'cli/bin.js'), 'build', '--quiet', '--out', out], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error(`build failed with exit code ${result.status}`);
    if (run > 0) times.push(performance.now() - start);
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(
  `full build, ${runs} runs: median ${Math.round(median)} ms (min ${Math.round(times[0])}, max ${Math.round(times.at(-1))})`,
);
