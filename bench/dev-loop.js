#!/usr/bin/env node
// The dev loop as a maintainer meets it: `sitegen dev` on a copy of the project and of the
// generator, and ten edits of each kind, one at a time, each timed by the dev server's own report
// ("<file>: rendered N of M pages in T ms", from the save to the reload or swap). Prints, per
// kind, the median time and the pages rendered. Run it on an idle machine:
//   node bench/dev-loop.js [--edits 10]
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { edits: { type: 'string', default: '10' } } });
const EDITS = Number(values.edits);

const project = await mkdtemp(join(tmpdir(), 'sitegen-dev-loop-'));
const generator = join(project, 'generator');
await cp(join(ROOT, 'content'), join(project, 'content'), { recursive: true });
await cp(join(ROOT, 'public'), join(project, 'public'), { recursive: true });
await mkdir(join(generator, 'node_modules'), { recursive: true });
for (const folder of ['cli', 'templates', 'widgets']) {
  await cp(join(ROOT, folder), join(generator, folder), { recursive: true });
}
await cp(join(ROOT, 'package.json'), join(generator, 'package.json'));
for (const entry of await readdir(join(ROOT, 'node_modules'))) {
  if (entry !== '.cache') await symlink(join(ROOT, 'node_modules', entry), join(generator, 'node_modules', entry));
}

/** Each kind of edit: the file, and the text of edit number `n` (n = 0 is the file as it was). */
const KINDS = [
  {
    name: 'stylesheet',
    file: join(generator, 'templates/styles/site.css'),
    edit: (text, n) => (n === 0 ? text : `${text}\n.bench-${n} { outline: ${n}px solid; }\n`),
  },
  {
    name: 'template of the home page only',
    file: join(generator, 'templates/sections/VisitsOffer.tsx'),
    edit: (text, n) => (n === 0 ? text : `${text}\nexport const benchEdit${n} = ${n};\n`),
  },
  {
    name: 'one page’s text',
    file: join(project, 'content/en/about.md'),
    edit: (text, n) => (n === 0 ? text : `${text}\nEdit number ${n}.\n`),
  },
  {
    name: 'English ui.yaml',
    file: join(project, 'content/en/ui.yaml'),
    edit: (text, n) => (n === 0 ? text : text.replace('nav.skip: Skip to content', `nav.skip: Skip to content ${n}`)),
  },
  { name: 'a save that changes nothing', file: join(project, 'content/en/about.md'), edit: (text) => text },
];

/** A port nothing listens on now: the dev server takes no port 0. */
const port = await new Promise((found) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => found(free));
  });
});
const dev = spawn(process.execPath, [join(generator, 'cli/bin.js'), 'dev', '--port', String(port), '--strict-port'], {
  cwd: project,
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
dev.stdout.on('data', (chunk) => (output += chunk));
dev.stderr.on('data', (chunk) => (output += chunk));
const REPORT = /^(.+?): rendered (\d+) of (\d+) pages in (\d+) ms(.*)$/gm;
const reports = () => [...output.matchAll(REPORT)];

/** Waits for the dev server's next report after `from` reports, and returns it. */
async function nextReport(from) {
  for (let waited = 0; reports().length <= from; waited += 20) {
    if (waited > 60_000) throw new Error(`no report from the dev server:\n${output}`);
    await new Promise((wait) => setTimeout(wait, 20));
  }
  // A burst of events may make two builds: the last of them, once the server is quiet.
  for (let seen = -1; seen !== reports().length;) {
    seen = reports().length;
    await new Promise((wait) => setTimeout(wait, 700));
  }
  return reports().at(-1);
}

try {
  await nextReport(0);
  console.log(`sitegen dev, ${EDITS} edits of each kind, times from the dev server's own report:`);
  for (const kind of KINDS) {
    const original = await readFile(kind.file, 'utf8');
    const times = [];
    const rendered = [];
    for (let n = 1; n <= EDITS; n++) {
      const from = reports().length;
      await writeFile(kind.file, kind.edit(original, n));
      const [, , pages, total, ms, note] = await nextReport(from);
      times.push(Number(ms));
      rendered.push(`${pages} of ${total} pages${note}`);
    }
    const from = reports().length;
    await writeFile(kind.file, original);
    if (kind.edit(original, 1) !== original) await nextReport(from);
    times.sort((a, b) => a - b);
    const median = (times[Math.floor((times.length - 1) / 2)] + times[Math.ceil((times.length - 1) / 2)]) / 2;
    // Each count of pages rendered, with how many of the edits rendered it.
    const counts = [...new Set(rendered)].map((each) => {
      const edits = rendered.filter((one) => one === each).length;
      return edits === rendered.length ? each : `${each} (${edits} of ${rendered.length} edits)`;
    });
    console.log(`  ${kind.name}: median ${median} ms (${times[0]}–${times.at(-1)}), rendered ${counts.join(', ')}`);
  }
} finally {
  if (dev.exitCode === null && dev.signalCode === null) {
    dev.kill();
    await new Promise((ended) => dev.once('exit', ended));
  }
  await rm(project, { recursive: true, force: true });
}
