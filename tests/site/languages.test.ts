import { beforeAll, describe, expect, it } from 'vitest';
import { buildInMemory, documentOf } from '../helpers/site.ts';

/** Frequent short words that each language has and the other two do not. */
const markers = {
  ca: ['amb', 'els', 'per', 'és', 'dels', 'teva', 'teus', 'fins', 'també', 'aquest', 'aquesta', 'perquè', 'cada', 'hi'],
  es: ['con', 'los', 'para', 'por', 'también', 'tu', 'tus', 'este', 'esta', 'porque', 'muy', 'pero', 'hay', 'puedes'],
  en: ['the', 'and', 'with', 'for', 'your', 'you', 'our', 'this', 'that', 'are', 'can', 'we', 'of', 'to'],
} as const;
type Locale = keyof typeof markers;

function languageScores(text: string): Record<Locale, number> {
  const words = text.toLowerCase().match(/[\p{L}·']+/gu) ?? [];
  const counts = new Map<string, number>();
  for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  return Object.fromEntries(
    Object.entries(markers).map(([locale, list]) => [
      locale,
      list.reduce((sum, word) => sum + (counts.get(word) ?? 0), 0),
    ]),
  ) as Record<Locale, number>;
}

/** The page's own words: the main region, without the parts quoted in other languages. */
function mainText(document: Document): string {
  const main = document.querySelector('main')!.cloneNode(true) as HTMLElement;
  for (const quoted of main.querySelectorAll('[lang]')) quoted.remove();
  return main.textContent ?? '';
}

let site: Awaited<ReturnType<typeof buildInMemory>>;
beforeAll(async () => {
  site = await buildInMemory();
});

describe('text in the page’s language', () => {
  it('writes every page detectably in its own language, by common-word counts', () => {
    const wrong: string[] = [];
    for (const route of site.site.routes.filter((candidate) => candidate.template !== 'not-found')) {
      const scores = languageScores(mainText(documentOf(site.files, `${route.url.slice(1)}index.html`)));
      const others = (Object.keys(scores) as Locale[]).filter((locale) => locale !== route.locale);
      if (!others.every((locale) => scores[route.locale as Locale] > 2 * scores[locale]))
        wrong.push(`${route.url} ${JSON.stringify(scores)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('gives every page different text in each language', () => {
    const ids = new Set(site.site.routes.map((route) => route.id));
    for (const id of ids) {
      const versions = site.site.routes.filter((route) => route.id === id);
      const texts = versions.map((route) =>
        mainText(documentOf(site.files, `${route.url.slice(1)}index.html`)).replace(/\s+/g, ' '),
      );
      expect(new Set(texts).size, id).toBe(3);
    }
  });

  it('writes at least 350 words on every service page in every language', () => {
    for (const route of site.site.routes.filter((candidate) => candidate.template === 'service')) {
      const words = documentOf(site.files, `${route.url.slice(1)}index.html`)
        .querySelector('.prose')!
        .textContent.match(/[\p{L}\d]+/gu)!;
      expect(words.length, route.url).toBeGreaterThanOrEqual(350);
    }
  });

  it('gives each service page a booking call to action and an FAQ of at least four questions', () => {
    for (const route of site.site.routes.filter((candidate) => candidate.template === 'service')) {
      const document = documentOf(site.files, `${route.url.slice(1)}index.html`);
      expect(
        document.querySelector('.booking-cta [data-island="appointment"] a[target=_blank]'),
        route.url,
      ).not.toBeNull();
      expect(document.querySelectorAll('.prose h3').length, route.url).toBeGreaterThanOrEqual(4);
    }
  });

  it('links the two contact-lens pages to each other and gives them distinct titles and canonicals', () => {
    for (const locale of ['ca', 'es', 'en']) {
      const fitting = documentOf(site.files, `${locale}/services/lents-contacte/index.html`);
      const lenses = documentOf(site.files, `${locale}/services/contact-lenses/index.html`);
      expect(fitting.querySelector(`.prose a[href="/${locale}/services/contact-lenses/"]`)).not.toBeNull();
      expect(lenses.querySelector(`.prose a[href="/${locale}/services/lents-contacte/"]`)).not.toBeNull();
      expect(fitting.title).not.toBe(lenses.title);
      expect(fitting.querySelector('link[rel=canonical]')?.getAttribute('href')).toMatch(/lents-contacte\/$/);
      expect(lenses.querySelector('link[rel=canonical]')?.getAttribute('href')).toMatch(/contact-lenses\/$/);
    }
  });

  it('keeps each review in its own language, marked with lang', () => {
    const reviews = documentOf(site.files, 'en/index.html').querySelectorAll('.review__text');
    expect(reviews).toHaveLength(5);
    for (const review of reviews) {
      const lang = review.getAttribute('lang') as Locale;
      const scores = languageScores(review.textContent ?? '');
      expect(Math.max(...Object.values(scores)), review.textContent ?? '').toBe(scores[lang]);
    }
  });
});
