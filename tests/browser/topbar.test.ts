import { describe, expect, it } from 'vitest';
import { islandsReady, openPage, THROWING_STORAGE } from '../helpers/browser.ts';
import { useServedSite } from '../helpers/fixture.ts';

const site = useServedSite();

describe('top bar', () => {
  it.each([375, 1024, 1440])(
    'stays in view at the top after 1,500 px of scrolling, at %i px, on a home, a service and a legal page',
    async (width) => {
      const { page } = await openPage(site.browser, site.url, { width, height: 800 });
      for (const path of ['/ca/', '/es/services/orto-k/', '/en/legal/privacy-policy/']) {
        await page.goto(site.url + path);
        await page.evaluate(() => window.scrollTo(0, 1500));
        // The bar turning smaller shortens the page a little, and the browser keeps the text in place.
        await expect.poll(() => page.evaluate(() => window.scrollY), { message: path }).toBeGreaterThan(1450);
        const bar = await page.locator('header.topbar').boundingBox();
        expect(bar?.y, `${path} at ${width}px`).toBe(0);
        expect(bar?.height, `${path} at ${width}px`).toBeGreaterThan(40);
      }
      await page.context().close();
    },
  );

  it('stays in view without JavaScript too', async () => {
    const { page } = await openPage(site.browser, site.url, { width: 1024, height: 800 }, { javaScriptEnabled: false });
    await page.goto(`${site.url}/en/services/orto-k/`);
    await page.evaluate(() => window.scrollTo(0, 1500));
    expect((await page.locator('header.topbar').boundingBox())?.y).toBe(0);
    await page.context().close();
  });

  it('turns shorter on desktops once scrolled more than 20 px', async () => {
    const { page } = await openPage(site.browser, site.url, { width: 1440, height: 900 }, { reducedMotion: 'reduce' });
    await page.goto(`${site.url}/en/`);
    const height = async () => (await page.locator('header.topbar').boundingBox())!.height;
    const before = await height();
    await page.evaluate(() => window.scrollTo(0, 21));
    await expect.poll(height).toBeLessThan(before - 8);
    await page.context().close();
  });

  it('turns scrolled once the page is scrolled more than 20 px, and back', async () => {
    const { page } = await openPage(site.browser, site.url, { width: 1280, height: 800 });
    await page.goto(`${site.url}/ca/`);
    const isScrolled = () => page.locator('.topbar').evaluate((bar) => bar.classList.contains('topbar--scrolled'));
    await page.evaluate(() => window.scrollTo(0, 20));
    await expect.poll(isScrolled).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 21));
    await expect.poll(isScrolled).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(isScrolled).toBe(false);
    await page.context().close();
  });

  it('opens the phone menu full screen, locks scrolling, keeps focus inside and closes on Escape', async () => {
    const { page, errors } = await openPage(site.browser, site.url, { width: 375, height: 740 });
    await page.goto(`${site.url}/en/`);
    const toggle = page.locator('[data-menu-toggle]');
    await expect.poll(() => toggle.isVisible()).toBe(true);
    expect(await page.locator('.topbar__nav').isVisible()).toBe(false);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await toggle.getAttribute('aria-label')).toBe('Close menu');
    expect(await page.evaluate(() => document.documentElement.classList.contains('is-scroll-locked'))).toBe(true);
    await expect
      .poll(() => page.locator('#main-menu').boundingBox())
      .toMatchObject({ x: 0, y: 0, width: 375, height: 740 });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Home');
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(() => Boolean(document.activeElement?.closest('#main-menu, [data-menu-toggle]'))),
      ).toBe(true);
    }
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.documentElement.classList.contains('is-scroll-locked'))).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-menu-toggle'))).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('closes the phone menu when a link in it is chosen, and unlocks scrolling', async () => {
    const { page } = await openPage(site.browser, site.url, { width: 375, height: 740 });
    await page.goto(`${site.url}/es/about/`);
    await page.locator('[data-menu-toggle]').click();
    await page.locator('#main-menu a', { hasText: 'Contacto' }).click();
    await page.waitForURL(/\/es\/#contact$/);
    expect(await page.evaluate(() => document.documentElement.classList.contains('is-scroll-locked'))).toBe(false);
    await page.context().close();
  });

  it('shows the phone number in the bar and in the menu', async () => {
    const { page } = await openPage(site.browser, site.url, { width: 375, height: 740 });
    await page.goto(`${site.url}/ca/`);
    expect(await page.locator('.topbar__call').isVisible()).toBe(true);
    await page.locator('[data-menu-toggle]').click();
    expect(await page.locator('#main-menu .topbar__phone').isVisible()).toBe(true);
    await page.context().close();
  });
});

describe('language', () => {
  it('switches language keeping path, query and hash, and remembers the choice', async () => {
    const { page } = await openPage(site.browser, site.url, { width: 1440, height: 900 });
    await page.goto(`${site.url}/ca/services/orto-k/?ref=mail#faq`);
    await page.locator('.lang-switcher a[hreflang="es"]').click();
    await page.waitForURL('**/es/services/orto-k/?ref=mail#faq');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('es');
    await page.context().close();
  });

  it('remembers the language of every page visited, and the root sends the visitor back to it', async () => {
    const { page } = await openPage(site.browser, site.url, { width: 1280, height: 800 });
    await page.goto(`${site.url}/en/about/`);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    await page.goto(`${site.url}/`);
    await page.waitForURL('**/en/');
    // The page's own widget stores its language once it loads: wait for it before overwriting.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => localStorage.setItem('language', 'xx'));
    await page.goto(`${site.url}/services/hearing-aids`);
    await page.waitForURL('**/ca/services/hearing-aids/');
    await page.context().close();
  });

  it('works with storage that throws on every access: no error, Catalan by default', async () => {
    const { page, errors } = await openPage(site.browser, site.url, { width: 1280, height: 800 });
    await page.addInitScript(THROWING_STORAGE);
    await page.goto(`${site.url}/`);
    await page.waitForURL('**/ca/');
    await page.locator('.lang-switcher a[hreflang="en"]').click();
    await page.waitForURL('**/en/');
    // Every island that starts by itself has read the storage by the time it has started.
    await islandsReady(page);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('regression: issue 27, the top bar near the top, on phones, without JavaScript or with a late script', () => {
  it('offers no button in the map note without JavaScript, in any language', async () => {
    const { page } = await openPage(site.browser, site.url, { width: 375, height: 667 }, { javaScriptEnabled: false });
    // Each language's stem of "load", the verb of the button that needs JavaScript.
    for (const [language, load] of [
      ['ca', /carreg/i],
      ['es', /carg/i],
      ['en', /load/i],
    ] as const) {
      await page.goto(`${site.url}/${language}/`);
      const shown = await page
        .locator('#location .map-preview')
        .evaluate((preview: HTMLElement) => preview.innerText.replace(/\s+/g, ' '));
      expect(shown, language).not.toMatch(load);
    }
    await page.context().close();
  });
});
