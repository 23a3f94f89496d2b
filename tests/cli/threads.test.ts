import { appendFile, cp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCorpus } from '../../bench/corpus.js';
import { buildWithReport, copyProject, hashTree, runCli } from '../helpers/cli.ts';

let project: string;
beforeAll(async () => {
  project = await copyProject();
  // A maintainer's section of 80 pages in each language, beside the real site.
  const corpus = join(project, 'corpus');
  writeCorpus(corpus, 80);
  for (const locale of ['ca', 'es', 'en'])
    await cp(join(corpus, locale), join(project, 'content', locale), { recursive: true });
  await rm(corpus, { recursive: true, force: true });
});
afterAll(async () => {
  await rm(project, { recursive: true, force: true });
});

describe('rendering on worker threads', () => {
  it('writes exactly what rendering on the main thread writes', async () => {
    const env = { SOURCE_DATE_EPOCH: '1763683200' };
    const threaded = await buildWithReport(['--out', 'threaded'], {
      cwd: project,
      env: { ...env, SITEGEN_THREADS: 'always' },
    });
    expect(threaded.code, threaded.stderr).toBe(0);
    // Every page of the real site and of the 240-page corpus, and /404.html, rendered on threads.
    expect(threaded.report.pages).toBeGreaterThan(240 + 100);
    expect(threaded.report.rendered).toBe(threaded.report.pages + 1);
    const single = await runCli(['build', '--out', 'single'], {
      cwd: project,
      env: { ...env, SITEGEN_THREADS: 'off' },
    });
    expect(single.code, single.stderr).toBe(0);
    expect(await hashTree(join(project, 'threaded'))).toBe(await hashTree(join(project, 'single')));
  });

  it('reports a page that fails in a thread like any other, naming its file and line', async () => {
    const result = await runCli(['build', '--out', 'broken'], { cwd: project, env: { SITEGEN_THREADS: 'always' } });
    expect(result.code).toBe(0);
    const page = join(project, 'content/es/articles/article-00003.md');
    const text = await readFile(page, 'utf8');
    await appendFile(page, '\nVegeu [una pàgina que no hi és](/articles/no-existeix).\n');
    try {
      const failed = await runCli(['build', '--out', 'broken'], { cwd: project, env: { SITEGEN_THREADS: 'always' } });
      expect(failed.code).toBe(1);
      expect(failed.stderr).toMatch(
        /content\/es\/articles\/article-00003\.md:\d+:\d+ BrokenLink — the link to \/articles\/no-existeix/,
      );
      expect(failed.stderr).not.toMatch(/\n\s+at /);
    } finally {
      await writeFile(page, text);
    }
  });

  it('renders on threads a number of pages that fills fewer batches than twice the threads', async () => {
    const env = { SITEGEN_THREADS: 'always' };
    expect((await runCli(['build', '--out', 'few'], { cwd: project, env })).code).toBe(0);
    // 30 pages to render again: a batch of 24 and one of 6. Sent two at a time, thread by
    // thread, both went to the first thread, and the build waited for the second for ever.
    const pages = Array.from({ length: 10 }, (_, at) => `articles/article-${String(at + 10).padStart(5, '0')}.md`);
    for (const locale of ['ca', 'es', 'en'])
      for (const page of pages) await appendFile(join(project, 'content', locale, page), '\nUna línia més.\n');
    const again = await buildWithReport(['--out', 'few'], { cwd: project, env, timeoutMs: 30_000 });
    expect(again.code, again.stderr).toBe(0);
    expect(again.report.rendered).toBe(30);
  });
});
