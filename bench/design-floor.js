#!/usr/bin/env node
// The least this design can take to build the synthetic corpus on this machine: the remark
// floor's work (bench/remark-floor.js: each file read, its front matter split off with
// gray-matter, its markdown through remark with the same two GitHub extensions and remark-html)
// plus the real page component rendered around each page with React, on one thread per core.
// No placeholders or links resolved, no checks, nothing written. The model the components read
// (settings, collections, routes) is made first by the build's own stages and is not timed; each
// thread's start, with React, remark and the templates loaded, is, as in the remark floor.
//   node bench/design-floor.js [--sizes 1000,5000] [--runs 3]
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import { CORPUS_SECTION, writeCorpus } from './corpus.js';
import { median } from './measure.js';
import { makeSitegenProject, repositoryRoot } from './sitegen-project.js';

const { values } = parseArgs({
  options: { sizes: { type: 'string', default: '1000,5000' }, runs: { type: 'string', default: '3' } },
});
const threads = availableParallelism();
const scratch = mkdtempSync(join(tmpdir(), 'sitegen-design-floor-'));
// Inside the package, as the generator's own bundle is: the packages it keeps out resolve from there.
mkdirSync(join(repositoryRoot, 'node_modules/.cache'), { recursive: true });
const bundleDir = mkdtempSync(join(repositoryRoot, 'node_modules/.cache/sitegen-design-floor-'));
try {
  const bundle = await bundlePages(bundleDir);
  const { siteOf } = await import(pathToFileURL(bundle).href);
  console.log(
    `remark + tables + strikethrough + remark-html + the page's React component, ${threads} threads, nothing written (median of ${values.runs})`,
  );
  for (const size of values.sizes.split(',').map(Number)) {
    const project = join(scratch, `project-${size}`);
    const corpus = join(scratch, `corpus-${size}`);
    const pages = writeCorpus(corpus, size);
    makeSitegenProject(project, corpus);
    const site = await siteOf(project, repositoryRoot, CORPUS_SECTION);
    if (site.pages.length !== pages) throw new Error(`the model has ${site.pages.length} corpus pages, not ${pages}`);
    const times = [];
    for (let run = 0; run < Number(values.runs); run++) times.push(await renderAll(bundle, site, threads));
    const ms = median(times);
    console.log(
      `${String(pages).padStart(6)} pages: ${(ms / 1000).toFixed(2)} s, ${((ms * threads) / pages).toFixed(2)} ms of a core a page`,
    );
    rmSync(project, { recursive: true, force: true });
    rmSync(corpus, { recursive: true, force: true });
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
  rmSync(bundleDir, { recursive: true, force: true });
}

/** Bundles bench/design-floor-pages.tsx as cli/bin.js bundles the generator; returns the file. */
async function bundlePages(outdir) {
  await build({
    entryPoints: [join(repositoryRoot, 'bench/design-floor-pages.tsx')],
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // The packages the generator keeps out of its bundle stay out of this one (cli/bin.js).
    external: ['esbuild', 'sharp', 'postcss', 'autoprefixer', 'fontverter', 'subset-font', 'cspell-lib'],
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    define: { 'process.env.NODE_ENV': '"production"' },
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    logLevel: 'error',
  });
  return join(outdir, 'design-floor-pages.mjs');
}

/** Renders the corpus pages on `threads` threads, each started on the bundle; wall ms. */
async function renderAll(bundle, { context, pages }, threads) {
  const start = performance.now();
  await Promise.all(
    Array.from(
      { length: threads },
      (_, thread) =>
        new Promise((resolve, reject) => {
          const worker = new Worker(bundle, {
            workerData: { context, pages: pages.filter((_, index) => index % threads === thread) },
          });
          worker.once('message', resolve);
          worker.once('error', reject);
        }),
    ),
  );
  return performance.now() - start;
}
