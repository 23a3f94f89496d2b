import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { islandsReady, openPage, rememberConsent, storedConsent, THROWING_STORAGE } from '../helpers/browser.ts';
import { contentWithSettings, useServedSite, WITH_ANALYTICS } from '../helpers/fixture.ts';

// The site under the faults a visitor's browser or network can bring, with an analytics id set
// so the analytics island is on every page. What "still works" means on every page: the main
// heading is shown, the menu leads to another page, and no error escapes uncaught.
const site = useServedSite(await contentWithSettings(WITH_ANALYTICS));

const PAGES = ['/ca/', '/es/services/orto-k/', '/en/about/', '/ca/legal/privacy/'];
const NO_INTERSECTION_OBSERVER = 'delete window.IntersectionObserver; delete window.IntersectionObserverEntry;';

/** Opens a page with `setup` applied; collects uncaught errors apart from logged ones. */
async function openFaulty(setup: (page: Page) => Promise<unknown>, viewport = { width: 1280, height: 800 }) {
  const { page } = await openPage(site.browser, site.url, viewport);
  const uncaught: string[] = [];
  page.on('pageerror', (error) => uncaught.push(error.message));
  await setup(page);
  return { page, uncaught };
}

/** The page reads (its h1 is visible, its main text is not hidden by an effect waiting for JavaScript) and its menu leads on. */
async function expectReadsAndNavigates(page: Page, path: string) {
  await page.goto(`${site.url}${path}`);
  await expect.poll(() => page.locator('h1').first().isVisible()).toBe(true);
  // Sections fade in as they are scrolled to: scroll through the page a frame at a time, as a
  // visitor would, then every section the script hid must be revealed and its fade ended.
  for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.evaluate(() => new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame))));
  }
  await page.waitForFunction(() => document.querySelector('main .reveal:not(.is-revealed)') === null);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished),
    ),
  );
  const hidden = await page.evaluate(() =>
    [...document.querySelectorAll('main [data-reveal]')]
      .filter((element) => {
        const style = getComputedStyle(element);
        return Number(style.opacity) < 1 || style.visibility === 'hidden';
      })
      .map((element) => element.textContent?.trim().slice(0, 40)),
  );
  expect(hidden, `${path}: text left invisible`).toEqual([]);
  const link = page.locator('header nav a[href^="/"]:visible, footer a[href^="/"]:visible').first();
  const href = await link.getAttribute('href');
  await link.click();
  await page.waitForURL(`**${href}`);
  await expect.poll(() => page.locator('h1').first().isVisible()).toBe(true);
}

