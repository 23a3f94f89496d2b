// Runs a command and reports its wall time and peak memory, as the benchmarks print them.
// Peak memory is the largest resident set of the command or any process it waited for
// (GNU time's %M, from wait4), so a generator's worker threads and child processes count.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const GNU_TIME = '/usr/bin/time';

/** Runs `command args` in `cwd`; throws with its output when it fails. Returns { ms, peakMB }. */
export function measure(command, args, { cwd, env = process.env } = {}) {
  if (!existsSync(GNU_TIME)) throw new Error(`${GNU_TIME} is missing: install it with \`apt-get install -y time\``);
  const scratch = mkdtempSync(join(tmpdir(), 'bench-time-'));
  const report = join(scratch, 'time.txt');
  try {
    const start = performance.now();
    const result = spawnSync(GNU_TIME, ['-f', '%M', '-o', report, command, ...args], {
      cwd,
      env,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    const ms = performance.now() - start;
    if (result.status !== 0)
      throw new Error(
        `${command} ${args.join(' ')} failed (exit ${result.status}):\n${(result.stderr || result.stdout).slice(-3000)}`,
      );
    const peakKB = Number(readFileSync(report, 'utf8').trim().split('\n').at(-1));
    return { ms, peakMB: peakKB / 1024 };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The median of a list of numbers. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Runs `once` `runs` times and returns the run with the median wall time, plus the highest peak. */
export function medianOf(runs, once) {
  const results = Array.from({ length: runs }, () => once());
  const ms = median(results.map((result) => result.ms));
  return { ms, peakMB: Math.max(...results.map((result) => result.peakMB)), runs };
}

export const formatSeconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
export const formatMB = (mb) => `${Math.round(mb)} MB`;
