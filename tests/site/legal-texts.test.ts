import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject } from '../helpers/cli.ts';
import { buildInMemory, documentOf } from '../helpers/site.ts';

/**
 * Legal texts that match what is configured (issue 41; docs/behaviour.md#cookie-consent): the
 * example site, which has no analytics id, no marketing tag and no newsletter service, and a
 * copy that turns analytics and a newsletter service on and deploys to nginx alone, on servers
 * in the European Economic Area. What is not configured is not described, and what is, is.
 */
type Site = Awaited<ReturnType<typeof buildInMemory>>;
let example: Site;
let configured: Site;
let project: string;
beforeAll(async () => {
  project = await copyProject();
  const settings = join(project, 'content', 'site.yaml');
  const replacements: [RegExp, string][] = [
    [/^analyticsId: ""$/m, 'analyticsId: "G-TEST123"'],
    [/^newsletterEndpoint: ""$/m, 'newsletterEndpoint: https://newsletter.example.com/subscribe'],
    [/^hosts: .*$/m, 'hosts: [nginx]'],
    [/^ {2}location: !example outside-eea$/m, '  location: eea'],
  ];
  let text = await readFile(settings, 'utf8');
  for (const [from, to] of replacements) {
    if (!from.test(text)) throw new Error(`site.yaml has nothing matching ${from}`);
    text = text.replace(from, to);
  }
  await writeFile(settings, text);
  [example, configured] = await Promise.all([buildInMemory(), buildInMemory(join(project, 'content'))]);
});
afterAll(() => rm(project, { recursive: true, force: true }));

const locales = ['ca', 'es', 'en'] as const;
const pageOf = (site: Site, locale: string, id: string) =>
  documentOf(site.files, `${locale}/${id ? `${id}/` : ''}index.html`);
const textOf = (site: Site, locale: string, id: string) =>
  pageOf(site, locale, id).querySelector('.prose')!.textContent.replace(/\s+/g, ' ');
const tableNames = (site: Site, locale: string) =>
  [...pageOf(site, locale, 'legal/cookies-policy').querySelectorAll('.prose table tbody tr')].map(
    (row) => row.querySelector('td')!.textContent,
  );
const pageProps = (site: Site, locale: string) =>
  JSON.parse(pageOf(site, locale, '').querySelector('[data-island="page"]')!.getAttribute('data-props')!) as {
    cookies: string[];
  };