describe('faults, in Chromium', () => {
  it('localStorage that throws on every access: pages read and navigate, the banner still asks and answering closes it', async () => {
    const { page, uncaught } = await openFaulty((page) => page.addInitScript(THROWING_STORAGE));
    for (const path of PAGES) await expectReadsAndNavigates(page, path);
    await page.goto(`${site.url}/en/`);
    const banner = page.locator('.consent-banner');
    await expect.poll(() => banner.isVisible(), { timeout: 5000 }).toBe(true);
    await banner.getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => banner.isVisible()).toBe(false);
    expect(uncaught.join('\n')).toBe('');
    await page.context().close();
  });

  it('analytics blocked: the tag fails to load, nothing else changes', async () => {
    const { page, uncaught } = await openFaulty(async (page) => {
      await page.route('https://www.googletagmanager.com/**', (route) => route.abort('blockedbyclient'));
      await rememberConsent(page, storedConsent(site.consentVersion, { analytics: true }));
    });
    for (const path of PAGES) await expectReadsAndNavigates(page, path);
    expect(uncaught.join('\n')).toBe('');
    await page.context().close();
  });

  it('the map frame failing to load leaves the rest of the page as it is', async () => {
    const { page, uncaught } = await openFaulty((page) =>
      page.route('https://maps.example.com/**', (route) => route.abort('connectionrefused')),
    );
    await page.goto(`${site.url}/ca/`);
    await islandsReady(page);
    await page.locator('[data-map-load]').click();
    const map = page.locator('iframe.location__map');
    await expect.poll(() => map.isVisible()).toBe(true);
    await expectReadsAndNavigates(page, '/ca/');
    expect(uncaught.join('\n')).toBe('');
    await page.context().close();
  });

  it('window.open blocked: the appointment shows the error toast, the chat opens the conversation in this tab', async () => {
    const { page, uncaught } = await openFaulty((page) =>
      page.addInitScript(() => {
        window.open = () => null;
      }),
    );
    await page.goto(`${site.url}/en/`);
    await islandsReady(page);
    await page.locator('.hero .visit:first-child [data-island="appointment"] a').click();
    await expect.poll(() => page.locator('.toast--destructive').isVisible()).toBe(true);
    await page.locator('.chat-fab').click();
    await page.locator('.chat-panel input').fill('Hello');
    await Promise.all([
      page.waitForURL(/^https:\/\/wa\.me\//),
      page.locator('.chat-panel button[type=submit]').click(),
    ]);
    expect(page.url()).toBe(`https://wa.me/34600000000?text=Hello`);
    expect(uncaught.join('\n')).toBe('');
    await page.context().close();
  });

  it('no IntersectionObserver: every section is shown, lazy islands still start, images load', async () => {
    const { page, uncaught } = await openFaulty((page) => page.addInitScript(NO_INTERSECTION_OBSERVER));
    for (const path of PAGES) await expectReadsAndNavigates(page, path);
    await page.goto(`${site.url}/ca/`);
    // The brand carousel hydrates when visible; without the observer it hydrates at once.
    await expect.poll(() => page.locator('.carousel--enhanced').count()).toBe(1);
    // Native lazy loading does not need the observer: images in view load.
    await page.locator('#brands').scrollIntoViewIfNeeded();
    const pendingInView = () =>
      page.evaluate(
        () =>
          [...document.images].filter((image) => {
            const box = image.getBoundingClientRect();
            return (
              box.width > 0 &&
              box.bottom > 0 &&
              box.top < innerHeight &&
              box.right > 0 &&
              box.left < innerWidth &&
              !image.complete
            );
          }).length,
      );
    await expect.poll(pendingInView).toBe(0);
    expect(
      await page.evaluate(
        () => [...document.images].filter((image) => image.complete && image.naturalWidth > 0).length,
      ),
    ).toBeGreaterThan(3);
    expect(uncaught.join('\n')).toBe('');
    await page.context().close();
  });

  it('widget scripts held back: the page reads and navigates before any arrives, and the widgets start once they do', async () => {
    // The test, not a clock, decides when the scripts arrive: they are held until it has checked the page.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    /** The address of each page whose script was held. */
    const held: string[] = [];
    const { page, uncaught } = await openFaulty((page) =>
      page.route(/\/assets\/.*\.js$/, async (route) => {
        held.push(route.request().frame().url());
        await released;
        // The first page's requests were cancelled when the test navigated on: continuing them
        // fails, and only those; the second page's widgets starting below is what is asserted.
        await route.continue().catch(() => undefined);
      }),
    );
    await page.goto(`${site.url}/es/`, { waitUntil: 'commit' });
    await expect.poll(() => page.locator('h1').first().isVisible()).toBe(true);
    // Before any script: the chat button is a plain link to the conversation, and the menu works.
    expect(await page.locator('.chat-fab').getAttribute('href')).toMatch(/^https:\/\/wa\.me\//);
    expect(await page.locator('.chat-fab').getAttribute('aria-expanded')).toBeNull();
    const link = page.locator('header nav a[href^="/es/"]:visible').first();
    const href = await link.getAttribute('href');
    await link.click();
    await page.waitForURL(`**${href}`, { waitUntil: 'commit' });
    await expect.poll(() => page.locator('h1').first().isVisible()).toBe(true);
    // The second page has asked for its scripts, and is still without them.
    await expect
      .poll(() => held.some((url) => url.endsWith(href!)), { message: 'the next page asks for its scripts' })
      .toBe(true);
    expect(await page.locator('.chat-fab').getAttribute('aria-expanded')).toBeNull();
    release();
    await expect.poll(() => page.locator('.chat-fab').getAttribute('aria-expanded')).toBe('false');
    expect(uncaught.join('\n')).toBe('');
    await page.context().close();
  });
});
