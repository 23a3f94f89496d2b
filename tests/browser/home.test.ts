import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { islandsReady, openPage } from '../helpers/browser.ts';
import { copyProject } from '../helpers/cli.ts';
import { useServedSite } from '../helpers/fixture.ts';
import { serveSite } from '../helpers/server.ts';
import { buildInMemory } from '../helpers/site.ts';

const site = useServedSite();
const topOf = (page: import('playwright-core').Page, selector: string) =>
  page.locator(selector).evaluate((element) => element.getBoundingClientRect().top);

describe('home page behaviours', () => {
  it('asks nothing of the map provider until the visitor loads the map, then shows its frame', async () => {
    const { page, blocked } = await openPage(site.browser, site.url, { width: 1280, height: 800 });
    await page.goto(`${site.url}/ca/`);
    const preview = page.locator('#location .map-preview');
    await preview.scrollIntoViewIfNeeded();
    // The map's island has mounted, and whatever in the page watches the preview has been told it
    // is in view: an IntersectionObserver made after the page's is told after them, in one task.
    await islandsReady(page);
    await preview.evaluate(
      (element) =>
        new Promise<void>((resolve) =>
          new IntersectionObserver((entries, observer) => {
            if (!entries.some((entry) => entry.isIntersecting)) return;
            observer.disconnect();
            resolve();
          }).observe(element),
        ),
    );
    // A frame or script the page adds is in the document at once; its request may still be on its way.
    expect(await page.locator('[src*="maps.example.com"]').count()).toBe(0);
    const mapHost = (url: string) => new URL(url).host === 'maps.example.com';
    expect(blocked.filter(mapHost)).toEqual([]);
    await preview.getByRole('button', { name: 'Carrega el mapa' }).click();
    await expect.poll(() => blocked.filter(mapHost)).toEqual(['https://maps.example.com/embed/optica-poblenou-tour']);
    const frame = page.locator('#location iframe.location__map');
    expect(await frame.getAttribute('title')).toBe('Visita virtual de la botiga');
    expect(await frame.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await preview.count()).toBe(0);
    await page.context().close();
  });

  it('offers the map as a link to its provider without JavaScript, and no button that would do nothing', async () => {
    const { page, blocked } = await openPage(
      site.browser,
      site.url,
      { width: 1280, height: 800 },
      { javaScriptEnabled: false },
    );
    await page.goto(`${site.url}/en/`);
    expect(await page.locator('#location [data-map-load]').isVisible()).toBe(false);
    const link = page.locator('#location .map-preview a[target=_blank]');
    expect(await link.getAttribute('href')).toBe('https://maps.example.com/embed/optica-poblenou-tour');
    expect(blocked).toEqual([]);
    await page.context().close();
  });

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
    await islandsReady(page);
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

describe('regression: a hero photo that failed to load stayed an empty box', () => {
  it('shows the placeholder instead, whichever of the picture’s formats the browser chose', async () => {
    const project = await copyProject();
    const content = join(project, 'content');
    await mkdir(join(content, 'images'));
    const photo = sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 85, b: 61 } } });
    await writeFile(join(content, 'images', 'shop.jpg'), await photo.jpeg().toBuffer());
    const home = join(content, 'en/index.md');
    await writeFile(
      home,
      (await readFile(home, 'utf8')).replace(
        /^image: .*$/m,
        'image: { src: /images/shop.jpg, alt: "The shop", width: 1600, height: 1200 }',
      ),
    );
    const server = await serveSite((await buildInMemory(content)).files);
    try {
      const { page, errors } = await openPage(site.browser, server.url, { width: 1440, height: 900 });
      const asked: string[] = [];
      await page.route('**/assets/images/**', (route) => {
        asked.push(new URL(route.request().url()).pathname);
        return route.abort();
      });
      await page.goto(`${server.url}/en/`);
      const hero = page.locator('#hero img[data-hero]');
      await expect.poll(() => hero.getAttribute('src')).toBe('/images/illustrations/hero-placeholder.svg');
      await expect.poll(() => hero.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      // The photo was asked for in one of its responsive formats, and none is left to win over the placeholder.
      expect(asked.some((path) => /\.(avif|webp)$/.test(path))).toBe(true);
      expect(await page.locator('#hero picture source').count()).toBe(0);
      expect(errors.some((error) => error.startsWith('Hero image failed to load'))).toBe(true);
      await page.context().close();
    } finally {
      await server.close();
      await rm(project, { recursive: true, force: true });
    }
  });
});
