import { describe, expect, it } from 'vitest';
import { openPage } from '../helpers/browser.ts';
import { useServedSite } from '../helpers/fixture.ts';

const site = useServedSite();
const topOf = (page: import('playwright-core').Page, selector: string) =>
  page.locator(selector).evaluate((element) => element.getBoundingClientRect().top);

describe('home page behaviours', () => {
  it('scrolls to the section of the address hash 100 ms after load, clear of the top bar', async () => {
    const { page } = await openPage(site.browser, site.url, { width: 1440, height: 900 }, { reducedMotion: 'reduce' });
    await page.goto(`${site.url}/en/#audiology`);
    await expect.poll(() => topOf(page, '#audiology')).toBeLessThan(200);
    const barHeight = await page.locator('.topbar').evaluate((bar) => bar.getBoundingClientRect().height);
    expect(await topOf(page, '#audiology')).toBeGreaterThanOrEqual(barHeight - 1);
    await page.context().close();
  });

  it('scrolls smoothly to a section when an anchor link of the page is chosen', async () => {
    const { page } = await openPage(site.browser, site.url, { width: 1440, height: 900 });
    await page.goto(`${site.url}/ca/`);
    await page.waitForTimeout(300);
    await page.locator('.topbar__nav a[href="/ca/#contact"]').click();
    const early = await page.evaluate(() => window.scrollY);
    await expect.poll(() => topOf(page, '#contact')).toBeLessThan(200);
    expect(early).toBeLessThan(await page.evaluate(() => window.scrollY));
    expect(page.url()).toMatch(/\/ca\/#contact$/);
    await page.context().close();
  });

  it('fades the hero image in once loaded', async () => {
    const { page } = await openPage(site.browser, site.url, { width: 1440, height: 900 });
    await page.goto(`${site.url}/es/`);
    await expect
      .poll(() => page.locator('img[data-hero]').evaluate((image) => image.classList.contains('is-loaded')))
      .toBe(true);
    await page.context().close();
  });

  it('shows a placeholder and logs the failure when the hero image cannot load', async () => {
    const { page, errors } = await openPage(site.browser, site.url, { width: 1440, height: 900 });
    await page.route('**/images/illustrations/hero.svg', (route) => route.abort());
    await page.goto(`${site.url}/en/`);
    const hero = page.locator('img[data-hero]');
    await expect.poll(() => hero.getAttribute('src')).toBe('/images/illustrations/hero-placeholder.svg');
    await expect.poll(() => hero.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(errors.some((error) => error.startsWith('Hero image failed to load'))).toBe(true);
    await page.context().close();
  });
});
