import { describe, expect, it } from 'vitest';
import { islandsReady, openPage } from '../helpers/browser.ts';
import { useServedSite } from '../helpers/fixture.ts';
import { uiText } from '../helpers/ui.ts';

const site = useServedSite();

// The site asks for no consent (ruling 32): no banner covers the bottom of a phone's screen.

describe('floating chat button', () => {
  it('is labelled "Contact via WhatsApp" and opens a panel with the account, status, greeting and input', async () => {
    const { page } = await openPage(site.browser, site.url, { width: 1280, height: 800 });
    await page.goto(`${site.url}/en/about/`);
    const fab = page.locator('.chat-fab');
    expect(await fab.getAttribute('aria-label')).toBe('Contact via WhatsApp');
    const box = await fab.boundingBox();
    expect(box!.x + box!.width).toBeGreaterThan(1280 - 40);
    expect(box!.y + box!.height).toBeGreaterThan(800 - 40);
    await islandsReady(page);
    await fab.click();
    const panel = page.locator('.chat-panel');
    await expect.poll(() => panel.isVisible()).toBe(true);
    expect(await fab.getAttribute('aria-expanded')).toBe('true');
    // The spec's status, in the site's own voice (ruling 26: its English gives the meaning).
    expect(await panel.textContent()).toContain(uiText('en', 'chat.status'));
    expect(uiText('en', 'chat.status')).toMatch(/reply within an hour/);
    expect(await panel.textContent()).toContain('Òptica Poblenou');
    expect(await panel.locator('input').getAttribute('placeholder')).toBe('Type your message…');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('INPUT');
    await page.context().close();
  });

  it('sends the typed message, or the default one, to the messaging link in a new tab', async () => {
    const { page } = await openPage(site.browser, site.url, { width: 1280, height: 800 });
    await page.goto(`${site.url}/ca/`);
    await islandsReady(page);
    await page.locator('.chat-fab').click();
    await page.locator('.chat-panel input').fill('Hola, teniu hora dissabte?');
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      page.locator('.chat-panel button[type=submit]').click(),
    ]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(`https://wa.me/34600000000?text=${encodeURIComponent('Hola, teniu hora dissabte?')}`);
    expect(await page.locator('.chat-panel').count()).toBe(0);
    await page.locator('.chat-fab').click();
    const [second] = await Promise.all([
      page.context().waitForEvent('page'),
      page.locator('.chat-panel button[type=submit]').click(),
    ]);
    await second.waitForLoadState();
    expect(second.url()).toBe(`https://wa.me/34600000000?text=${encodeURIComponent('Hola! Voldria més informació.')}`);
    await page.context().close();
  });

  it('gives focus back to the button once a message is sent from the keyboard', async () => {
    const { page } = await openPage(site.browser, site.url, { width: 1280, height: 800 });
    await page.goto(`${site.url}/en/about/`);
    await islandsReady(page);
    await page.locator('.chat-fab').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('INPUT');
    await page.keyboard.type('Are you open on Saturday?');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), page.keyboard.press('Enter')]);
    await tab.close();
    expect(await page.locator('.chat-panel').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('chat-fab'))).toBe(true);
    expect(await page.locator('.chat-fab').getAttribute('aria-expanded')).toBe('false');
    await page.context().close();
  });

  it('closes on Escape and gives focus back to the button', async () => {
    const { page } = await openPage(site.browser, site.url, { width: 375, height: 700 });
    await page.goto(`${site.url}/es/`);
    await islandsReady(page);
    await page.locator('.chat-fab').click();
    await expect.poll(() => page.locator('.chat-panel').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await page.locator('.chat-panel').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('chat-fab'))).toBe(true);
    expect(await page.locator('.chat-fab').getAttribute('aria-expanded')).toBe('false');
    await page.context().close();
  });

  it.each(['Enter', 'Space'])('opens with %s from the keyboard, without scrolling the page', async (key) => {
    const { page } = await openPage(site.browser, site.url, { width: 1280, height: 800 });
    await page.goto(`${site.url}/en/about/`);
    await expect.poll(() => page.locator('.chat-fab').getAttribute('aria-expanded')).toBe('false');
    await page.locator('.chat-fab').focus();
    await page.keyboard.press(key);
    await expect.poll(() => page.locator('.chat-panel').isVisible()).toBe(true);
    expect(await page.locator('.chat-fab').getAttribute('aria-expanded')).toBe('true');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.context().close();
  });

  it('shows the panel in the page language', async () => {
    const { page } = await openPage(site.browser, site.url, { width: 1280, height: 800 });
    await page.goto(`${site.url}/es/`);
    await islandsReady(page);
    await page.locator('.chat-fab').click();
    await expect
      .poll(() => page.locator('.chat-panel').textContent())
      .toContain('Normalmente respondemos en menos de una hora');
    expect(await page.locator('.chat-fab').getAttribute('aria-label')).toBe('Contactar por WhatsApp');
    await page.context().close();
  });
});

describe("regression: the chat button covered the carousel's next button on phones (issue 27)", () => {
  it.each([
    [320, 568],
    [375, 667],
  ])(
    'leaves the next button reachable at %i × %i px when the carousel sits at the bottom of the screen',
    async (width, height) => {
      const { page } = await openPage(site.browser, site.url, { width, height });
      await page.goto(`${site.url}/en/`);
      await page.locator('#brands').scrollIntoViewIfNeeded();
      await islandsReady(page);
      await expect.poll(() => page.locator('.carousel--enhanced').count()).toBe(1);
      const next = page.locator('.carousel__button').nth(1);
      await next.evaluate((button) => button.scrollIntoView({ block: 'end' }));
      const box = (await next.boundingBox())!;
      expect(box.y + box.height).toBeGreaterThan(height - 2);
      // Its centre and the corners of the square inside the round button.
      const inset = box.width * 0.2;
      const points = [
        [box.x + box.width / 2, box.y + box.height / 2],
        [box.x + inset, box.y + inset],
        [box.x + box.width - inset, box.y + inset],
        [box.x + inset, box.y + box.height - inset],
        [box.x + box.width - inset, box.y + box.height - inset],
      ] as const;
      for (const [x, y] of points)
        expect(
          await next.evaluate((button, [x, y]) => document.elementFromPoint(x, y) === button, [x, y] as const),
          `${Math.round(x)}, ${Math.round(y)}`,
        ).toBe(true);
      const isSecondShown = () =>
        page
          .locator('.brand-slide')
          .nth(1)
          .evaluate((slide) => !(slide as HTMLElement).inert);
      expect(await isSecondShown()).toBe(false);
      await page.mouse.click(points[0][0], points[0][1]);
      expect(await isSecondShown()).toBe(true);
      expect(await page.locator('.chat-panel').count()).toBe(0);
      await page.context().close();
    },
  );
});
