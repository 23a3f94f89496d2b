#!/usr/bin/env node
// Lighthouse (mobile and desktop presets) on a home, a service, a model and a legal page in
// each language, against the built site served locally; prints the four category scores,
// LCP, TBT, CLS and bytes. A report, not a test: run `npm run build` first.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = 4399;
const pages = ['ca', 'es', 'en'].flatMap((lang) => [
  `/${lang}/`,
  `/${lang}/services/hearing-aids/`,
  `/${lang}/products/oticon-models/intent/`,
  `/${lang}/legal/privacy-policy/`,
]);

const preview = spawn(process.execPath, [join(root, 'cli/bin.js'), 'preview', '--port', String(port)], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((ready) => preview.stdout.once('data', ready));
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const rows = [];
try {
  for (const [preset, config] of [
    ['mobile', undefined],
    ['desktop', desktopConfig],
  ]) {
    for (const page of pages) {
      const { lhr } = await lighthouse(
        `http://127.0.0.1:${port}${page}`,
        { port: chrome.port, output: 'json', logLevel: 'error' },
        config,
      );
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const audit = (id) => lhr.audits[id]?.numericValue ?? 0;
      rows.push([
        preset,
        page,
        score('performance'),
        score('accessibility'),
        score('best-practices'),
        score('seo'),
        `${(audit('largest-contentful-paint') / 1000).toFixed(2)} s`,
        `${Math.round(audit('total-blocking-time'))} ms`,
        audit('cumulative-layout-shift').toFixed(3),
        `${(audit('total-byte-weight') / 1024).toFixed(0)} KB`,
      ]);
      const failing = Object.values(lhr.audits)
        .filter((result) => result.score !== null && result.score < 1 && result.scoreDisplayMode === 'binary')
        .map((result) => result.id);
      if (failing.length > 0) rows.at(-1).push(`failing: ${failing.join(', ')}`);
    }
  }
} finally {
  await chrome.kill();
  preview.kill();
}
const header = ['preset', 'page', 'perf', 'a11y', 'best', 'seo', 'LCP', 'TBT', 'CLS', 'bytes'];
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => String(row[column]).length)));
for (const row of [header, ...rows])
  console.log(
    row
      .map((cell, column) => String(cell).padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd(),
  );
