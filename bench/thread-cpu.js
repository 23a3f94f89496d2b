#!/usr/bin/env node
// The CPU each thread of a command spent, as Linux accounts it (/proc/<pid>/task/<tid>/stat):
// the main thread, the threads started with the process (V8's platform threads, which compile
// optimised code and help the garbage collector, and libuv's), and those started later (worker
// threads: a build's render threads). A CPU profile (--cpu-prof) samples a thread's own
// JavaScript only, and counts a thread waiting for a core as busy; this counts what each thread
// really ran, V8's compiler included. Linux only.
//   node bench/thread-cpu.js [--every 20] -- <command> [args…]
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { every: { type: 'string', default: '20' } },
});
if (positionals.length === 0) {
  console.error('usage: node bench/thread-cpu.js [--every ms] -- <command> [args…]');
  process.exit(2);
}
const ticksPerSecond = 100; // USER_HZ on Linux
/** By thread id: its name, when it started (ticks since boot), and its user and system ticks. */
const threads = new Map();

/** Reads every thread of `pid` once; a thread that ended since the last read keeps its last figures. */
function sample(pid) {
  let tids;
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return;
  }
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      // The name is in parentheses and may hold spaces: the fields after it are counted from its end.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      threads.set(Number(tid), {
        name,
        user: Number(fields[11]),
        system: Number(fields[12]),
        started: Number(fields[19]),
      });
    } catch {
      // The thread ended between listing and reading.
    }
  }
}

const started = performance.now();
const child = spawn(positionals[0], positionals.slice(1), { stdio: 'inherit' });
const timer = setInterval(() => sample(child.pid), Number(values.every));
const code = await new Promise((resolve) => child.on('exit', (exitCode, signal) => resolve(exitCode ?? signal)));
clearInterval(timer);
const wall = (performance.now() - started) / 1000;

const seconds = (ticks) => (ticks / ticksPerSecond).toFixed(2);
const rows = [...threads].sort(([a], [b]) => a - b);
const mainStart = threads.get(child.pid)?.started ?? 0;
// Threads that started within a tenth of a second of the process are its own helpers.
const roleOf = (tid, thread) =>
  tid === child.pid
    ? 'main'
    : thread.started - mainStart <= 10
      ? 'started with the process'
      : 'started later (workers, libuv)';
const totals = new Map();
console.log(`\n${positionals.join(' ')}: exit ${code}, ${wall.toFixed(2)} s wall`);
console.log('thread     name              role                             user s   system s');
for (const [tid, thread] of rows) {
  const role = roleOf(tid, thread);
  const total = totals.get(role) ?? { user: 0, system: 0, count: 0 };
  totals.set(role, { user: total.user + thread.user, system: total.system + thread.system, count: total.count + 1 });
  if (thread.user + thread.system === 0) continue;
  console.log(
    `${String(tid).padEnd(10)} ${thread.name.padEnd(17)} ${role.padEnd(30)} ${seconds(thread.user).padStart(6)}   ${seconds(thread.system).padStart(8)}`,
  );
}
console.log('by role:');
let all = 0;
for (const [role, total] of totals) {
  all += total.user + total.system;
  console.log(
    `  ${role.padEnd(30)} ${String(total.count).padStart(3)} threads   ${seconds(total.user)} s user, ${seconds(total.system)} s system`,
  );
}
console.log(`  all                        ${seconds(all)} s of CPU in ${wall.toFixed(2)} s`);
console.log('(figures read every', values.every, 'ms: a thread’s last few ms before it ended may be missing)');
