import { describe, expect, it } from 'vitest';
import { findWordProblems, wordRulesOf, type Glossary } from '../../../cli/validate/word-rules.ts';
import type { Collections, Content, Settings } from '../../../cli/types.ts';

const settings = {
  address: { street: 'Rambla del Poblenou, 48', postalCode: '08005' },
  contact: { phone: '+34 930 000 000', mobile: '+34 600 000 000', whatsapp: '34600000000', email: 'hola@example.com' },
  dataProtection: { email: 'privadesa@example.com' },
  openingHours: [{ days: ['sa'], opens: '10:30', closes: '14:00' }],
  visits: { eyeExam: { price: 30 }, hearingTest: { price: 40 }, hearingAidTrialDeposit: 100 },
  financing: { monthlyInstalment: 90, cashPrice: 2160 },
} as unknown as Settings;
const collections = { products: [{ id: 'eyeglasses', price: 89 }] } as unknown as Collections;
const ui: Content['ui'] = { ca: { 'hours.sa': 'dissabte' }, en: { 'hours.sa': 'Saturday' } };
const glossary: Glossary = [
  { use: { ca: 'revisió auditiva' }, avoid: { ca: ["prova d'audició"] } },
  { avoid: { ca: ['sentir-hi millor'] }, why: 'a promise of an outcome' },
];
const rules = wordRulesOf({ settings, collections, ui }, glossary, ['ca', 'en']);
const problems = (text: string, more: object = {}) =>
  findWordProblems(rules, { text, locale: 'ca', field: 'body', ...more }).map(({ code, shown }) => [code, shown]);

describe('reading texts for refused words and typed facts', () => {
  it('finds a refused word as a whole word in any letter case, with either apostrophe and a non-breaking space', () => {
    expect(problems('La Prova d’audició i la prova\u00a0d’audició.')).toEqual([
      ['RefusedWord', 'Prova d’audició'],
      ['RefusedWord', 'prova\u00a0d’audició'],
    ]);
    expect(problems("Les proves d'audicions.")).toEqual([]);
    expect(problems('Llegeix la reprova d’audició.')).toEqual([]);
  });

  it('names the word to write, or the reason a claim is refused', () => {
    const [name, claim] = findWordProblems(rules, {
      text: "Una prova d'audició per sentir-hi millor.",
      locale: 'ca',
      field: 'body',
    });
    expect(name!.message).toBe('body: "prova d\'audició": the site calls this "revisió auditiva"');
    expect(claim!.message).toBe('body: "sentir-hi millor": the site does not say this (a promise of an outcome)');
  });

  it('finds each business fact typed by hand, with the placeholder that writes it', () => {
    const found = findWordProblems(rules, {
      text: 'A la Rambla del Poblenou, 08005: des de 89 €, 90 € al mes, 30 € i 12,50 €; els dissabtes de 10.30 a 14:00, al 930 00 00 00 o a hola@example.com.',
      locale: 'ca',
      field: 'body',
    });
    expect(found.map(({ shown, message }) => [shown, /write (\{\{[^}]+\}\}|a setting)/.exec(message)?.[1]])).toEqual([
      ['Rambla del Poblenou', '{{address.street}}'],
      ['08005', '{{address.postalCode}}'],
      ['89 €', '{{products.eyeglasses.price}}'],
      ['90 €', '{{financing.monthlyInstalment}}'],
      ['30 €', '{{visits.eyeExam.price}}'],
      ['12,50 €', 'a setting'],
      ['dissabtes', '{{opening-days}}'],
      ['10.30', undefined],
      ['14:00', undefined],
      ['930 00 00 00', '{{contact.phone}}'],
      ['hola@example.com', '{{contact.email}}'],
    ]);
  });

  it('leaves a customer’s words their own but for the claims, and the table’s names of the days', () => {
    expect(
      problems("Em van fer una prova d'audició el dissabte, a la Rambla del Poblenou: 40 €. Hi sento millor.", {
        isQuoted: true,
      }),
    ).toEqual([]);
    expect(problems('Ara puc sentir-hi millor.', { isQuoted: true })).toEqual([['RefusedWord', 'sentir-hi millor']]);
    expect(problems('dissabte', { field: 'hours.sa', namesDays: true })).toEqual([]);
  });

  it('refuses a placeholder where a text is shown as written, and a fact there with another advice', () => {
    const [placeholder, price] = findWordProblems(rules, {
      text: 'Ulleres des de {{products.eyeglasses.price}} € o 89 €',
      locale: 'ca',
      field: 'description',
      isShownAsWritten: true,
    });
    expect(placeholder!.message).toMatch(/^description: \{\{products\.eyeglasses\.price\}\} is not filled/);
    expect(price!.message).toMatch(/^description: "89 €" is the price typed by hand: a description carries no price/);
  });

  it('reads a page’s body from where it starts in its file', () => {
    expect(
      findWordProblems(rules, { text: 'title: 89 €\n---\nDes de 89 €', start: 16, locale: 'ca', field: 'body' }).map(
        (problem) => problem.at,
      ),
    ).toEqual([23]);
  });
});
