import { describe, expect, it } from 'vitest';
import { openPage, pauseClock, rememberConsent, startIslands, storedConsent } from '../helpers/browser.ts';
import { contentWithSettings, useServedSite, WITH_ANALYTICS } from '../helpers/fixture.ts';
import { documentOf } from '../helpers/site.ts';
import { uiText } from '../helpers/ui.ts';

/** A copy of the content with an analytics id set, so the analytics island is on every page. */
const withAnalytics = useServedSite(await contentWithSettings(WITH_ANALYTICS));
const withoutAnalytics = useServedSite();

type DataLayer = unknown[][];
const readDataLayer = (page: import('playwright-core').Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).map((entry) => Array.from(entry)),
  ) as Promise<DataLayer>;
const isTagRequest = (url: string) => url.startsWith('https://www.googletagmanager.com/');
/**
 * The tag's script elements in the page. The widget appends one in the same task as it decides
 * to load the tag, so its absence is certain at once, where a request could still be on its way
 * to `blocked`.
 */
const countTagScripts = (page: import('playwright-core').Page) =>
  page.locator('script[src^="https://www.googletagmanager.com/"]').count();
/** Runs the paused clock past every delay of the spec: the 500 ms page view and the 1 s banner. */
const SPEC_DELAYS_MS = 1000;

