import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, copyProject, hashTree, runCli } from '../helpers/cli.ts';
import { seededRandom } from '../../bench/corpus.js';

const ENV = { SOURCE_DATE_EPOCH: '1763683200' };
const SEED = Number(process.env.KILL_SEED ?? 7);

/** Starts a build into `out` of `project`; resolves when it ends, with its exit code (null when killed) and output. */
function startBuild(project: string, out: string) {
  const child = spawn(process.execPath, [join(ROOT, 'cli/bin.js'), 'build', '--quiet', '--out', out], {
    cwd: project,
    env: { ...process.env, ...ENV },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  const ended = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, output })),
  );
  return { child, ended };
}

/** The two content edits a build can be killed in: one page (moved into place), a setting every page shows (the whole folder swapped). */
const EDITS = [
  { name: 'one page', file: 'content/es/about.md', edit: (text: string) => `${text}\nUna frase añadida.\n` },
  {
    name: 'a setting on every page',
    file: 'content/site.yaml',
    edit: (text: string) => text.replace('name: !example Òptica Poblenou', 'name: !example Visió Poblenou'),
  },
] as const;

let project: string;
const hashes = { before: '', after: [] as string[] };
beforeAll(async () => {
  project = await copyProject();
  const first = await runCli(['build', '--quiet'], { cwd: project, env: ENV });
  expect(first.code, first.stderr).toBe(0);
  hashes.before = await hashTree(join(project, 'dist'));
  // What each edit builds to when nothing interrupts it, into a folder of its own.
  for (const { file, edit } of EDITS) {
    const original = await readFile(join(project, file), 'utf8');
    await writeFile(join(project, file), edit(original));
    const built = await runCli(['build', '--quiet', '--out', 'dist-edited'], { cwd: project, env: ENV });
    expect(built.code, built.stderr).toBe(0);
    hashes.after.push(await hashTree(join(project, 'dist-edited')));
    await rm(join(project, 'dist-edited'), { recursive: true });
    await writeFile(join(project, file), original);
  }
});
afterAll(async () => {
  await rm(project, { recursive: true, force: true });
});

describe('a build killed with SIGKILL', () => {
  it.each(EDITS.map((edit, index) => ({ ...edit, index })))(
    'at random moments while building $name leaves dist/ as it was, or whole and new',
    async ({ file, edit, index }) => {
      const random = seededRandom(SEED + index);
      const dist = join(project, 'dist');
      const original = await readFile(join(project, file), 'utf8');
      // A full build takes this long here; kills land anywhere from start-up to the last rename.
      const started = performance.now();
      await writeFile(join(project, file), edit(original));
      const timing = await startBuild(project, 'dist').ended;
      const duration = performance.now() - started;
      expect(timing.code, timing.output).toBe(0);
      await writeFile(join(project, file), original);
      expect((await runCli(['build', '--quiet'], { cwd: project, env: ENV })).code).toBe(0);
      expect(await hashTree(dist)).toBe(hashes.before);

      let cutShort = 0;
      for (let kill = 0; kill < 5; kill++) {
        const delay = Math.round(random() * duration);
        await writeFile(join(project, file), edit(original));
        const build = startBuild(project, 'dist');
        await new Promise((resolve) => setTimeout(resolve, delay));
        build.child.kill('SIGKILL');
        const { code } = await build.ended;
        const where = `seed ${SEED + index}, kill ${kill} after ${delay} ms (exit ${code})`;
        // Only the last moments, moving several changed files into place, can be cut short (each
        // file is replaced in one step); they are journaled, and the next build puts the previous
        // site back before anything else.
        const isRecoverable = existsSync(join(project, '.dist.journal')) || existsSync(join(project, '.dist.previous'));
        const left = await hashTree(dist);
        if (!isRecoverable) expect([hashes.before, hashes.after[index]], where).toContain(left);
        if (code === null && left === hashes.before) cutShort++;

        // The next build, of the content as it was, finds a dead build's lock and its leftovers and gives the previous site.
        await writeFile(join(project, file), original);
        const next = await runCli(['build', '--quiet'], { cwd: project, env: ENV });
        expect(next.code, `${where}\n${next.stderr}`).toBe(0);
        expect(await hashTree(dist), where).toBe(hashes.before);
        // Nothing of the killed build is left behind: no staging folder, journal, lock or half-written memory.
        expect(
          (await readdir(project)).filter((name) => name.startsWith('.dist')),
          where,
        ).toEqual([]);
        expect(
          (await readdir(join(project, '.cache/sitegen'))).filter((name) => /\.json\.\d+$/.test(name)),
          where,
        ).toEqual([]);
      }
      // Most kills must land before the build finished, or this proves nothing.
      expect(cutShort).toBeGreaterThanOrEqual(2);
    },
    240_000,
  );
});

describe('two builds into the same folder at once', () => {
  it('never mix: the second waits its turn with a clear message, or finds the first done', async () => {
    const dist = join(project, 'dist');
    const { file, edit } = EDITS[1];
    const original = await readFile(join(project, file), 'utf8');
    await writeFile(join(project, file), edit(original));
    try {
      const first = startBuild(project, 'dist');
      const second = startBuild(project, 'dist');
      const results = await Promise.all([first.ended, second.ended]);
      const codes = results.map((result) => result.code).sort();
      expect(
        [
          [0, 0],
          [0, 1],
        ],
        results.map((result) => result.output).join('\n'),
      ).toContainEqual(codes);
      for (const result of results.filter((result) => result.code === 1)) {
        expect(result.output).toMatch(
          /OutputError — another build \(process \d+\) is writing this folder; wait for it to finish/,
        );
        expect(result.output).not.toMatch(/^\s+at /m);
      }
      expect(await hashTree(dist)).toBe(hashes.after[1]);
    } finally {
      await writeFile(join(project, file), original);
    }
  }, 120_000);
});
