import { beforeAll, describe, expect, it } from 'vitest';
import { buildInMemory, documentOf } from '../helpers/site.ts';

let site: Awaited<ReturnType<typeof buildInMemory>>;
beforeAll(async () => {
  site = await buildInMemory();
});

const pages = () =>
  site.outputs
    .filter((output) => output.route)
    .map((output) => ({ path: output.path, document: documentOf(site.files, output.path) }));
const accessibleName = (element: Element) =>
  (element.getAttribute('aria-label') ?? element.textContent ?? '').trim() ||
  [...element.querySelectorAll('img')]
    .map((img) => img.getAttribute('alt'))
    .join('')
    .trim();

describe('accessibility of the markup', () => {
  it('gives every page one h1, landmarks, and a skip link to the main region first', () => {
    for (const { path, document } of pages()) {
      expect(document.querySelectorAll('h1'), path).toHaveLength(1);
      for (const landmark of ['header', 'nav', 'main#main', 'footer'])
        expect(document.querySelector(landmark), `${path} ${landmark}`).not.toBeNull();
      const first = document.querySelector('body a');
      expect(first?.getAttribute('href'), path).toBe('#main');
    }
  });

  it('never skips a heading level', () => {
    for (const { path, document } of pages()) {
      let previous = 0;
      for (const heading of document.querySelectorAll('h1, h2, h3, h4, h5, h6')) {
        const level = Number(heading.tagName[1]);
        expect(level, `${path}: ${heading.textContent}`).toBeLessThanOrEqual(previous + 1);
        previous = level;
      }
    }
  });

  it('gives every section a heading or its name in aria-label, as the HTML checker asks (Validator.nu)', () => {
    for (const { path, document } of pages())
      for (const section of document.querySelectorAll('section'))
        expect(
          section.querySelector('h1, h2, h3, h4, h5, h6') !== null || section.hasAttribute('aria-label'),
          `${path}: ${section.outerHTML.slice(0, 120)}`,
        ).toBe(true);
  });

  it('names every link, button, form field and navigation region, and holds no frame until the map is asked for', () => {
    for (const { path, document } of pages()) {
      for (const control of document.querySelectorAll('a, button'))
        expect(accessibleName(control), `${path}: ${control.outerHTML.slice(0, 120)}`).not.toBe('');
      // A hidden input is no control: nobody sees it or reaches it.
      for (const field of document.querySelectorAll('input:not([type="hidden"]), select, textarea')) {
        expect(
          document.querySelector(`label[for="${field.id}"]`) ?? field.getAttribute('aria-label'),
          `${path}: ${field.outerHTML}`,
        ).toBeTruthy();
      }
      // The only frame is the map's, made on the visitor's click; browser/home.test.ts checks its title.
      expect(document.querySelectorAll('iframe').length, path).toBe(0);
      const navs = [...document.querySelectorAll('nav')];
      for (const nav of navs)
        expect(nav.getAttribute('aria-label') ?? nav.getAttribute('aria-labelledby'), path).toBeTruthy();
    }
  });

  it('gives every image an alt text, and sizes so nothing shifts; only the first screen’s picture loads eagerly', () => {
    for (const { path, document } of pages()) {
      for (const image of document.querySelectorAll('img')) {
        expect(image.hasAttribute('alt'), `${path}: ${image.outerHTML}`).toBe(true);
        expect(image.getAttribute('width') && image.getAttribute('height'), `${path}: ${image.outerHTML}`).toBeTruthy();
        // The home page's hero, a page's own picture right under its title, a model's beside its specifications.
        const isHero =
          image.hasAttribute('data-hero') ||
          image.classList.contains('page__image') ||
          image.classList.contains('model__picture');
        const isTopBar = Boolean(image.closest('header'));
        if (!isHero && !isTopBar) expect(image.getAttribute('loading'), `${path}: ${image.outerHTML}`).toBe('lazy');
        if (isHero) expect(image.getAttribute('fetchpriority')).toBe('high');
      }
    }
  });

  it('tells screen readers that external links open a new tab, and names the brand logos', () => {
    const document = documentOf(site.files, 'es/index.html');
    for (const link of document.querySelectorAll('a[target=_blank]')) {
      expect(
        link.getAttribute('aria-label') ?? link.querySelector('.visually-hidden')?.textContent,
        link.outerHTML,
      ).toBeTruthy();
    }
    expect([...document.querySelectorAll('.brand-slide img')].map((image) => image.getAttribute('alt'))).toEqual(
      site.site.content.collections.brands.map((brand) => brand.name),
    );
  });
});
