import { describe, expect, it } from 'vitest';
import { islandsReady, openPage } from '../helpers/browser.ts';
import { useServedSite } from '../helpers/fixture.ts';

const site = useServedSite();

describe('appointment button and toasts', () => {
  it('opens the booking page in a new tab with subject and duration, and confirms it in a toast', async () => {
    const { page } = await openPage(site.browser, site.url, { width: 1440, height: 900 });
    await page.goto(`${site.url}/en/`);
    await islandsReady(page);
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      page.locator('.hero .visit:first-child [data-island="appointment"] a').click(),
    ]);
    await tab.waitForURL('https://calendar.example.com/optica-poblenou/book?subject=consultation&duration=45', {
      timeout: 15_000,
    });
    expect(await tab.evaluate(() => window.opener as unknown)).toBeNull();
    const toast = page.locator('[data-toasts] .toast');
    await expect.poll(() => toast.textContent()).toContain('Booking page opened');
    expect(await toast.textContent()).toContain("We've opened the appointment calendar in a new tab.");
    expect(await page.locator('[data-toasts]').getAttribute('aria-live')).toBe('polite');
    await page.context().close();
  });

  it('passes 30 minutes from the optical section', async () => {
    const { page } = await openPage(site.browser, site.url, { width: 1440, height: 900 });
    await page.goto(`${site.url}/ca/`);
    expect(await page.locator('#optical [data-island="appointment"] a').getAttribute('href')).toBe(
      'https://calendar.example.com/optica-poblenou/book?subject=consultation&duration=30',
    );
    await page.context().close();
  });

  it('shows a destructive toast when the browser blocks the new tab', async () => {
    const { page } = await openPage(site.browser, site.url, { width: 1440, height: 900 });
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await page.goto(`${site.url}/es/services/hearing-test/`);
    await islandsReady(page);
    await page.locator('.booking-cta [data-island="appointment"] a').click();
    const toast = page.locator('[data-toasts] .toast');
    await expect.poll(() => toast.getAttribute('class')).toBe('toast toast--destructive');
    expect(await toast.getAttribute('role')).toBe('alert');
    expect(await toast.textContent()).toContain('No hemos podido abrir la agenda');
    await page.context().close();
  });

  it('shows one toast at a time and removes it when dismissed', async () => {
    const { page } = await openPage(site.browser, site.url, { width: 1440, height: 900 });
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await page.goto(`${site.url}/ca/`);
    await islandsReady(page);
    for (let click = 0; click < 3; click += 1)
      await page.locator('.hero .visit:first-child [data-island="appointment"] a').click();
    await expect.poll(() => page.locator('[data-toasts] .toast').count()).toBe(1);
    // Every click has been handled and rendered by the next frame but one: still one toast then.
    await page.evaluate(() => new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame))));
    expect(await page.locator('[data-toasts] .toast').count()).toBe(1);
    await page.locator('[data-toasts] .toast__close').click();
    await expect.poll(() => page.locator('[data-toasts] .toast').count()).toBe(0);
    await page.context().close();
  });

  it('closes a toast after 6 s, but not while hovered or focused; a destructive toast stays', async () => {
    const { page } = await openPage(site.browser, site.url, { width: 1440, height: 900 });
    await page.clock.install();
    await page.addInitScript(() => {
      // A tab that opens, or one the browser blocks, as the test chooses.
      window.open = () => ((window as unknown as { blockTabs?: boolean }).blockTabs ? null : ({} as Window));
    });
    await page.goto(`${site.url}/en/`);
    // Islands hydrate on an idle callback, which the installed clock only fires when told; on a busy
    // machine the script may arrive after any fixed amount of fake time, so advance until it has.
    await expect
      .poll(
        async () => {
          await page.clock.runFor(500);
          return page.locator('.hero .visit:first-child [data-island="appointment"][data-hydrated]').count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    const book = page.locator('.hero .visit:first-child [data-island="appointment"] a');
    const toast = page.locator('[data-toasts] .toast');
    const shown = async () => (await toast.count()) === 1;

    await book.click();
    await expect.poll(shown).toBe(true);
    await page.clock.runFor(5000);
    expect(await shown()).toBe(true);
    await page.clock.runFor(1500);
    await expect.poll(shown).toBe(false);

    await book.click();
    await expect.poll(shown).toBe(true);
    await toast.hover();
    await page.clock.runFor(20_000);
    expect(await shown(), 'hovered').toBe(true);
    await page.mouse.move(0, 800);
    await page.locator('[data-toasts] .toast__close').focus();
    await page.clock.runFor(20_000);
    expect(await shown(), 'focused').toBe(true);
    await page.locator('main').focus();
    await page.clock.runFor(6500);
    await expect.poll(shown).toBe(false);

    await page.evaluate(() => ((window as unknown as { blockTabs?: boolean }).blockTabs = true));
    await book.click();
    await expect.poll(() => toast.getAttribute('class')).toBe('toast toast--destructive');
    await page.clock.runFor(60_000);
    expect(await shown(), 'destructive').toBe(true);
    await page.context().close();
  });

  it('is a plain link to the booking page without JavaScript', async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.url}/en/`);
    const link = page.locator('.hero .visit:first-child [data-island="appointment"] a');
    expect(await link.getAttribute('href')).toContain('subject=consultation&duration=45');
    expect(await link.getAttribute('target')).toBe('_blank');
    await context.close();
  });
});