describe('with nothing that needs consent (the example site)', () => {
  it('shows no consent banner, no preferences and no link to them on any page (ruling 32)', () => {
    for (const [path, html] of example.files)
      if (path.endsWith('.html')) {
        expect(String(html), path).not.toContain('data-island="cookie-consent"');
        expect(String(html), path).not.toContain('data-cookie-settings');
      }
  });

  it.each(locales)('keeps no cookie choice, and says in the %s cookie policy why there is no notice', (locale) => {
    expect(tableNames(example, locale)).toEqual(['language', 'language', 'nf_lang', 'Google Maps']);
    const policy = textOf(example, locale, 'legal/cookies-policy');
    expect(policy).toMatch(
      /no et mostra cap avís de galetes|no te muestra ningún aviso de cookies|shows no cookie notice/,
    );
    expect(policy).not.toMatch(
      /Accepta|Rebutja|Aceptar|Rechazar|Accept all|Reject all|Configuració de galetes|Cookie settings/,
    );
  });

  it.each(locales)('describes no statistics and no analytics service in the %s privacy policy', (locale) => {
    const policy = textOf(example, locale, 'legal/privacy-policy');
    expect(policy).not.toMatch(/Google Analytics|anal[ií]t/i);
  });

  it.each([
    [
      'ca',
      "el nostre proveïdor d'allotjament, Netlify, Inc., conserva",
      "el nostre proveïdor d'allotjament (Netlify, Inc.) poden transferir",
    ],
    [
      'es',
      'nuestro proveedor de alojamiento, Netlify, Inc., conserva',
      'nuestro proveedor de alojamiento (Netlify, Inc.) pueden transferir',
    ],
    [
      'en',
      'our hosting provider, Netlify, Inc., acting as our processor, keeps',
      'our hosting provider (Netlify, Inc.) may transfer',
    ],
  ])(
    'names the host in the %s privacy policy as the processor of the server logs, and its transfer',
    (locale, logs, transfer) => {
      const policy = textOf(example, locale, 'legal/privacy-policy');
      expect(policy).toContain(logs);
      expect(policy).toContain(transfer);
    },
  );

  it.each([
    [
      'ca',
      "article 9.2.h de l'RGPD i article 9.2 de la LOPDGDD",
      'Si no ens facilites les dades',
      'jutjats i tribunals del teu domicili',
    ],
    [
      'es',
      'artículo 9.2.h del RGPD y artículo 9.2 de la LOPDGDD',
      'Si no nos facilitas los datos',
      'juzgados y tribunales de tu domicilio',
    ],
    [
      'en',
      'Article 9(2)(h) GDPR and Article 9(2) LOPDGDD',
      'If you do not give us your data',
      'courts of your place of residence',
    ],
  ])(
    'gives in %s the health-data basis of a booking, what follows from not giving data, and the consumer’s own courts',
    (locale, healthBasis, notGiven, courts) => {
      const booking = pageOf(example, locale, 'legal/privacy-policy').querySelectorAll('.prose h3 + ul')[0]!
        .textContent;
      expect(booking).toContain(healthBasis);
      const headings = [...pageOf(example, locale, 'legal/privacy-policy').querySelectorAll('.prose h2')].map(
        (heading) => heading.textContent,
      );
      expect(headings).toContain(notGiven);
      const terms = textOf(example, locale, 'legal/terms-conditions');
      expect(terms).toContain(courts);
      expect(terms).not.toMatch(/Barcelona courts|courts of Barcelona|tribunals de Barcelona|tribunales de Barcelona/);
    },
  );

  it.each([
    [
      'ca',
      'Òptica Poblenou, S.L. tractarà la teva adreça per enviar-te el butlletí',
      'privadesa@example.com',
      'Més informació a la política de privadesa',
    ],
    [
      'es',
      'Òptica Poblenou, S.L. tratará tu dirección para enviarte el boletín',
      'privadesa@example.com',
      'Más información en la política de privacidad',
    ],
    [
      'en',
      'Òptica Poblenou, S.L. will use your address to send you the newsletter',
      'privadesa@example.com',
      'More in our privacy policy',
    ],
  ])(
    'gives the first layer of data-protection information under the %s newsletter form',
    (locale, controller, email, more) => {
      const note = pageOf(example, locale, '').querySelector('#newsletter-consent')!;
      expect(note.textContent).toContain(controller);
      expect(note.textContent).toContain(email);
      expect(note.querySelector('a')?.textContent).toBe(more);
      expect(note.textContent).not.toMatch(/acceptes|aceptas|you agree/);
    },
  );

  it.each([
    ['ca', "un parell d'audiòfons", 'hi actua com a intermediari de crèdit'],
    ['es', 'un par de audífonos', 'actúa como intermediario de crédito'],
    ['en', 'a pair of hearing aids', 'acts as a credit intermediary'],
  ])(
    'says in the %s credit example what it buys and that the centre is the credit intermediary',
    (locale, product, intermediary) => {
      const example_ = pageOf(example, locale, '').querySelector('#products .credit-example')!.textContent;
      expect(example_).toContain(product);
      expect(example_).toContain(intermediary);
    },
  );

  it.each(locales)('introduces the %s reviews by how they were chosen and checked', (locale) => {
    const verification = pageOf(example, locale, '').querySelector('#reviews .section__intro')?.textContent;
    expect(verification).toMatch(/Google Maps/);
    expect(verification).toMatch(/agenda|appointment book/);
  });

  it('saves the language in the cookies of every host the site lists', () => {
    expect(pageProps(example, 'ca').cookies).toEqual(['language', 'nf_lang']);
  });
});

describe('with analytics, a newsletter service and one host in the EEA', () => {
  it.each(locales)('shows the %s banner and the footer link to the preferences, and keeps the choice', (locale) => {
    const home = pageOf(configured, locale, '');
    expect(home.querySelector('[data-island="cookie-consent"] [data-consent-banner]')).not.toBeNull();
    expect(home.querySelector('footer a[data-cookie-settings]')).not.toBeNull();
    expect(tableNames(configured, locale)).toEqual([
      'language',
      'language',
      'cookieConsent',
      '_ga',
      '_ga_TEST123',
      'Google Maps',
    ]);
    expect(textOf(configured, locale, 'legal/cookies-policy')).toMatch(
      /Configuració de galetes|Configuración de cookies|Cookie settings/,
    );
  });

  it.each([
    [
      'ca',
      'Les estadístiques del lloc web',
      'WhatsApp (Meta), el proveïdor del mapa (Google Maps) i Google (Google Analytics) poden transferir',
      'el proveïdor que fa els enviaments del butlletí',
    ],
    [
      'es',
      'Las estadísticas del sitio web',
      'WhatsApp (Meta), el proveedor del mapa (Google Maps) y Google (Google Analytics) pueden transferir',
      'el proveedor que hace los envíos del boletín',
    ],
    [
      'en',
      "The website's statistics",
      'WhatsApp (Meta), the map provider (Google Maps) and Google (Google Analytics) may transfer',
      'the provider that sends out the newsletter',
    ],
  ])(
    'describes the statistics in the %s privacy policy, and neither a host abroad nor the e-mail fallback',
    (locale, title, transfers, newsletter) => {
      const headings = [...pageOf(configured, locale, 'legal/privacy-policy').querySelectorAll('.prose h3')].map(
        (heading) => heading.textContent,
      );
      expect(headings).toContain(title);
      const policy = textOf(configured, locale, 'legal/privacy-policy');
      expect(policy).toContain(transfers);
      expect(policy).toContain(newsletter);
    },
  );

  it('saves the language only in the cookie nginx reads', () => {
    expect(pageProps(configured, 'es').cookies).toEqual(['language']);
  });
});
