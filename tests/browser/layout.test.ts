import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { islandsReady, openPage } from '../helpers/browser.ts';
import { ROOT } from '../helpers/cli.ts';
import { useServedSite } from '../helpers/fixture.ts';

declare module 'vitest' {
  interface TaskMeta {
    /** How many first views the brand-font test took to see the fonts drawn. */
    firstViews?: number;
  }
}

const ARTIFACTS = join(ROOT, 'tests/.artifacts');
const site = useServedSite();
beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
});

describe('layout in Chromium', () => {
  it.each([375, 1440])('renders the home page at %i px wide and keeps a full-page screenshot', async (width) => {
    const { page, errors } = await openPage(site.browser, site.url, { width, height: 900 });
    await page.goto(`${site.url}/ca/`);
    const hero = await page
      .locator('img[data-hero]')
      .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0);
    expect(hero).toBe(true);
    const file = join(ARTIFACTS, `home-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    expect((await stat(file)).size).toBeGreaterThan(20_000);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('logs the requested path on a 404 page, and nothing on other pages', async () => {
    const { page } = await openPage(site.browser, site.url, { width: 1280, height: 800 });
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto(`${site.url}/es/about/`);
    const response = await page.goto(`${site.url}/es/no-existe/?ref=mail`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => warnings).toEqual(['Page not found: /es/no-existe/?ref=mail']);
    await page.context().close();
  });

  it('shows a visible focus ring on the skip link and takes the visitor to the main region', async () => {
    const { page } = await openPage(site.browser, site.url, { width: 1280, height: 800 });
    await page.goto(`${site.url}/en/about/`);
    await page.keyboard.press('Tab');
    const skip = page.locator('.skip-link');
    await expect.poll(() => skip.evaluate((link) => link === document.activeElement)).toBe(true);
    expect(await skip.evaluate((link) => getComputedStyle(link).outlineStyle)).toBe('solid');
    expect(await skip.evaluate((link) => link.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => location.hash)).toBe('#main');
    await page.context().close();
  });
});

/**
 * Waits until everything that could move the page after load has happened, then for a frame to
 * be painted after it, which is when Chromium measures a layout shift: every island's script has
 * run, the fonts and the images in view have loaded, and the cookie banner, the last change the
 * page makes by itself, has appeared where the site asks for consent (ruling 32).
 */
async function settleLayout(page: Page): Promise<void> {
  await islandsReady(page);
  await page.evaluate(() => document.fonts.ready);
  await page.waitForFunction(() =>
    [...document.images]
      .filter((image) => {
        const box = image.getBoundingClientRect();
        return box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
      })
      .every((image) => image.complete),
  );
  if ((await page.locator('[data-consent-banner]').count()) > 0)
    await page.locator('[data-consent-banner]').waitFor({ state: 'visible' });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Records every layout shift of the pages `page` goes on to open. */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    });
    observer.observe({ type: 'layout-shift', buffered: true });
    // The shifts told so far, and those the observer holds but has not yet delivered.
    Object.assign(window, {
      takeShifts: () => [
        ...shifts,
        ...observer.takeRecords().map((entry) => (entry as unknown as { value: number }).value),
      ],
    });
  });
}

/** The layout shifts of the open page so far, by their scores. */
function takeShifts(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { takeShifts: () => number[] }).takeShifts());
}

describe('regression: the top bar shifted the page when its script ran', () => {
  it.each([
    [412, 823],
    [1350, 940],
    [1440, 900],
  ])('lays out pages at %i×%i px without any layout shift', async (width, height) => {
    const { page } = await openPage(site.browser, site.url, { width, height });
    await recordShifts(page);
    for (const path of ['/ca/', '/es/legal/privacy-policy/', '/en/services/hearing-aids/']) {
      await page.goto(site.url + path);
      await settleLayout(page);
      const total = (await takeShifts(page)).reduce((sum, value) => sum + value, 0);
      expect(total, `${path} at ${width}px`).toBeLessThan(0.01);
    }
    await page.context().close();
  });
});

describe('regression: grids of five cards left a hole three to a row (issue 27)', () => {
  it.each([1280, 800])('fills every row of each card grid at %i px, the last one too', async (width) => {
    const { page } = await openPage(site.browser, site.url, { width, height: 900 });
    for (const path of ['/en/', '/ca/services/', '/es/']) {
      await page.goto(site.url + path);
      // For each grid, the rows whose cards leave part of its width empty: [grid, row, cards].
      const holes = await page.locator('.card-grid--balanced').evaluateAll((grids) =>
        grids.flatMap((grid, gridIndex) => {
          const box = grid.getBoundingClientRect();
          const rows = new Map<number, DOMRect[]>();
          for (const card of grid.children) {
            const rect = card.getBoundingClientRect();
            rows.set(Math.round(rect.top), [...(rows.get(Math.round(rect.top)) ?? []), rect]);
          }
          return [...rows.values()]
            .map((cards, row) => ({ cards, row }))
            .filter(
              ({ cards }) =>
                Math.min(...cards.map((card) => card.left)) > box.left + 1 ||
                Math.max(...cards.map((card) => card.right)) < box.right - 1,
            )
            .map(({ cards, row }) => [gridIndex, row, cards.length]);
        }),
      );
      expect(holes, `${path} at ${width} px`).toEqual([]);
    }
    await page.context().close();
  });
});

/**
 * The faces DevTools says drew the first element each selector finds, once the fonts have
 * settled: a face that came too late for `font-display: optional` is never used on that page.
 */
async function facesDrawing(page: Page, selectors: readonly string[]): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const faces: string[] = [];
  for (const selector of selectors) {
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    faces.push(fonts.map((font) => `${font.familyName} (${font.isCustomFont ? 'web font' : 'installed'})`).join(', '));
  }
  return faces;
}

describe('regression: the brand fonts were often missing on a first view (issue 27)', () => {
  const BRAND = [/^Fraunces[^,]* \(web font\)$/, /^Figtree[^,]* \(web font\)$/];
  const drawnInBrand = (faces: readonly string[]) => BRAND.every((face, index) => face.test(faces[index] ?? ''));

  /** A first view from an empty cache over an ordinary mobile connection: 40 ms, 10 Mbit/s down, 5 up. */
  async function firstView(language: string): Promise<string[]> {
    const { page } = await openPage(site.browser, site.url, { width: 412, height: 823 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 40,
      downloadThroughput: 10e6 / 8,
      uploadThroughput: 5e6 / 8,
    });
    await page.goto(`${site.url}/${language}/`);
    await page.evaluate(() => document.fonts.ready);
    const faces = await facesDrawing(page, ['h1', '.hero__subtitle']);
    await page.context().close();
    return faces;
  }

  it.for(['ca', 'es', 'en'])(
    'sets a first view of the %s home page in Fraunces and Figtree over an ordinary connection, from an empty cache',
    async (language, { task }) => {
      // Chromium holds the first paint for preloaded fonts until they have arrived, but no longer
      // than 100 ms after the stylesheet has (its RenderBlockingFonts limits). That allowance is
      // wall-clock time, which the suite's own load (three test files at once, each with its
      // browser, on two cores) can spend on other processes: the page then keeps its fallback
      // faces, as designed. So up to five first views, each from an empty cache. A page that does
      // not preload its fonts, or whose faces do not match what it preloads, misses every one.
      const views: string[][] = [];
      while (views.length < 5 && !drawnInBrand(views.at(-1) ?? [])) views.push(await firstView(language));
      // In the JSON report (CI's .cache/test-results.json), so a rising count shows before a failure.
      task.meta.firstViews = views.length;
      expect(drawnInBrand(views.at(-1) ?? []), views.map((faces) => faces.join(' + ')).join('; ')).toBe(true);
    },
  );

  it('keeps the fallback faces, and every line where it was, when the fonts come later than Chromium waits for them', async () => {
    const { page } = await openPage(site.browser, site.url, { width: 412, height: 823 });
    await recordShifts(page);
    // Past Chromium's allowance whatever the machine's load: the faces finish loading while the
    // page is on screen, which is when `swap` moved its lines (shifts of 0.013 to 0.033 here).
    await page.route('**/assets/fonts/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    for (const path of ['/ca/', '/es/services/', '/en/legal/privacy-policy/']) {
      await page.goto(site.url + path);
      await page.evaluate(() => document.fonts.ready);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      // The web fonts have come; a fallback face (a local one) loads only where it draws text.
      const webFonts = await page.evaluate(() =>
        [...document.fonts].filter((face) => !face.family.includes('fallback')).map((face) => face.status),
      );
      expect(webFonts.length).toBeGreaterThan(0);
      expect(
        webFonts.every((status) => status === 'loaded'),
        webFonts.join(),
      ).toBe(true);
      expect(await takeShifts(page), path).toEqual([]);
      expect(await facesDrawing(page, ['h1', 'main p']), path).toEqual([
        expect.stringMatching(/\(installed\)$/),
        expect.stringMatching(/\(installed\)$/),
      ]);
    }
    await page.context().close();
  });
});

describe('regression: headings lost their weight when the brand fonts did not come (issue 40)', () => {
  it.each(['/ca/', '/en/services/hearing-aids/'])(
    'draws the headings of %s in a bold installed face, and the text in a regular one, without the web fonts',
    async (path) => {
      const { page } = await openPage(site.browser, site.url, { width: 412, height: 823 });
      await page.route('**/assets/fonts/**', (route) => route.abort());
      await page.goto(site.url + path);
      await page.evaluate(() => document.fonts.ready);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('DOM.enable');
      await cdp.send('CSS.enable');
      const { root } = await cdp.send('DOM.getDocument');
      const faceOf = async (selector: string) => {
        const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
        const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
        return fonts.map((font) => `${font.postScriptName} (${font.isCustomFont ? 'web font' : 'installed'})`);
      };
      expect(await faceOf('h1')).toEqual([expect.stringMatching(/^\S+-Bold \(installed\)$/)]);
      expect(await faceOf('main h2')).toEqual([expect.stringMatching(/^\S+-Bold \(installed\)$/)]);
      expect(await faceOf('main p')).toEqual([expect.not.stringMatching(/Bold/)]);
      await page.context().close();
    },
  );
});

describe('regression: links smaller than 24 × 24 px on phones (issue 40)', () => {
  /** The links of `selector` whose 24 × 24 px square around their centre is not all theirs to a click. */
  const smallTargets = (page: Page, selector: string) =>
    page.evaluate((selector) => {
      const small: string[] = [];
      for (const link of document.querySelectorAll<HTMLElement>(selector)) {
        link.scrollIntoView({ block: 'center' });
        const box = link.getBoundingClientRect();
        const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
        const corners = [-11.5, 11.5].flatMap((dx) => [-11.5, 11.5].map((dy) => [x + dx, y + dy] as const));
        const missed = corners.filter(([cx, cy]) => document.elementFromPoint(cx, cy)?.closest('a') !== link);
        if (missed.length > 0)
          small.push(`${link.textContent.trim()} (${Math.round(box.width)} × ${Math.round(box.height)} px)`);
      }
      return small;
    }, selector);

  it.each(['/en/', '/ca/services/hearing-aids/'])(
    'gives the credit asterisk and the footer’s social links a 24 × 24 px target at 375 px on %s',
    async (path) => {
      const { page } = await openPage(site.browser, site.url, { width: 375, height: 740 });
      await page.goto(site.url + path);
      expect(await page.locator('.credit-marker').count()).toBeGreaterThan(0);
      expect(await smallTargets(page, '.credit-marker, .footer__social a')).toEqual([]);
      await page.context().close();
    },
  );
});

describe('regression: the map preview’s text ran out of its box on phones (issue 40)', () => {
  it.each(['ca', 'es', 'en'])(
    'keeps the map preview’s text inside it, clear of the address, at 320 px in %s',
    async (locale) => {
      const { page } = await openPage(site.browser, site.url, { width: 320, height: 640 });
      await page.goto(`${site.url}/${locale}/#contact`);
      await islandsReady(page);
      const boxes = await page.evaluate(() => {
        const box = (element: Element) => {
          const { top, bottom, left, right } = element.getBoundingClientRect();
          return { top, bottom, left, right };
        };
        const preview = document.querySelector('.map-preview')!;
        return {
          preview: box(preview),
          parts: [...preview.querySelectorAll('p, a, button')]
            .filter((part) => part.getClientRects().length > 0)
            .map(box),
          heading: box(document.querySelector('.location__details h3')!),
        };
      });
      for (const part of boxes.parts) {
        expect(part.top).toBeGreaterThanOrEqual(boxes.preview.top - 0.5);
        expect(part.bottom).toBeLessThanOrEqual(boxes.preview.bottom + 0.5);
        expect(part.left).toBeGreaterThanOrEqual(boxes.preview.left - 0.5);
        expect(part.right).toBeLessThanOrEqual(boxes.preview.right + 0.5);
      }
      expect(boxes.preview.bottom).toBeLessThanOrEqual(boxes.heading.top);
      await page.context().close();
    },
  );
});

