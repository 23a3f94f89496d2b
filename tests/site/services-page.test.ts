import { beforeAll, describe, expect, it } from 'vitest';
import { buildInMemory, documentOf } from '../helpers/site.ts';

/**
 * The services page, as issue 27 asked it (docs/behaviour.md#routes): grouped as the home page
 * groups services.
 */
const locales = ['ca', 'es', 'en'] as const;

let site: Awaited<ReturnType<typeof buildInMemory>>;
beforeAll(async () => {
  site = await buildInMemory();
});

const servicePages = (locale: string) =>
  site.site.routes.filter((route) => route.locale === locale && route.template === 'service');

describe('the services page', () => {
  it.each(locales)('in %s, groups the services as the home page does, with its headings and icons', (locale) => {
    const page = documentOf(site.files, `${locale}/services/index.html`);
    const home = documentOf(site.files, `${locale}/index.html`);
    const groups = [...page.querySelectorAll('main section.service-group')];
    expect(groups.map((group) => group.id)).toEqual(['optical', 'audiology']);
    for (const group of groups) {
      expect(group.querySelector('h2')?.textContent).toBe(home.querySelector(`#${group.id} h2`)?.textContent);
      // Every card of the home page's section is in the group, with the same icon, name and text.
      const cardOf = (card: Element) => ({
        href: card.querySelector('h3 a')?.getAttribute('href'),
        icon: card.querySelector('img.service-card__icon')?.getAttribute('src'),
        name: card.querySelector('h3 a')?.textContent,
        text: card.querySelector('p')?.textContent,
      });
      const cards = [...group.querySelectorAll('.service-card')].map(cardOf);
      expect(cards).toEqual(
        expect.arrayContaining([...home.querySelectorAll(`#${group.id} .service-card`)].map(cardOf)),
      );
      expect(cards.every((card) => card.icon?.startsWith('/images/icons/'))).toBe(true);
    }
  });

  it.each(locales)('in %s, links every service page once, in the order of the services collection', (locale) => {
    const page = documentOf(site.files, `${locale}/services/index.html`);
    const links = [...page.querySelectorAll('main .service-card h3 a')].map((link) => link.getAttribute('href'));
    expect([...links].sort()).toEqual(
      servicePages(locale)
        .map((route) => route.url)
        .sort(),
    );
    const order = site.site.content.collections.services.map((card) => `/${locale}${card.link}/`);
    expect(links).toEqual(order.filter((url) => links.includes(url)));
  });

  it.each(locales)('in %s, shows each card’s own sentence, not the search description', (locale) => {
    const page = documentOf(site.files, `${locale}/services/index.html`);
    const descriptions = new Set(servicePages(locale).map((route) => route.entry!.description));
    const texts = [...page.querySelectorAll('main .service-card p')].map((text) => text.textContent ?? '');
    expect(texts.filter((text) => descriptions.has(text) || /Poblenou, Barcelona:/.test(text))).toEqual([]);
  });

  it('puts the two contact lens pages side by side in the optical group', () => {
    for (const locale of locales) {
      const links = [
        ...documentOf(site.files, `${locale}/services/index.html`).querySelectorAll('#optical .service-card h3 a'),
      ].map((link) => link.getAttribute('href'));
      const fitting = links.indexOf(`/${locale}/services/lents-contacte/`);
      expect(fitting, locale).toBeGreaterThanOrEqual(0);
      expect(links[fitting + 1], locale).toBe(`/${locale}/services/contact-lenses/`);
    }
  });
});
