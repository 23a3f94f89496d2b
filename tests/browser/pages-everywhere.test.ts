import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { islandsReady, openPage, visitInTabs } from '../helpers/browser.ts';
import { useServedSite } from '../helpers/fixture.ts';

/** Tabs at once, so one page's waits on the server and the browser overlap another's work. */
const TABS = 3;
const site = useServedSite();
/**
 * Every page of the site: a page's own content (a table, a long word, a link, an image) can
 * break what its template alone does not.
 */
let urls: string[];
/** The 404 pages' own addresses, which answer 404 as any missing page (docs/behaviour.md#404-pages). */
let notFoundUrls: Set<string>;
beforeAll(() => {
  urls = site.routes.map((route) => route.url);
  notFoundUrls = new Set(site.routes.filter((route) => route.template === 'not-found').map((route) => route.url));
});

describe('every page', () => {
  it('reads and navigates without JavaScript', async () => {
    const { page } = await openPage(site.browser, site.url, { width: 375, height: 800 }, { javaScriptEnabled: false });
    await visitInTabs(page, TABS, urls, async (tab, url) => {
      await tab.goto(site.url + url);
      expect(await tab.locator('main h1').isVisible(), url).toBe(true);
      expect((await tab.locator('main').innerText()).length, url).toBeGreaterThan(40);
      expect(await tab.locator('.topbar__nav li a').count(), url).toBe(6);
      expect(await tab.locator('.topbar__nav a').first().isVisible(), url).toBe(true);
      expect(await tab.locator('footer nav a').count(), url).toBeGreaterThan(10);
      expect(
        await tab
          .locator('[data-reveal]')
          .evaluateAll((cards) => cards.every((card) => getComputedStyle(card).opacity === '1')),
        url,
      ).toBe(true);
    });
    await page.goto(`${site.url}/en/`);
    await page.locator('.topbar__nav a', { hasText: 'About' }).click();
    await page.waitForURL('**/en/about/');
    await page.locator('footer a', { hasText: 'Hearing aids' }).click();
    await page.waitForURL('**/en/services/hearing-aids/');
    await page.context().close();
  }, 600_000);

  it('runs its scripts without a console error or an uncaught exception', async () => {
    // Its own listeners, on every tab (openPage's on the first one would report the 404 pages' status).
    const { page } = await openPage(site.browser, site.url, { width: 1280, height: 800 });
    const errors: string[] = [];
    const listen = (tab: Page) => {
      tab.on('pageerror', (error) => errors.push(error.message));
      // A failed request is reported by its response, with its address; Chromium's console line
      // for it names none, and the 404 pages' own addresses answer 404 (docs/behaviour.md#404-pages).
      tab.on('response', (response) => {
        const { pathname } = new URL(response.url());
        const isNotFoundPage = response.request().resourceType() === 'document' && notFoundUrls.has(pathname);
        if (response.status() >= 400 && !isNotFoundPage) errors.push(`${response.status()} ${response.url()}`);
      });
      tab.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource: the server responded'))
          errors.push(message.text());
      });
    };
    listen(page);
    await visitInTabs(
      page,
      TABS,
      urls,
      async (tab, url) => {
        await tab.goto(site.url + url);
        await islandsReady(tab);
        // The islands that mount on sight (the carousel) are brought into view one by one, and
        // each mounts and runs.
        const onSight = tab.locator('[data-island][data-load=visible]');
        for (let index = 0; index < (await onSight.count()); index++) {
          await onSight.nth(index).scrollIntoViewIfNeeded();
          await expect.poll(() => onSight.nth(index).getAttribute('data-hydrated'), { message: url }).not.toBeNull();
        }
      },
      listen,
    );
    expect(errors).toEqual([]);
    await page.context().close();
  }, 600_000);

  it('loads only the loader and the islands a page places; the carousel only once it comes near', async () => {
    const { page } = await openPage(site.browser, site.url, { width: 1280, height: 800 });
    const scripts: string[] = [];
    page.on(
      'request',
      (request) => void (request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname)),
    );
    await page.goto(`${site.url}/ca/legal/privacy-policy/`);
    await page.waitForLoadState('networkidle');
    // The loader carries the widgets pages mount at once; the manifest names the page's others.
    const manifest = JSON.parse((await page.locator('#island-manifest').textContent())!) as Record<string, string>;
    expect(Object.keys(manifest).sort()).toEqual(['appointment', 'chat-button', 'newsletter']);
    // No consent banner: the site asks for none (ruling 32).
    expect(await page.locator('[data-island="cookie-consent"]').count()).toBe(0);
    for (const carried of ['page', 'topbar'])
      expect(await page.locator(`[data-island="${carried}"][data-hydrated]`).count(), carried).toBe(1);
    const modules = scripts.filter((url) => !url.includes('/chunk.')).map((url) => url.split('/').pop()!.split('.')[0]);
    expect(modules.sort(), 'the newsletter waits until it is in view').toEqual([
      'appointment',
      'chat-button',
      'loader',
    ]);
    scripts.length = 0;
    await page.goto(`${site.url}/ca/`);
    await page.waitForLoadState('networkidle');
    expect(scripts.some((url) => url.includes('/assets/carousel.'))).toBe(false);
    await page.locator('#brands').scrollIntoViewIfNeeded();
    await expect.poll(() => scripts.some((url) => url.includes('/assets/carousel.'))).toBe(true);
    await page.context().close();
  });

  it('mounts each island it loads at once in a task of its own: together they made one long task', async () => {
    const { page } = await openPage(site.browser, site.url, { width: 375, height: 800 });
    // A MutationObserver hears of mutations at the end of the task that made them: islands marked
    // hydrated in one report mounted in one task.
    await page.addInitScript(() => {
      const reports: string[][] = [];
      Object.assign(window, { hydrationReports: reports });
      new MutationObserver((records) =>
        reports.push(records.map((record) => (record.target as HTMLElement).dataset.island!)),
      ).observe(document, { subtree: true, attributeFilter: ['data-hydrated'] });
    });
    await page.goto(`${site.url}/es/`);
    await islandsReady(page);
    const atOnce = await page
      .locator('[data-island][data-load="load"]')
      .evaluateAll((islands) => islands.map((island) => (island as HTMLElement).dataset.island!).sort());
    expect(atOnce).toEqual(['home', 'page', 'topbar']);
    const reports = await page.evaluate(() => (window as unknown as { hydrationReports: string[][] }).hydrationReports);
    for (const report of reports)
      expect(report.filter((name) => atOnce.includes(name)).length, JSON.stringify(reports)).toBeLessThanOrEqual(1);
    expect(
      reports
        .flat()
        .filter((name) => atOnce.includes(name))
        .sort(),
    ).toEqual(atOnce);
    await page.context().close();
  });

  it('runs none of its code in the task of the window’s load event, where Blink lays the whole page out', async () => {
    const { page } = await openPage(site.browser, site.url, { width: 375, height: 800 });
    // Lighthouse's simulation makes a task wait for every script that runs code in it: a listener
    // for DOMContentLoaded or load tied the page's first full layout to the loader's download and
    // counted it as blocking time. The site's scripts are the ones served from /assets/.
    await page.addInitScript(() => {
      const listeners: string[] = [];
      Object.assign(window, { pageEventListeners: listeners });
      const original = Object.getOwnPropertyDescriptor(EventTarget.prototype, 'addEventListener')!;
      EventTarget.prototype.addEventListener = new Proxy(original.value as EventTarget['addEventListener'], {
        // A bare `addEventListener(…)` in a module calls it with no receiver: the window's.
        apply(add, receiver: EventTarget | undefined, [type, ...rest]: [string, ...unknown[]]) {
          const target = receiver ?? window;
          const script = /\/assets\/[^\s:)]+/.exec(new Error().stack ?? '')?.[0];
          if ((target === window || target === document) && /^(load|DOMContentLoaded)$/.test(type) && script)
            listeners.push(`${type} from ${script}`);
          return Reflect.apply(add, receiver, [type, ...rest]) as unknown;
        },
      });
    });
    await page.goto(`${site.url}/es/`);
    await islandsReady(page);
    expect(
      await page.evaluate(() => (window as unknown as { pageEventListeners: string[] }).pageEventListeners),
    ).toEqual([]);
    await page.context().close();
  });

  it('asks the browser to prefetch same-site pages on hover, but no page that opens in a new tab', async () => {
    const { page } = await openPage(site.browser, site.url, { width: 1280, height: 800 });
    await page.goto(`${site.url}/en/`);
    expect(await page.evaluate(() => HTMLScriptElement.supports('speculationrules'))).toBe(true);
    const rules = JSON.parse((await page.locator('script[type=speculationrules]').textContent())!) as unknown;
    expect(rules).toEqual({
      prefetch: [
        {
          where: { and: [{ href_matches: '/*' }, { not: { selector_matches: '[target=_blank]' } }] },
          eagerness: 'moderate',
        },
      ],
    });
    await page.context().close();
  });
});

