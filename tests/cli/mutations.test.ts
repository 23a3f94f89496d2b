import { randomInt } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkHtml } from '../../cli/check/gate-html.ts';
import type { BuiltPage } from '../../cli/check/built-site.ts';
import { parse } from 'node-html-parser';
import { copyProject, hashFiles, runCli } from '../helpers/cli.ts';
import { seededRandom } from '../../bench/corpus.js';
import { MUTATION_KINDS, mutate } from '../helpers/mutations.ts';

// 300 seeded mutations of the real content, in two lanes of 150, each its own project, so two
// builds run at once on CI's two cores. Each build is incremental, as a maintainer's is, and runs
// without the precompressed copies (--no-compress): they are made from pages that already passed
// every check, and the incremental and host tests judge them. The seed is new on every run and
// printed first; MUTATION_SEED=n replays a run, and every failure names the seed, the lane and the
// mutation's number and what it did.
const SEED = Number(process.env.MUTATION_SEED ?? randomInt(2 ** 31));
const LANES = 2;
const PER_LANE = Number(process.env.MUTATIONS_PER_LANE ?? 150);
const ENV = { SOURCE_DATE_EPOCH: '1763683200' };
const BUILD = ['build', '--quiet', '--no-compress'];

const projects: string[] = [];
beforeAll(async () => {
  console.log(`mutations: MUTATION_SEED=${SEED} (${LANES} lanes of ${PER_LANE})`);
  for (let lane = 0; lane < LANES; lane++) projects.push(await copyProject());
});
afterAll(async () => {
  await Promise.all(projects.map((project) => rm(project, { recursive: true, force: true })));
});

/** Pages whose bytes differ between two listings of a built folder. */
const changedPages = (before: Map<string, string>, after: Map<string, string>) =>
  [...after].filter(([path, hash]) => path.endsWith('.html') && before.get(path) !== hash).map(([path]) => path);

describe.concurrent(`the build under ${LANES * PER_LANE} seeded mutations of the real content`, () => {
  it.each(Array.from({ length: LANES }, (_, lane) => lane))(
    'lane %i: every build succeeds with valid pages or fails naming the file, and a failure leaves dist/ as it was',
    async (lane) => {
      const project = projects[lane]!;
      const dist = join(project, 'dist');
      const first = await runCli(BUILD, { cwd: project, env: ENV });
      expect(first.code, `MUTATION_SEED=${SEED}, lane ${lane}: the first build\n${first.stderr}`).toBe(0);
      let good = await hashFiles(dist);
      const random = seededRandom(SEED + lane);
      const problems: string[] = [];
      const outcomes = { succeeded: 0, failed: 0 };

      for (let index = 0; index < PER_LANE; index++) {
        const kind = MUTATION_KINDS[(index + lane) % MUTATION_KINDS.length]!;
        const mutation = await mutate(project, kind, random);
        const where = `MUTATION_SEED=${SEED}, lane ${lane}, mutation ${index} (${mutation.description})`;
        try {
          const result = await runCli(BUILD, { cwd: project, env: ENV });
          const output = `${result.stdout}${result.stderr}`;
          if (/^\s+at \S+/m.test(output) || /Internal error/.test(output))
            problems.push(`${where}: a raw error reached the maintainer:\n${output}`);
          const now = await hashFiles(dist);
          if (result.code === 1) {
            outcomes.failed++;
            // A file deleted, or cut short where it is still valid (a list that lost its end), is
            // named by the pages that needed what it held; any other change by its own file.
            const removesContent =
              mutation.kind === 'delete the file' || (mutation.kind === 'truncate' && !output.includes(mutation.file));
            const named = removesContent ? /content\/\S+\.(md|ya?ml)/.test(output) : output.includes(mutation.file);
            if (!named)
              problems.push(
                `${where}: the message does not name ${removesContent ? 'a content file' : mutation.file}:\n${output}`,
              );
            if ([...now].some(([path, hash]) => good.get(path) !== hash) || now.size !== good.size)
              problems.push(`${where}: the failed build changed dist/`);
          } else if (result.code === 0) {
            outcomes.succeeded++;
            const pages: BuiltPage[] = await Promise.all(
              changedPages(good, now).map(async (file) => {
                const html = await readFile(join(dist, file), 'utf8');
                return { file, url: `/${file}`, html, document: parse(html), isIndexable: true, isRedirect: false };
              }),
            );
            const report = await checkHtml({ root: dist, pages, files: new Map() });
            for (const problem of report.problems)
              problems.push(`${where}: invalid HTML in ${problem.page}: ${problem.message}`);
            good = now;
          } else {
            problems.push(`${where}: exit code ${result.code}:\n${output}`);
          }
        } finally {
          await mutation.restore();
        }
      }
      expect(problems.slice(0, 5).join('\n\n')).toBe('');
      // Both outcomes must occur, or the mutations are not reaching the build.
      const tally = `MUTATION_SEED=${SEED}, lane ${lane}: ${outcomes.failed} failed, ${outcomes.succeeded} succeeded`;
      expect(outcomes.failed, tally).toBeGreaterThan(PER_LANE / 3);
      expect(outcomes.succeeded, tally).toBeGreaterThan(0);
    },
    2_400_000,
  );
});