describe('analytics', () => {
  it('lists _ga and _ga_<id>, and the record of the choice, in the cookie policy only when an analytics id is set', async () => {
    const cookieNames = async (origin: string) =>
      [...(await (await fetch(`${origin}/en/legal/cookies-policy/`)).text()).matchAll(/<tr>\s*<td>([^<]*)<\/td>/g)].map(
        (match) => match[1]!,
      );
    const withId = await cookieNames(withAnalytics.url);
    const withoutId = await cookieNames(withoutAnalytics.url);
    expect(withId.filter((name) => name.startsWith('_ga'))).toEqual(['_ga', '_ga_TEST123']);
    expect(withoutId.filter((name) => name.startsWith('_ga'))).toEqual([]);
    // With a category to consent to, the site keeps the visitor's choice too (ruling 32).
    expect(withId.filter((name) => !name.startsWith('_ga') && name !== 'cookieConsent')).toEqual(withoutId);
    expect(withId).toContain('cookieConsent');
    expect(withoutId).not.toContain('cookieConsent');
    expect(withoutId.length).toBeGreaterThan(3);
  });

  it('speaks of analytics in the banner, the preferences and the cookie policy only when an analytics id is set, and shows no banner without it', async () => {
    const documentAt = async (origin: string, path: string) =>
      documentOf(new Map([[path, await (await fetch(origin + path)).text()]]), path);
    for (const [site, isOn] of [
      [withAnalytics, true],
      [withoutAnalytics, false],
    ] as const) {
      for (const language of ['ca', 'es', 'en'] as const) {
        const text = (key: Parameters<typeof uiText>[1]) => uiText(language, key);
        const home = await documentAt(site.url, `/${language}/`);
        // Without analytics there is nothing to consent to, so no banner and no preferences (ruling 32).
        const island = home.querySelector('[data-island="cookie-consent"]');
        expect(island === null, `${language} ${isOn}`).toBe(!isOn);
        if (island) {
          const banner = island.querySelector('[data-consent-banner]')!;
          expect(banner.querySelector('a')!.parentElement!.textContent, language).toBe(
            `${text('cookie.text')} ${text('cookie.analyticsBanner')} ${text('footer.cookies')}`,
          );
          const props = JSON.parse(island.getAttribute('data-props')!) as {
            categories: unknown[];
            storage: { name: string; category: string }[];
          };
          expect(props.categories).toEqual([
            { category: 'analytics', name: text('cookie.analytics'), text: text('cookie.analyticsText') },
          ]);
          expect(props.storage.some((item) => item.category === 'analytics')).toBe(true);
        }
        const policy = (await documentAt(site.url, `/${language}/legal/cookies-policy/`)).querySelector('.prose')!;
        const section = [...policy.querySelectorAll('h3')].find(
          (heading) => heading.textContent === text('cookie.analyticsPolicyTitle'),
        );
        expect(section?.nextElementSibling?.textContent).toBe(isOn ? text('cookie.analyticsPolicy') : undefined);
        // Nothing else in the policy speaks of analytics while it is off: the table lists no analytics cookie either.
        expect(/anal[iíy]t/iu.test(policy.textContent ?? ''), `${language} ${isOn}`).toBe(isOn);
      }
    }
  });

  it('offers the Analytics switch in the preferences, off until chosen, and loads the tag once it is saved on', async () => {
    const { page, blocked } = await openPage(withAnalytics.browser, withAnalytics.url, { width: 1280, height: 800 });
    await page.goto(`${withAnalytics.url}/en/`);
    await page.locator('[data-consent="customize"]').click();
    const dialog = page.locator('dialog.consent-dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const switches = () =>
      dialog
        .locator('input[type=checkbox]')
        .evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).checked));
    expect(await switches()).toEqual([true, false]);
    expect(await dialog.getByText(uiText('en', 'cookie.marketing')).count()).toBe(0);
    await dialog.getByText(uiText('en', 'cookie.analytics')).click();
    await dialog.getByRole('button', { name: uiText('en', 'cookie.save') }).click();
    expect(
      JSON.parse((await page.evaluate(() => localStorage.getItem('cookieConsent'))) ?? 'null') as unknown,
    ).toMatchObject({ necessary: true, analytics: true, marketing: false, version: withAnalytics.consentVersion });
    await expect
      .poll(() => blocked.filter(isTagRequest))
      .toEqual(['https://www.googletagmanager.com/gtag/js?id=G-TEST123']);
    // The footer link reopens the preferences with the choice restored.
    await page.locator('footer [data-cookie-settings]').click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await switches()).toEqual([true, true]);
    await page.context().close();
  });

  it.each(['ca', 'es', 'en'])(
    'keeps the banner within a quarter of a 320 × 568 screen in %s with its analytics sentence',
    async (language) => {
      const { page } = await openPage(withAnalytics.browser, withAnalytics.url, { width: 320, height: 568 });
      await page.goto(`${withAnalytics.url}/${language}/`);
      const banner = page.locator('[data-consent-banner]');
      await expect.poll(() => banner.isVisible()).toBe(true);
      await page.evaluate(() => document.fonts.ready);
      expect(await banner.textContent()).toContain(uiText(language, 'cookie.analyticsBanner'));
      expect((await banner.boundingBox())!.height).toBeLessThanOrEqual(568 / 4);
      await page.context().close();
    },
  );

  it('queues a page view 500 ms after load with page_path and language, under denied consent', async () => {
    const { page } = await openPage(withAnalytics.browser, withAnalytics.url, { width: 1280, height: 800 });
    // Record when each entry is queued, to measure the delay inside the page, whatever the machine's load.
    await page.addInitScript(() => {
      const queue: unknown[] = [];
      const times: number[] = [];
      queue.push = (...items: unknown[]) => {
        times.push(performance.now());
        return Array.prototype.push.apply(queue, items);
      };
      Object.assign(window, { dataLayer: queue, queuedAt: times });
    });
    await page.goto(`${withAnalytics.url}/es/services/orto-k/?utm=x`);
    await expect.poll(async () => (await readDataLayer(page)).some((entry) => entry[1] === 'page_view')).toBe(true);
    const entries = await readDataLayer(page);
    expect(entries[0]).toEqual([
      'consent',
      'default',
      { analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' },
    ]);
    const index = entries.findIndex((entry) => entry[1] === 'page_view');
    expect(entries[index]).toEqual(['event', 'page_view', { page_path: '/es/services/orto-k/?utm=x', language: 'es' }]);
    const times = await page.evaluate(() => (window as unknown as { queuedAt: number[] }).queuedAt);
    expect(times[index]! - times[0]!).toBeGreaterThanOrEqual(495);
    await page.context().close();
  });

  it('fetches nothing from the analytics host before consent, and the tag once analytics is accepted', async () => {
    const { page, blocked } = await openPage(withAnalytics.browser, withAnalytics.url, { width: 1280, height: 800 });
    await pauseClock(page);
    await page.goto(`${withAnalytics.url}/ca/`);
    await startIslands(page);
    await page.clock.runFor(SPEC_DELAYS_MS);
    // Everything that happens before a choice has happened: the page view is queued, the banner asks.
    expect((await readDataLayer(page)).some((entry) => entry[1] === 'page_view')).toBe(true);
    expect(await page.locator('[data-consent-banner]').isVisible()).toBe(true);
    expect(await countTagScripts(page)).toBe(0);
    expect(blocked.filter(isTagRequest)).toEqual([]);
    // Only the strictly necessary cookies: the saved language, under its two names.
    const cookies = (await page.context().cookies()).map((cookie) => cookie.name).sort();
    expect(cookies).toEqual(['language', 'nf_lang']);
    await page.locator('[data-consent="accept"]').click();
    expect(
      JSON.parse((await page.evaluate(() => localStorage.getItem('cookieConsent'))) ?? 'null') as unknown,
    ).toMatchObject({ analytics: true, marketing: false });
    await expect
      .poll(() => blocked.filter(isTagRequest))
      .toEqual(['https://www.googletagmanager.com/gtag/js?id=G-TEST123']);
    expect((await readDataLayer(page)).some((entry) => entry[0] === 'consent' && entry[1] === 'update')).toBe(true);
    await page.context().close();
  });

  it('fetches the tag at once for a visitor who granted analytics before, and never after a refusal', async () => {
    for (const [stored, expected] of [
      [storedConsent(withAnalytics.consentVersion, { analytics: true }), 1],
      [storedConsent(withAnalytics.consentVersion, { analytics: false }), 0],
    ] as const) {
      const { page, blocked } = await openPage(withAnalytics.browser, withAnalytics.url, { width: 1280, height: 800 });
      await rememberConsent(page, stored);
      await pauseClock(page);
      await page.goto(`${withAnalytics.url}/en/`);
      // At once: the analytics island mounts on load, and decides before the clock has moved.
      await page.locator('[data-island="analytics"][data-hydrated]').waitFor({ state: 'attached' });
      expect(await countTagScripts(page), stored).toBe(expected);
      await startIslands(page);
      await page.clock.runFor(SPEC_DELAYS_MS);
      expect(await countTagScripts(page), stored).toBe(expected);
      await expect.poll(() => blocked.filter(isTagRequest), { message: stored }).toHaveLength(expected);
      await page.context().close();
    }
  });

  it('loads no analytics at all when no id is configured', async () => {
    const { page, blocked } = await openPage(withoutAnalytics.browser, withoutAnalytics.url, {
      width: 1280,
      height: 800,
    });
    await rememberConsent(page, storedConsent(withoutAnalytics.consentVersion, { analytics: true }));
    await pauseClock(page);
    await page.goto(`${withoutAnalytics.url}/en/`);
    await startIslands(page);
    await page.clock.runFor(SPEC_DELAYS_MS);
    expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);
    expect(await page.locator('[data-island="analytics"]').count()).toBe(0);
    expect(await countTagScripts(page)).toBe(0);
    expect(blocked.filter(isTagRequest)).toEqual([]);
    await page.context().close();
  });
});
