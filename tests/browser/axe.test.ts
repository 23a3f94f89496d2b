import { createRequire } from 'node:module';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from '../helpers/browser.ts';
import { serveSite } from '../helpers/server.ts';
import { buildInMemory } from '../helpers/site.ts';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let browser: Browser;
let server: Awaited<ReturnType<typeof serveSite>>;
beforeAll(async () => {
  server = await serveSite((await buildInMemory()).files);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** One page of each template, in each language. */
const pages = [
  '/ca/',
  '/es/',
  '/en/',
  '/ca/services/orto-k/',
  '/es/about/',
  '/en/legal/privacy-policy/',
  '/es/products/oticon-models/',
  '/ca/products/oticon-models/intent/',
  '/en/404/',
];

describe('axe-core in Chromium', () => {
  it.each([375, 1280])('finds no accessibility violation of any impact at %i px', async (width) => {
    // Reduced motion: axe sees the settled page, not text halfway through its scroll-reveal fade.
    // bypassCSP: injecting axe is an inline script, which the site's policy rightly refuses.
    const { page } = await openPage(
      browser,
      server.url,
      { width, height: 900 },
      { reducedMotion: 'reduce', bypassCSP: true },
    );
    const found: string[] = [];
    for (const path of pages) {
      await page.goto(server.url + path);
      await page.addScriptTag({ path: axePath });
      const violations = await page.evaluate(async () => {
        const results = await (
          window as unknown as {
            axe: {
              run: (context: Document) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
            };
          }
        ).axe.run(document);
        return results.violations.map(
          (violation) =>
            `${violation.id}: ${violation.nodes
              .map((node) => node.target.join(' '))
              .slice(0, 3)
              .join(', ')}`,
        );
      });
      found.push(...violations.map((violation) => `${path} ${violation}`));
    }
    expect(found).toEqual([]);
    await page.context().close();
  });
});
