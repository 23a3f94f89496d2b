import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  islandsReady,
  openPage,
  pauseClock,
  rememberConsent,
  startIslands,
  storedConsent,
  THROWING_STORAGE,
} from '../helpers/browser.ts';
import { contentWithSettings, useServedSite, WITH_ANALYTICS } from '../helpers/fixture.ts';
import { uiText } from '../helpers/ui.ts';

// The banner and the preferences exist only where there is something to consent to (ruling 32):
// the site with an analytics id, whose switch the preferences show; no marketing tag, so none.
const site = useServedSite(await contentWithSettings(WITH_ANALYTICS));
const withNothingToConsentTo = useServedSite();
const TODAY = new Date().toISOString().slice(0, 10);

/** The banner's delay after the window's load event (docs/behaviour.md#cookie-consent). */
const BANNER_DELAY_MS = 1000;
/** An init script that keeps the page's own clock reading at the load event. */
const RECORD_LOAD = () =>
  addEventListener('load', () => Object.assign(window, { loadedAt: performance.now() }), { once: true });
/** The page's clock reading at its load event (with {@link RECORD_LOAD} installed). */
const loadTime = async (page: Page) =>
  (
    await page.waitForFunction(() => {
      const { loadedAt } = window as unknown as { loadedAt?: number };
      return loadedAt === undefined ? undefined : { loadedAt };
    })
  )
    .jsonValue()
    .then((value) => value!.loadedAt);
const pageNow = (page: Page) => page.evaluate(() => performance.now());

/** Opens `path`, with `stored` in localStorage; with `isClockPaused`, under {@link pauseClock}. */
async function visit(
  path: string,
  stored?: string,
  viewport = { width: 1280, height: 800 },
  { isClockPaused = false } = {},
) {
  const opened = await openPage(site.browser, site.url, viewport);
  const warnings: string[] = [];
  opened.page.on('console', (message) => void (message.type() === 'warning' && warnings.push(message.text())));
  if (stored !== undefined) await rememberConsent(opened.page, stored);
  if (isClockPaused) await pauseClock(opened.page);
  await opened.page.goto(site.url + path);
  return { ...opened, warnings };
}
const banner = (page: Page) => page.locator('[data-consent-banner]');
const stored = async (page: Page) =>
  JSON.parse((await page.evaluate(() => localStorage.getItem('cookieConsent'))) ?? 'null') as unknown;
/** A date `months` months before today, as the store writes dates. */
function monthsAgo(months: number): string {
  const date = new Date();
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString().slice(0, 10);
}

