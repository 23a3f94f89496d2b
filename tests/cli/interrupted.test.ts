import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, copyProject, hashTree, runCli } from '../helpers/cli.ts';
import { fsWriter } from '../../cli/output/folder-writer.ts';

const ENV = { SOURCE_DATE_EPOCH: '1763683200' };

/**
 * Starts a build into `out` of `project`; resolves when it ends, with its exit code (null when
 * killed) and output. With `kill`, the build kills itself with SIGKILL at that step (helpers/kill-at.mjs).
 */
function startBuild(project: string, out: string, kill?: KillPoint) {
  const child = spawn(
    process.execPath,
    [...(kill ? ['--import', KILL_AT] : []), join(ROOT, 'cli/bin.js'), 'build', '--quiet', '--out', out],
    { cwd: project, env: { ...process.env, ...ENV, SITEGEN_KILL_AT: kill ? JSON.stringify(kill) : '' } },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  const ended = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, output })),
  );
  return { child, ended };
}

const KILL_AT = join(ROOT, 'tests/helpers/kill-at.mjs');
/** A step of the build: just before the `nth` call of fs's `call` whose path holds `path`. */
interface KillPoint {
  readonly call: string;
  readonly path: string;
  readonly nth: number;
}
/** What a killed build leaves: dist/ as it was, its journal with steps still to take, or dist/ whole and new. */
type Left = 'previous' | 'journal' | 'new';

/**
 * Every moment a build can be killed in, in the order the build reaches them, and what each must
 * leave (docs/behaviour.md#building). `half` is the move halfway through the journal's moves.
 */
const KILLS: readonly { name: string; kill: KillPoint | 'half'; left: Left }[] = [
  { name: 'staging the first file', kill: { call: 'openSync', path: '.dist.next/', nth: 1 }, left: 'previous' },
  { name: 'saving the journal', kill: { call: 'promises.rename', path: '.dist.journal', nth: 1 }, left: 'previous' },
  { name: 'the first move', kill: { call: 'renameSync', path: '.dist.next', nth: 1 }, left: 'journal' },
  { name: 'halfway through the moves', kill: 'half', left: 'journal' },
  { name: 'removing the journal', kill: { call: 'rmSync', path: '.dist.journal', nth: 1 }, left: 'journal' },
  { name: 'releasing the lock', kill: { call: 'rmSync', path: '.dist.lock', nth: 1 }, left: 'new' },
  { name: "saving the manifest's pages", kill: { call: 'promises.rename', path: 'pages-', nth: 1 }, left: 'new' },
  { name: 'saving the manifest', kill: { call: 'promises.rename', path: 'manifest-', nth: 1 }, left: 'new' },
];

/**
 * What the journal a killed build left gives when its steps are taken, and nothing else: a copy
 * of dist/, the staged files and the journal, which a writer finishes as it begins.
 */
async function finishJournal(project: string): Promise<string> {
  const copy = await mkdtemp(join(tmpdir(), 'sitegen-journal-'));
  try {
    for (const name of ['dist', '.dist.next', '.dist.journal']) {
      await cp(join(project, name), join(copy, name), { recursive: true });
    }
    await (await fsWriter(join(copy, 'dist')).begin()).discard();
    expect(await readdir(copy)).toEqual(['dist']);
    return await hashTree(join(copy, 'dist'));
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}

/** The two content edits a build can be killed in: one page, and a setting every page shows (every page moved into place). */
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
    'at each step of building $name leaves dist/ as it was, or whole and new, or a journal the next build finishes',
    async ({ file, edit, index }) => {
      const dist = join(project, 'dist');
      const original = await readFile(join(project, file), 'utf8');
      const states = { previous: hashes.before, new: hashes.after[index]! };
      let moves = 0;
      for (const { name, kill, left } of KILLS) {
        await writeFile(join(project, file), edit(original));
        const at = kill === 'half' ? { call: 'renameSync', path: '.dist.next', nth: Math.floor(moves / 2) + 1 } : kill;
        const { code, output } = await startBuild(project, 'dist', at).ended;
        const where = `killed at ${name} (${JSON.stringify(at)})`;
        expect(code, `${where}: the build was not killed there\n${output}`).toBeNull();

        const journal = join(project, '.dist.journal');
        if (left === 'journal') {
          expect(existsSync(journal), where).toBe(true);
          moves = (JSON.parse(await readFile(journal, 'utf8')) as { moves: unknown[] }).moves.length;
          expect(await finishJournal(project), `${where}: the journal's steps taken`).toBe(states.new);
        } else {
          expect(existsSync(journal), where).toBe(false);
          expect(await hashTree(dist), where).toBe(states[left]);
        }

        // The next build, of the content as it was, finds a dead build's lock and its leftovers,
        // takes what steps its journal has left, and gives exactly what a clean build gives.
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
    },
    // Two builds per step, each of every page for the setting: minutes on a busy machine.
    600_000,
  );
});

describe('a build stopped with Ctrl+C or SIGTERM', () => {
  it.each([
    { signal: 'SIGINT', code: 130, how: 'Ctrl+C' },
    { signal: 'SIGTERM', code: 143, how: 'SIGTERM' },
  ] as const)(
    'by $signal while it renders says so in one line, leaves dist/ as it was and no lock, exit $code',
    async ({ signal, code, how }) => {
      const { file, edit } = EDITS[1];
      const original = await readFile(join(project, file), 'utf8');
      await writeFile(join(project, file), edit(original));
      try {
        const { child, ended } = startBuild(project, 'dist');
        // Mid-way: the build holds the output folder's lock from before it renders until it has written.
        let isOver = false;
        void ended.then(() => (isOver = true));
        while (!existsSync(join(project, '.dist.lock'))) {
          expect(isOver, 'the build ended before it took the lock').toBe(false);
          await new Promise((wait) => setTimeout(wait, 5));
        }
        child.kill(signal);
        expect(await ended).toEqual({ code, output: `Build stopped (${how}); dist/ was left as it was.\n` });
        expect(existsSync(join(project, '.dist.lock'))).toBe(false);
        expect(await hashTree(join(project, 'dist'))).toBe(hashes.before);
      } finally {
        await writeFile(join(project, file), original);
      }
    },
    60_000,
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
