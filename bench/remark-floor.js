#!/usr/bin/env node
// The least any build of the synthetic corpus with remark can take on this machine: every page's
// front matter split off with gray-matter and its markdown turned into HTML by remark with the
// generator's two GitHub extensions (tables, strikethrough) and remark-html, on one thread per
// core. No templates, no checks, nothing written. It shows how much of a clean build is
// markdown alone, to set beside the other generators' whole builds in bench/compare.js.
//   node bench/remark-floor.js [--sizes 1000,5000] [--runs 3]
import { readdirSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { CORPUS_LOCALES, CORPUS_SECTION, writeCorpus } from './corpus.js';

if (isMainThread) {
  const { values } = parseArgs({
    options: { sizes: { type: 'string', default: '1000,5000' }, runs: { type: 'string', default: '3' } },
  });
  const threads = availableParallelism();
  const scratch = mkdtempSync(join(tmpdir(), 'sitegen-floor-'));
  try {
    console.log(
      `remark + tables + strikethrough + remark-html, ${threads} threads, nothing written (median of ${values.runs})`,
    );
    for (const size of values.sizes.split(',').map(Number)) {
      const corpus = join(scratch, `corpus-${size}`);
      const pages = writeCorpus(corpus, size);
      const files = CORPUS_LOCALES.flatMap((locale) =>
        readdirSync(join(corpus, locale, CORPUS_SECTION)).map((name) => join(corpus, locale, CORPUS_SECTION, name)),
      );
      const times = [];
      for (let run = 0; run < Number(values.runs); run++) times.push(await convertAll(files, threads));
      const median = times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
      console.log(
        `${String(pages).padStart(6)} pages: ${(median / 1000).toFixed(2)} s, ${((median * threads) / pages).toFixed(2)} ms of a core a page`,
      );
      rmSync(corpus, { recursive: true, force: true });
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
} else {
  const [{ remark }, { default: remarkHtml }, { default: matter }, table, tableTree, strikethrough, strikethroughTree] =
    await Promise.all([
      import('remark'),
      import('remark-html'),
      import('gray-matter'),
      import('micromark-extension-gfm-table'),
      import('mdast-util-gfm-table'),
      import('micromark-extension-gfm-strikethrough'),
      import('mdast-util-gfm-strikethrough'),
    ]);
  function tablesAndStrikethrough() {
    const data = this.data();
    (data.micromarkExtensions ??= []).push(table.gfmTable(), strikethrough.gfmStrikethrough());
    (data.fromMarkdownExtensions ??= []).push(
      tableTree.gfmTableFromMarkdown(),
      strikethroughTree.gfmStrikethroughFromMarkdown(),
    );
  }
  const processor = remark().use(tablesAndStrikethrough).use(remarkHtml).freeze();
  let bytes = 0;
  for (const file of workerData)
    bytes += String(processor.processSync(matter(readFileSync(file, 'utf8')).content)).length;
  parentPort.postMessage(bytes);
}

/** Converts `files` on `threads` threads, each loading remark itself as a render thread does; wall ms. */
async function convertAll(files, threads) {
  const start = performance.now();
  await Promise.all(
    Array.from(
      { length: threads },
      (_, thread) =>
        new Promise((resolve, reject) => {
          const worker = new Worker(new URL(import.meta.url), {
            workerData: files.filter((_, index) => index % threads === thread),
          });
          worker.once('message', resolve);
          worker.once('error', reject);
        }),
    ),
  );
  return performance.now() - start;
}