describe('cookie consent', () => {
  it('shows the banner one second after the load event when nothing is stored, not before', async () => {
    const { page } = await openPage(site.browser, site.url, { width: 1280, height: 800 });
    await pauseClock(page);
    await page.addInitScript(RECORD_LOAD);
    await page.goto(`${site.url}/en/`);
    await startIslands(page);
    const loadedAt = await loadTime(page);
    await page.clock.runFor(loadedAt + BANNER_DELAY_MS - 1 - (await pageNow(page)));
    expect(await banner(page).isVisible()).toBe(false);
    await page.clock.runFor(1);
    expect(await banner(page).isVisible()).toBe(true);
    const buttons = await banner(page).locator('button').allTextContents();
    expect(buttons).toEqual(['Accept all', 'Reject all', 'Customise']);
    const classes = await banner(page)
      .locator('button')
      .evaluateAll((list: HTMLElement[]) => list.map((button) => button.className));
    expect(new Set(classes).size).toBe(1);
    await page.context().close();
  });

  it.each([600, 1500])(
    'counts the second from the load event when the page’s script is held %i ms, as on a busy phone',
    async (heldFor) => {
      const { page } = await openPage(site.browser, site.url, { width: 375, height: 667 });
      await pauseClock(page);
      await page.addInitScript(RECORD_LOAD);
      // The loader, which loads the banner, is held while the page's clock runs on: the load
      // event waits for it, so the second starts only when it has run, not at the navigation.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/loader\.[^/]*\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${site.url}/ca/`, { waitUntil: 'commit' });
      await page.waitForFunction(() => document.readyState === 'interactive');
      await page.clock.runFor(heldFor);
      release();
      const loadedAt = await loadTime(page);
      expect(loadedAt, 'the load event came after the held script').toBeGreaterThanOrEqual(heldFor);
      await page.locator('[data-island="cookie-consent"][data-hydrated]').waitFor({ state: 'attached' });
      await page.clock.runFor(loadedAt + BANNER_DELAY_MS - 1 - (await pageNow(page)));
      expect(await banner(page).isVisible()).toBe(false);
      await page.clock.runFor(1);
      expect(await banner(page).isVisible()).toBe(true);
      await page.context().close();
    },
  );

  it('stores every category offered (analytics, with no marketing tag), the cookie list version and the day on Accept All, and hides the banner', async () => {
    const { page } = await visit('/ca/', undefined, undefined, { isClockPaused: true });
    await startIslands(page);
    await page.clock.runFor(BANNER_DELAY_MS);
    await banner(page).locator('[data-consent="accept"]').click();
    // A category the settings do not turn on was never offered: accepting all does not grant it.
    expect(await stored(page)).toEqual({
      necessary: true,
      analytics: true,
      marketing: false,
      version: site.consentVersion,
      date: TODAY,
    });
    expect(await banner(page).isVisible()).toBe(false);
    await page.reload();
    // The reloaded page's clock is paused too: once the island has mounted, a banner it meant to
    // show would be there after the delay.
    await startIslands(page);
    await page.clock.runFor(BANNER_DELAY_MS);
    expect(await banner(page).isVisible()).toBe(false);
    await page.context().close();
  });

  it('stores the refusal of every optional category on Reject All', async () => {
    const { page } = await visit('/es/');
    await banner(page).locator('[data-consent="reject"]').click();
    expect(await stored(page)).toEqual({
      necessary: true,
      analytics: false,
      marketing: false,
      version: site.consentVersion,
      date: TODAY,
    });
    expect(await banner(page).isVisible()).toBe(false);
    await page.context().close();
  });

  it('opens the preferences with the necessary storage always on, the Analytics switch off, no Marketing switch without its setting, and saves the choice', async () => {
    const { page } = await visit('/en/');
    await banner(page).locator('[data-consent="customize"]').click();
    const dialog = page.locator('dialog.consent-dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(
      await dialog
        .locator('input[type=checkbox]')
        .evaluateAll((boxes) =>
          boxes.map((box) => [(box as HTMLInputElement).checked, (box as HTMLInputElement).disabled]),
        ),
    ).toEqual([
      [true, true],
      [false, false],
    ]);
    expect(await dialog.getByText(uiText('en', 'cookie.analytics'), { exact: true }).count()).toBe(1);
    expect(await dialog.getByText(uiText('en', 'cookie.marketing')).count()).toBe(0);
    await dialog.getByRole('button', { name: uiText('en', 'cookie.save') }).click();
    expect(await stored(page)).toMatchObject({ necessary: true, analytics: false, marketing: false });
    expect(await dialog.count()).toBe(0);
    expect(await banner(page).isVisible()).toBe(false);
    await page.context().close();
  });

  it.each(['ca', 'es', 'en'] as const)(
    'says in %s that the necessary storage is always on once, and names each thing it keeps once',
    async (language) => {
      const { page } = await visit(`/${language}/`);
      await banner(page).locator('[data-consent="customize"]').click();
      const necessary = page.locator('dialog.consent-dialog .consent-dialog__option').first();
      await expect.poll(() => necessary.isVisible()).toBe(true);
      const alwaysOn = uiText(language, 'cookie.alwaysOn');
      expect((await necessary.innerText()).split(alwaysOn).length - 1).toBe(1);
      for (const list of await page.locator('dialog.consent-dialog small').allInnerTexts()) {
        const names = list.split(', ');
        expect(names, list).toEqual([...new Set(names)]);
      }
      await page.context().close();
    },
  );

  it('gives focus the main content when the banner goes, after Accept by keyboard and after Save in the preferences it opened', async () => {
    const focused = (page: Page) => page.evaluate(() => document.activeElement?.id);
    const { page } = await visit('/en/');
    const accept = banner(page).locator('[data-consent="accept"]');
    await expect.poll(() => accept.isVisible()).toBe(true);
    await accept.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    expect(await focused(page)).toBe('main');

    await page.evaluate(() => localStorage.clear());
    await page.reload();
    const customize = banner(page).locator('[data-consent="customize"]');
    await expect.poll(() => customize.isVisible()).toBe(true);
    await customize.focus();
    await page.keyboard.press('Enter');
    const dialog = page.locator('dialog.consent-dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: uiText('en', 'cookie.save') }).press('Enter');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await focused(page)).toBe('main');
    await page.context().close();
  });

  it.each(['the Close button', 'Escape'])(
    'gives focus back to the link that opened the preferences when they close with %s',
    async (how) => {
      const { page } = await visit('/en/');
      const link = page.locator('footer [data-cookie-settings]');
      await islandsReady(page);
      await link.focus();
      await page.keyboard.press('Enter');
      const dialog = page.locator('dialog.consent-dialog');
      await expect.poll(() => dialog.isVisible()).toBe(true);
      if (how === 'Escape') await page.keyboard.press('Escape');
      else await dialog.getByRole('button', { name: uiText('en', 'cookie.close') }).press('Enter');
      await expect.poll(() => dialog.count()).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.matches('footer [data-cookie-settings]'))).toBe(true);
      await page.context().close();
    },
  );

  it('reopens the preferences from the footer link on any page, without leaving it', async () => {
    const { page } = await visit(
      '/ca/legal/terms-conditions/',
      storedConsent(site.consentVersion, { analytics: false }),
      undefined,
      { isClockPaused: true },
    );
    await startIslands(page);
    await page.clock.runFor(BANNER_DELAY_MS);
    expect(await banner(page).isVisible()).toBe(false);
    // The preferences dialog is a Preact component, whose effects wait for animation frames.
    await page.clock.resume();
    await page.locator('footer [data-cookie-settings]').click();
    const boxes = page.locator('dialog.consent-dialog input[type=checkbox]');
    await expect.poll(() => boxes.count()).toBe(2);
    expect(page.url()).toMatch(/terms-conditions\/$/);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('dialog.consent-dialog').count()).toBe(0);
    await page.context().close();
  });

  it('keeps keyboard focus out of the page behind the preferences dialog', async () => {
    const { page } = await visit('/en/');
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    await banner(page).locator('[data-consent="customize"]').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true);
    for (let step = 0; step < 8; step += 1) {
      await page.keyboard.press('Tab');
      // A modal dialog may let focus leave for the browser's own controls (no element), never for the page.
      const where = await page.evaluate(() =>
        document.activeElement && document.activeElement !== document.body
          ? document.activeElement.closest('dialog')
            ? 'dialog'
            : document.activeElement.outerHTML.slice(0, 80)
          : 'browser',
      );
      expect(['dialog', 'browser']).toContain(where);
    }
    await page.context().close();
  });

  it('asks again for a choice older than 24 months, given for another cookie list, or stored by an earlier version', async () => {
    for (const [value, asks] of [
      [storedConsent(site.consentVersion, { analytics: false }, monthsAgo(23)), false],
      [storedConsent(site.consentVersion, { analytics: false }, monthsAgo(25)), true],
      [storedConsent('0ld11st0', { analytics: false }), true],
      ['all', true],
      ['{"necessary":true,"analytics":true,"marketing":false}', true],
    ] as const) {
      const { page, warnings } = await visit('/es/', value, undefined, { isClockPaused: true });
      await startIslands(page);
      await page.clock.runFor(BANNER_DELAY_MS);
      expect(await banner(page).isVisible(), value).toBe(asks);
      expect(warnings, value).toEqual([]);
      await page.context().close();
    }
  });

  it.each(['ca', 'es', 'en'])(
    'is a bar of at most a quarter of a 375 × 667 phone screen in %s, with a link to the cookie policy',
    async (language) => {
      const { page } = await visit(`/${language}/`, undefined, { width: 375, height: 667 });
      await expect.poll(() => banner(page).isVisible()).toBe(true);
      await page.evaluate(() => document.fonts.ready);
      const box = (await banner(page).boundingBox())!;
      expect(box.height).toBeLessThanOrEqual(667 / 4);
      expect(box.y + box.height).toBeCloseTo(667, 0);
      const policy = banner(page).locator('a');
      expect(await policy.getAttribute('href')).toBe(`/${language}/legal/cookies-policy/`);
      await page.context().close();
    },
  );

  it.each(['ca', 'es', 'en'])(
    'takes at most a quarter of a 320 × 568 screen in %s, each button label on one line, in readable type',
    async (language) => {
      const { page } = await visit(`/${language}/`, undefined, { width: 320, height: 568 });
      await expect.poll(() => banner(page).isVisible()).toBe(true);
      await page.evaluate(() => document.fonts.ready);
      const box = (await banner(page).boundingBox())!;
      expect(box.height).toBeLessThanOrEqual(568 / 4);
      const buttons = await banner(page)
        .locator('button')
        .evaluateAll((list) =>
          list.map((button) => {
            const text = document.createRange();
            text.selectNodeContents(button);
            const lines = new Set([...text.getClientRects()].map((rect) => Math.round(rect.top)));
            return {
              label: button.textContent,
              lines: lines.size,
              size: parseFloat(getComputedStyle(button).fontSize),
            };
          }),
        );
      for (const { label, lines, size } of buttons) {
        expect(lines, `${label}: lines`).toBe(1);
        expect(size, `${label}: font size`).toBeGreaterThanOrEqual(13);
      }
      expect(
        await banner(page).evaluate((element) => parseFloat(getComputedStyle(element).fontSize)),
      ).toBeGreaterThanOrEqual(13);
      await page.context().close();
    },
  );

  it('stays under the open phone menu', async () => {
    const { page } = await visit('/ca/', undefined, { width: 375, height: 667 });
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    await page.locator('[data-menu-toggle]').click();
    await expect
      .poll(() => page.locator('#main-menu').evaluate((menu) => menu.classList.contains('is-open')))
      .toBe(true);
    const box = (await banner(page).boundingBox())!;
    // Polled: the menu slides in over 0.3 s.
    await expect
      .poll(() =>
        page.evaluate(
          ([x, y]) => Boolean(document.elementFromPoint(x!, y!)?.closest('.topbar')),
          [box.x + box.width / 2, box.y + box.height / 2],
        ),
      )
      .toBe(true);
    await page.context().close();
  });

  it('is reached from the skip link in at most three Tab presses', async () => {
    const { page } = await visit('/en/services/orto-k/', undefined, { width: 375, height: 667 });
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('skip-link');
    let presses = 0;
    while (presses < 3 && !(await page.evaluate(() => document.activeElement?.matches('[data-consent="accept"]')))) {
      await page.keyboard.press('Tab');
      presses += 1;
    }
    expect(await page.evaluate(() => document.activeElement?.matches('[data-consent="accept"]'))).toBe(true);
    await page.context().close();
  });

  it('logs and ignores an invalid stored value, ignores one that is not JSON, and shows the banner again', async () => {
    for (const value of ['{"analytics":"yes"}', '{bad']) {
      const { page, warnings, errors } = await visit('/en/', value);
      await expect.poll(() => banner(page).isVisible()).toBe(true);
      expect(
        warnings.some((warning) => warning.includes('Invalid stored cookie consent')),
        value,
      ).toBe(value !== '{bad');
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it('shows no banner, stores no choice and has no link to preferences where nothing needs consent', async () => {
    const { page } = await openPage(withNothingToConsentTo.browser, withNothingToConsentTo.url, {
      width: 1280,
      height: 800,
    });
    await pauseClock(page);
    await page.goto(`${withNothingToConsentTo.url}/ca/`);
    await startIslands(page);
    await page.clock.runFor(BANNER_DELAY_MS * 3);
    expect(await page.locator('[data-consent-banner], dialog.consent-dialog, [data-cookie-settings]').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBeNull();
    // What it keeps is what the cookie table lists: the language, in storage and the hosts' cookies.
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ca');
    const cookies = (await page.context().cookies()).map((cookie) => cookie.name).sort();
    expect(cookies).toEqual(['language', 'nf_lang']);
    await page.context().close();
  });

  it('still works when storage throws: the banner shows and a choice closes it', async () => {
    const opened = await openPage(site.browser, site.url, { width: 1280, height: 800 });
    await opened.page.addInitScript(THROWING_STORAGE);
    await opened.page.goto(`${site.url}/es/`);
    await expect.poll(() => banner(opened.page).isVisible(), { timeout: 3000 }).toBe(true);
    await banner(opened.page).locator('[data-consent="accept"]').click();
    expect(await banner(opened.page).isVisible()).toBe(false);
    expect(opened.errors).toEqual([]);
    await opened.page.context().close();
  });
});
