#!/usr/bin/env node
// Builds the synthetic corpus (bench/corpus.js) as maintainer pages of the real site, at
// N = 1,000 and 5,000 pages per language, and prints for each: clean builds (no cache, no
// earlier output) and rebuilds after one content file changes, as median wall time, pages per
// second and peak memory. A report, not a test: figures vary with the machine's load.
//   node bench/scale.js [--sizes 1000,5000] [--runs 3] [--keep] [--no-compress]
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CORPUS_LOCALES, CORPUS_SECTION, slugOf, writeCorpus } from './corpus.js';
import { formatMB, formatSeconds, measure, medianOf } from './measure.js';
import { cleanSitegenProject, makeSitegenProject, sitegenBuildCommand, sitegenEnv } from './sitegen-project.js';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,5000' },
    runs: { type: 'string', default: '3' },
    keep: { type: 'boolean', default: false },
    'no-compress': { type: 'boolean', default: false },
  },
});
const sizes = values.sizes.split(',').map(Number);
const runs = Number(values.runs);
const scratch = mkdtempSync(join(tmpdir(), 'sitegen-scale-'));
const [command, args] = sitegenBuildCommand(values['no-compress'] ? ['--no-compress'] : []);
const env = sitegenEnv();
const row = (label, result, pages) =>
  `${label.padEnd(34)} ${formatSeconds(result.ms).padStart(9)} ${String(Math.round(pages / (result.ms / 1000))).padStart(9)} ${formatMB(result.peakMB).padStart(9)}`;

try {
  for (const size of sizes) {
    const corpus = join(scratch, `corpus-${size}`);
    const project = join(scratch, `project-${size}`);
    const pages = writeCorpus(corpus, size);
    makeSitegenProject(project, corpus);
    console.log(
      `\ncorpus: ${CORPUS_LOCALES.length} languages × ${size.toLocaleString('en')} pages (~600 words each), plus the site's own pages`,
    );
    console.log(`${''.padEnd(34)} ${'median'.padStart(9)} ${'pages/s'.padStart(9)} ${'peak'.padStart(9)}`);
    const clean = medianOf(runs, () => {
      cleanSitegenProject(project);
      return measure(command, args, { cwd: project, env });
    });
    console.log(row('clean build', clean, pages));
    let edit = 0;
    const rebuild = medianOf(runs, () => {
      // A maintainer's typical edit: a sentence added to one page.
      const file = join(
        project,
        'content',
        CORPUS_LOCALES[edit % CORPUS_LOCALES.length],
        CORPUS_SECTION,
        `${slugOf(edit * 7)}.md`,
      );
      appendFileSync(file, `\nEdited for run ${edit++}.\n`);
      return measure(command, args, { cwd: project, env });
    });
    console.log(row('rebuild after one page changed', rebuild, pages));
    const unchanged = medianOf(runs, () => measure(command, args, { cwd: project, env }));
    console.log(row('rebuild with nothing changed', unchanged, pages));
  }
} finally {
  if (values.keep) console.log(`\nkept ${scratch}`);
  else rmSync(scratch, { recursive: true, force: true });
}