describe('scroll reveal and lazy images', () => {
  it('reveals cards as they come into view, once, and leaves those on screen at load as they are', async () => {
    const { page } = await openPage(site.browser, site.url, { width: 1280, height: 1300 });
    await page.goto(`${site.url}/es/`);
    const lastService = page.locator('#audiology .service-card').last();
    const firstProduct = page.locator('.product-card').first();
    await expect.poll(() => lastService.evaluate((card) => card.classList.contains('reveal'))).toBe(true);
    expect(
      await firstProduct.evaluate((card) => [card.classList.contains('reveal'), getComputedStyle(card).opacity]),
    ).toEqual([false, '1']);
    // Hidden 20 px below its place at once (no transition of the card's own slides it there),
    // then faded and slid in over 700 ms with no delay.
    expect(
      await lastService.evaluate((card) => [
        card.classList.contains('is-revealed'),
        getComputedStyle(card).transitionDuration,
        getComputedStyle(card).opacity,
        new DOMMatrix(getComputedStyle(card).transform).f,
      ]),
    ).toEqual([false, '0s', '0', 20]);
    // Only the class changes: an inline (inherited) property would restyle all the card holds.
    expect(await lastService.getAttribute('style')).toBeNull();
    await lastService.scrollIntoViewIfNeeded();
    await expect.poll(() => lastService.evaluate((card) => getComputedStyle(card).opacity)).toBe('1');
    const fade = await lastService.evaluate((card) => {
      const { transitionProperty, transitionDuration, transitionDelay } = getComputedStyle(card);
      return [transitionProperty, transitionDuration, transitionDelay];
    });
    expect(fade).toEqual(['opacity, transform', '0.7s, 0.7s', '0s, 0s']);
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await lastService.evaluate((card) => card.classList.contains('is-revealed'))).toBe(true);
    await page.context().close();
  });

  it('reveals the cards a jump carried past (End, a link to the footer), which never came into view', async () => {
    const { page } = await openPage(site.browser, site.url, { width: 1280, height: 800 });
    await page.goto(`${site.url}/ca/`);
    await islandsReady(page);
    const waiting = () => page.locator('[data-reveal].reveal:not(.is-revealed)').count();
    // The cards below the screen are hidden once the first frame has placed them.
    await expect.poll(waiting).toBeGreaterThan(2);
    // Straight to the foot of the page: the cards in between never intersect the viewport.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(waiting).toBe(0);
    const hidden = () =>
      page
        .locator('[data-reveal]')
        .evaluateAll((cards) => cards.filter((card) => getComputedStyle(card).opacity !== '1').length);
    await expect.poll(hidden).toBe(0);
    await page.context().close();
  });

  it('never hides content when reduced motion is asked for', async () => {
    const { page } = await openPage(site.browser, site.url, { width: 1280, height: 800 }, { reducedMotion: 'reduce' });
    await page.goto(`${site.url}/en/`);
    await islandsReady(page);
    expect(
      await page
        .locator('[data-reveal]')
        .evaluateAll((cards) =>
          cards.every((card) => !card.classList.contains('reveal') && getComputedStyle(card).opacity === '1'),
        ),
    ).toBe(true);
    await page.context().close();
  });

  it('loads a lazy image once it is within 200 px of the viewport', async () => {
    const { page } = await openPage(site.browser, site.url, { width: 1280, height: 800 });
    await page.goto(`${site.url}/ca/`);
    await page.waitForLoadState('networkidle');
    const image = page.locator('.brand-slide img').first();
    expect(await image.evaluate((element) => (element as HTMLImageElement).loading)).toBe('lazy');
    const top = await image.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
    await page.evaluate((y) => window.scrollTo(0, y), top - 800 - 150);
    await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).loading)).toBe('eager');
    await expect
      .poll(() =>
        image.evaluate(
          (element) => (element as HTMLImageElement).complete && (element as HTMLImageElement).naturalWidth > 0,
        ),
      )
      .toBe(true);
    expect(await page.locator('img[data-hero]').getAttribute('loading')).toBeNull();
    await page.context().close();
  });
});

describe('Content-Security-Policy', () => {
  it('is sent with every page, and a script it does not list would be refused and reported', async () => {
    const { page, errors } = await openPage(site.browser, site.url, { width: 1280, height: 800 });
    const response = await page.goto(`${site.url}/ca/`);
    expect(response?.headers()['content-security-policy']).toMatch(/^default-src 'self'; script-src 'self' 'sha256-/);
    await page.route(`${site.url}/es/about/`, async (route) => {
      const original = await route.fetch();
      await route.fulfill({
        response: original,
        body: (await original.text()).replace('</head>', '<script>window.injected = true</script></head>'),
      });
    });
    await page.goto(`${site.url}/es/about/`);
    expect(await page.evaluate(() => 'injected' in window)).toBe(false);
    expect(errors.some((error) => error.startsWith('CSP violation: script-src'))).toBe(true);
    await page.context().close();
  });
});
