import { beforeAll, describe, expect, it } from 'vitest';
import { buildInMemory, documentOf } from '../helpers/site.ts';

/**
 * The services page, the ends of the service pages and the 404 page, as issue 27 asked them
 * (docs/behaviour.md#routes, #content, #404-pages): grouped as the home page groups services,
 * one booking call at the end, and the language's main pages offered from a missing one.
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

describe('a service page', () => {
  it.each(locales)(
    'in %s, ends with its text’s own call to book and one booking button, not a second box',
    (locale) => {
      for (const route of servicePages(locale)) {
        const article = documentOf(site.files, `${locale}/${route.id}/index.html`).querySelector('main article')!;
        const last = article.lastElementChild!;
        expect(last.className, route.id).toBe('booking-cta');
        expect(last.querySelectorAll('a'), route.id).toHaveLength(1);
        expect(last.querySelector('[data-island="appointment"] a')?.getAttribute('target'), route.id).toBe('_blank');
        expect(last.querySelectorAll('h2, h3, p'), route.id).toHaveLength(0);
        // Right after the text, whose last section asks the reader to book.
        expect(last.previousElementSibling?.className, route.id).toBe('prose');
        expect(article.querySelectorAll('[data-island="appointment"]'), route.id).toHaveLength(
          route.entry!.facts ? 2 : 1,
        );
      }
    },
  );
});

describe('the 404 page', () => {
  it.each(locales)('in %s, offers the home page, the pages its front matter suggests and contact', (locale) => {
    const document = documentOf(site.files, `${locale}/404/index.html`);
    const links = [...document.querySelectorAll('main .not-found__links a')];
    const labelOf = (id: string) => {
      const entry = site.site.routes.find((route) => route.locale === locale && route.id === id)!.entry!;
      return entry.label ?? entry.title;
    };
    expect(links.map((link) => [link.getAttribute('href'), link.textContent])).toEqual([
      [`/${locale}/`, expect.any(String)],
      ...['services', 'products', 'about', 'faq'].map((id) => [`/${locale}/${id}/`, labelOf(id)]),
      [`/${locale}/#contact`, site.site.content.ui[locale]!['nav.contact']],
    ]);
    expect(links[0]!.className).toBe('button button--primary');
  });
});
