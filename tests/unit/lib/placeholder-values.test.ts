import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../../cli/lib/translate.ts';
import { placeholderValue, withSettingsFilled, type PlaceholderSources } from '../../../cli/lib/placeholder-values.ts';
import type { Collections, Content, Settings } from '../../../cli/types.ts';

const ui: Content['ui'] = {
  ca: {
    'hours.mo': 'dilluns',
    'hours.tu': 'dimarts',
    'hours.we': 'dimecres',
    'hours.th': 'dijous',
    'hours.fr': 'divendres',
    'hours.sa': 'dissabte',
    'hours.su': 'diumenge',
    'hours.openDays': 'de {from} a {to}',
  },
  en: { 'hours.mo': 'Monday', 'hours.fr': 'Friday', 'hours.sa': 'Saturday', 'hours.openDays': '{from} to {to}' },
};

const settings = {
  name: 'Òptica Poblenou',
  languages: [
    { code: 'ca', ogLocale: 'ca_ES' },
    { code: 'en', ogLocale: 'en_GB' },
  ],
  openingHours: [
    { days: ['mo', 'tu', 'we', 'th'], opens: '10:00', closes: '13:30' },
    { days: ['fr'], opens: '10:00', closes: '20:00' },
    { days: ['sa'], opens: '10:30', closes: '14:00' },
  ],
  visits: {
    hearingAidTrialDeposit: 100,
    hearingAidTrialTerms: {
      ca: 'Un dipòsit de {{visits.hearingAidTrialDeposit}} €.',
      en: 'A deposit of €{{visits.hearingAidTrialDeposit}}.',
    },
    loop: { ca: 'Jo mateix: {{visits.loop}}' },
  },
} as unknown as Settings;

const collections = {
  products: [{ id: 'contact-lenses', price: 26, unit: { ca: 'la capsa de 30 lents diàries' } }],
} as unknown as Collections;

const sourcesIn = (locale: string, hours = settings.openingHours): PlaceholderSources => ({
  settings: { ...settings, openingHours: hours },
  collections,
  locale,
  defaultLocale: 'ca',
  t: createTranslator(locale, 'ca', ui, () => undefined),
});

describe('placeholderValue', () => {
  it('writes a product teaser’s price and what it buys, in the page’s language or the default one', () => {
    expect(placeholderValue('products.contact-lenses.price', sourcesIn('en'))).toBe('26');
    expect(placeholderValue('products.contact-lenses.unit', sourcesIn('en'))).toBe('la capsa de 30 lents diàries');
    expect(placeholderValue('products.contact-lenses.name', sourcesIn('ca'))).toBeUndefined();
    expect(placeholderValue('products.eyeglasses.price', sourcesIn('ca'))).toBeUndefined();
  });

  it('fills the placeholders of the settings’ own texts, each in its language, and lists what it cannot', () => {
    const { settings: filled, unknown } = withSettingsFilled(settings);
    expect(filled.visits.hearingAidTrialTerms).toEqual({ ca: 'Un dipòsit de 100 €.', en: 'A deposit of €100.' });
    expect((filled.visits as unknown as { loop: unknown }).loop).toEqual({ ca: 'Jo mateix: {{visits.loop}}' });
    expect(unknown).toEqual([{ path: ['visits', 'loop', 'ca'], name: 'visits.loop' }]);
    expect(placeholderValue('visits.hearingAidTrialTerms', { ...sourcesIn('en'), settings: filled })).toBe(
      'A deposit of €100.',
    );
  });

  it('writes the days the shop opens from the hours: one range, or each run of days listed', () => {
    expect(placeholderValue('opening-days', sourcesIn('ca'))).toBe('de dilluns a dissabte');
    expect(placeholderValue('opening-days', sourcesIn('en'))).toBe('Monday to Saturday');
    const closedOnWednesday = [
      { days: ['mo', 'tu'], opens: '10:00', closes: '14:00' },
      { days: ['th', 'fr', 'sa'], opens: '10:00', closes: '14:00' },
      { days: ['su'], opens: '11:00', closes: '13:00' },
    ] as Settings['openingHours'];
    expect(placeholderValue('opening-days', sourcesIn('ca', closedOnWednesday))).toBe(
      'de dilluns a dimarts i de dijous a diumenge',
    );
    const mondaysOnly = [{ days: ['mo'], opens: '10:00', closes: '14:00' }] as Settings['openingHours'];
    expect(placeholderValue('opening-days', sourcesIn('en', mondaysOnly))).toBe('Monday');
  });
});