describe('regression: the FAQ was 4,700 px of text on a phone, its answers not linkable (issue 40)', () => {
  it('shows the questions closed, opens one on a click or a key, and opens the one a link names', async () => {
    const { page, errors } = await openPage(site.browser, site.url, { width: 375, height: 740 });
    await page.goto(`${site.url}/en/faq/`);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(3000);
    const first = page.locator('.prose details').first();
    const answer = first.locator(':scope > p').first();
    expect(await answer.isVisible()).toBe(false);
    await first.locator('summary').click();
    expect(await answer.isVisible()).toBe(true);
    await first.locator('summary').focus();
    await page.keyboard.press('Enter');
    expect(await answer.isVisible()).toBe(false);
    const id = await page.locator('.prose details').nth(5).getAttribute('id');
    await page.goto(`${site.url}/en/faq/#${id}`);
    const linked = page.locator(`[id="${id}"]`);
    await expect.poll(() => linked.evaluate((element: HTMLDetailsElement) => element.open)).toBe(true);
    expect(await linked.evaluate((element) => element.getBoundingClientRect().top)).toBeLessThan(740);
    const other = await page.locator('.prose details').nth(1).getAttribute('id');
    await page.evaluate((other) => (location.hash = other!), other);
    await expect
      .poll(() => page.locator(`[id="${other}"]`).evaluate((element: HTMLDetailsElement) => element.open))
      .toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('regression: the home page was ten sections of cards at one volume, 11,200 px tall on a phone (issue 40)', () => {
  it.each(['ca', 'es', 'en'])(
    'tells its story in under 6,700 px at 375 px and under 4,500 px at 1440 px in %s',
    async (language) => {
      const heights: number[] = [];
      for (const width of [375, 1440]) {
        const { page } = await openPage(site.browser, site.url, { width, height: 900 });
        // The design's height is the height in its own faces: a view that missed them keeps the
        // fallback (font-display: optional, about 1.5 % taller); a later one has them cached. On a
        // loaded machine one reload may still miss the window, so up to five are made.
        await page.goto(`${site.url}/${language}/`);
        for (let view = 0; view < 5; view++) {
          await page.evaluate(() => document.fonts.ready);
          await page.reload();
          await page.evaluate(() => document.fonts.ready);
          const faces = await facesDrawing(page, ['h1', '.hero__subtitle']);
          if (faces.every((face) => face.endsWith('(web font)'))) break;
        }
        expect(await facesDrawing(page, ['h1', '.hero__subtitle'])).toEqual([
          expect.stringMatching(/^Fraunces[^,]* \(web font\)$/),
          expect.stringMatching(/^Figtree[^,]* \(web font\)$/),
        ]);
        heights.push(await page.evaluate(() => document.documentElement.scrollHeight));
        await page.context().close();
      }
      // 6,500 until issue 41 added what the law asks to be read where it applies: what each price
      // buys under it, the credit intermediary, how the reviews are checked and the newsletter's
      // first layer of data-protection information, about 150 px on a phone in Spanish. At 1440 px,
      // 4,500 until the trust strip said "3 professionals:" (4,506 measured in es and en).
      expect(heights[0]).toBeLessThan(6700);
      expect(heights[1]).toBeLessThan(4550);
    },
  );
});
