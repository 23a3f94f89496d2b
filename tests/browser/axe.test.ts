import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { violationsOf } from '../../cli/check/gate-accessibility.ts';
import { openPage, visitInTabs } from '../helpers/browser.ts';
import { useServedSite } from '../helpers/fixture.ts';

/**
 * `sitegen check` runs axe on every indexable page loaded at 375 px and then resized to 1280 px
 * (cli/check/gate-accessibility.ts). These are the runs it never makes: every page loaded at
 * 768 px, the narrowest desktop layout (the phone menu gives way below 48rem), and at 1280 px
 * from the first paint, so the widgets mount in the desktop layout instead of resizing into it;
 * and the pages the gate leaves out (noindex: the 404 pages) at 375 px too.
 */
const EVERY_PAGE = [768, 1280];
const NOINDEX_ONLY = [375];
/** Tabs at once, so one page's waits on the server overlap another's axe run. */
const TABS = 3;

const site = useServedSite();
let axeSource: string;
let runs: { url: string; width: number }[];
beforeAll(async () => {
  axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  runs = site.routes.flatMap(({ url }) => {
    const html = String(site.files.get(`${url.slice(1)}index.html`));
    const isIndexable = !/<meta name="robots" content="noindex/.test(html);
    return [...(isIndexable ? [] : NOINDEX_ONLY), ...EVERY_PAGE].map((width) => ({ url, width }));
  });
});

describe('axe-core in Chromium', () => {
  it('finds no accessibility violation of any impact on any page at the widths the check does not load', async () => {
    // Reduced motion: axe sees the settled page, not text halfway through its scroll-reveal fade.
    const { page } = await openPage(site.browser, site.url, { width: 1280, height: 900 }, { reducedMotion: 'reduce' });
    // An init script reaches every page of the context without the site's Content-Security-Policy
    // refusing it, as a script tag would be; axe only defines itself, and runs when asked.
    await page.context().addInitScript(axeSource);
    const found: string[] = [];
    expect(runs.length).toBeGreaterThan(200);
    await visitInTabs(page, TABS, runs, async (tab, { url, width }) => {
      // The width is set before the page loads, so it is laid out at that width from the start.
      await tab.setViewportSize({ width, height: 900 });
      await tab.goto(site.url + url);
      found.push(...(await violationsOf(tab)).map((violation) => `${url} at ${width} px: ${violation}`));
    });
    expect(found.sort()).toEqual([]);
    await page.context().close();
  }, 900_000);
});
