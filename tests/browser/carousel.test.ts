import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage } from '../helpers/browser.ts';
import { useServedSite } from '../helpers/fixture.ts';

const site = useServedSite();

async function openBrands(width: number, options: { reducedMotion?: 'reduce' } = {}) {
  const opened = await openPage(site.browser, site.url, { width, height: 900 }, options);
  await opened.page.goto(`${site.url}/en/#brands`);
  await opened.page.locator('#brands').scrollIntoViewIfNeeded();
  await expect.poll(() => opened.page.locator('.carousel--enhanced').count()).toBe(1);
  return opened;
}
/** Indexes of the slides a visitor can see and reach (the others are inert). */
const visibleSlides = (page: Page) =>
  page
    .locator('.brand-slide')
    .evaluateAll((slides) => slides.flatMap((slide, index) => ((slide as HTMLElement).inert ? [] : [index])));

describe('brand carousel', () => {
  it.each([
    [375, 1],
    [800, 2],
    [1280, 3],
  ])('shows %i px wide %i slide(s) at a time', async (width, count) => {
    const { page } = await openBrands(width);
    expect(await visibleSlides(page)).toEqual([...Array(count).keys()]);
    expect(await page.locator('.brand-slide').count()).toBe(7);
    await page.context().close();
  });

  it('follows the WAI-ARIA carousel pattern: roles, labels, named buttons, a polite live region', async () => {
    const { page } = await openBrands(1280);
    const root = page.locator('[data-carousel]');
    expect(await root.getAttribute('aria-roledescription')).toBe('carousel');
    expect(await root.getAttribute('aria-label')).toBe('Our brands');
    expect(await page.locator('.brand-slide').first().getAttribute('aria-roledescription')).toBe('slide');
    expect(await page.locator('.brand-slide').nth(2).getAttribute('aria-label')).toBe('3 of 7');
    expect(await page.locator('[data-carousel-track]').getAttribute('aria-live')).toBe('polite');
    expect(
      await page
        .locator('.carousel__button')
        .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label'))),
    ).toEqual(['Previous brand', 'Next brand']);
    await page.context().close();
  });

  it('moves with the buttons and the arrow keys, and loops past either end', async () => {
    const { page } = await openBrands(1280);
    const next = page.locator('.carousel__button').nth(1);
    for (const expected of [
      [1, 2, 3],
      [2, 3, 4],
      [3, 4, 5],
      [4, 5, 6],
      [0, 1, 2],
    ]) {
      await next.click();
      expect(await visibleSlides(page)).toEqual(expected);
      expect(await next.isDisabled()).toBe(false);
    }
    await page.locator('.carousel__button').first().click();
    expect(await visibleSlides(page)).toEqual([4, 5, 6]);
    await page.keyboard.press('ArrowRight');
    expect(await visibleSlides(page)).toEqual([0, 1, 2]);
    await page.keyboard.press('ArrowLeft');
    expect(await visibleSlides(page)).toEqual([4, 5, 6]);
    await page.context().close();
  });

  it('drags to the next slide past 10 px, and not before', async () => {
    const { page } = await openBrands(375);
    const track = (await page.locator('[data-carousel-track]').boundingBox())!;
    const y = track.y + track.height / 2;
    await page.mouse.move(track.x + 200, y);
    await page.mouse.down();
    await page.mouse.move(track.x + 192, y, { steps: 4 });
    await page.mouse.up();
    expect(await visibleSlides(page)).toEqual([0]);
    await page.mouse.move(track.x + 200, y);
    await page.mouse.down();
    await page.mouse.move(track.x + 120, y, { steps: 6 });
    await page.mouse.up();
    expect(await visibleSlides(page)).toEqual([1]);
    await page.context().close();
  });

  it('drags from a logo as from anywhere on a slide: the browser never starts dragging the image (issue 40)', async () => {
    const { page } = await openBrands(375);
    const logo = page.locator('.brand-slide img').first();
    expect(await logo.evaluate((image: HTMLImageElement) => image.draggable)).toBe(false);
    // A drag the browser starts anyway (a link or picture a maintainer adds) is cancelled by the track.
    const started = await logo.evaluate((image) => {
      const event = new DragEvent('dragstart', { bubbles: true, cancelable: true });
      image.dispatchEvent(event);
      return !event.defaultPrevented;
    });
    expect(started).toBe(false);
    const box = (await logo.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width / 2, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 80, y, { steps: 6 });
    await page.mouse.up();
    expect(await visibleSlides(page)).toEqual([1]);
    await page.context().close();
  });

  it('shows the brand name on hover and on focus, over 4:3 images', async () => {
    const { page } = await openBrands(1280);
    const name = page.locator('.brand-slide').first().locator('.brand-slide__name');
    expect(await name.evaluate((element) => getComputedStyle(element).opacity)).toBe('0');
    await page.locator('.brand-slide').first().hover();
    await expect.poll(() => name.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    await page.mouse.move(0, 0);
    await expect.poll(() => name.evaluate((element) => getComputedStyle(element).opacity)).toBe('0');
    await page.locator('.brand-slide').first().focus();
    await expect.poll(() => name.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    const ratio = await page
      .locator('.brand-slide img')
      .first()
      .evaluate((image) => image.getBoundingClientRect().width / image.getBoundingClientRect().height);
    expect(ratio).toBeCloseTo(4 / 3, 1);
    await page.context().close();
  });

  it('moves without animation when reduced motion is asked for', async () => {
    const { page } = await openBrands(1280, { reducedMotion: 'reduce' });
    expect(
      await page.locator('[data-carousel-track]').evaluate((track) => getComputedStyle(track).transitionDuration),
    ).toMatch(/^0s$|^1e-05s$|^0\.00001s$/);
    await page.context().close();
  });

  it('disables next when no further slide fits, and throws when a part is used outside a carousel', async () => {
    const { page } = await openBrands(1280);
    // Sent as text: vitest would rewrite an import() written in this file's own code.
    const result = await page.evaluate(`(async () => {
      const manifest = JSON.parse(document.getElementById('island-manifest').textContent);
      const { mount } = await import(manifest.carousel);
      const labels = { previous: 'p', next: 'n', label: 'l', slideLabel: '{n}/{total}' };
      const few = document.createElement('div');
      few.innerHTML = '<div data-carousel><ul data-carousel-track><li>a</li><li>b</li></ul></div>';
      document.body.append(few);
      mount(few, labels);
      const buttons = [...few.querySelectorAll('button')].map((button) => button.disabled);
      const orphan = document.createElement('div');
      orphan.innerHTML = '<ul data-carousel-track><li>a</li></ul>';
      let message = '';
      try { mount(orphan, labels); } catch (error) { message = error.message; }
      return { buttons, message };
    })()`);
    expect(result).toEqual({ buttons: [true, true], message: 'Carousel parts must be used inside a carousel' });
    await page.context().close();
  });

  it('is a horizontally scrollable row without JavaScript', async () => {
    const { page } = await openPage(site.browser, site.url, { width: 375, height: 800 }, { javaScriptEnabled: false });
    await page.goto(`${site.url}/ca/`);
    const row = page.locator('[data-carousel-track]');
    expect(
      await row.evaluate((list) => [getComputedStyle(list).overflowX, list.scrollWidth > list.clientWidth]),
    ).toEqual(['auto', true]);
    await page.context().close();
  });
});

describe('regression: carousel hydration shifted the page', () => {
  it.each([375, 800, 1280])('keeps the same height at %i px whether its script has run or not', async (width) => {
    const heights = [];
    for (const javaScriptEnabled of [false, true]) {
      const { page } = await openPage(site.browser, site.url, { width, height: 900 }, { javaScriptEnabled });
      await page.goto(`${site.url}/es/`);
      await page.locator('#brands').scrollIntoViewIfNeeded();
      // Measured once the page has been laid out and painted after the script's last change; without
      // a script nothing changes after the load event, which goto has waited for.
      if (javaScriptEnabled) {
        await expect.poll(() => page.locator('.carousel--enhanced').count()).toBe(1);
        await page.evaluate(() => new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame))));
      }
      heights.push(
        await page
          .locator('[data-carousel]')
          .evaluate((carousel) => Math.round(carousel.getBoundingClientRect().height)),
      );
      await page.context().close();
    }
    expect(Math.abs(heights[0]! - heights[1]!)).toBeLessThanOrEqual(16);
  });
});
