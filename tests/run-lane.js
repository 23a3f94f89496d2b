#!/usr/bin/env node
// The suite's two lanes (tests/README.md). `full` is `npm test`, what CI runs: the machine check,
// every static check without a cache that could hide a finding, and every test file. `quick` is
// the inner loop (`npm run test:quick`): the static checks with their caches, and the test files
// listed in tests/lanes.json, which start no server, browser or host tool. Each step says what it
// runs before it starts and how long it took; the first failure ends the run with its exit code.
// Arguments after the lane go to vitest: `npm test -- --reporter=json …`. The steps and their
// environment are in lane-plan.js.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { laneEnvironment, laneSteps } from './lane-plan.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [lane, ...vitestArgs] = process.argv.slice(2);
if (lane !== 'full' && lane !== 'quick') {
  console.error('Usage: node tests/run-lane.js full|quick [vitest arguments]');
  process.exit(2);
}

const steps = laneSteps(root, lane, vitestArgs);
const env = laneEnvironment(root, process.env, process.stdout.isTTY === true && process.stderr.isTTY === true);
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
