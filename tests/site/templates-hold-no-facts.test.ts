import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSources } from '../../cli/stages/load.ts';
import { validateContent } from '../../cli/stages/validate.ts';
import type { Content } from '../../cli/types.ts';
import { ROOT } from '../helpers/cli.ts';

/** Every text leaf of the settings, long enough to be a fact rather than a code like "ES". */
function settingTexts(value: unknown): string[] {
  if (typeof value === 'string') return value.length >= 5 ? [value] : [];
  if (typeof value === 'number') return [];
  if (Array.isArray(value)) return value.flatMap(settingTexts);
  return value && typeof value === 'object' ? Object.values(value).flatMap(settingTexts) : [];
}

let content: Content;
let sources: { file: string; text: string }[];
beforeAll(async () => {
  content = validateContent(await loadSources({ contentDir: join(ROOT, 'content'), publicDir: join(ROOT, 'public') }));
  const files = (await readdir(join(ROOT, 'templates'), { recursive: true }))
    .map(String)
    .filter((file) => /\.(tsx?|css)$/.test(file));
  sources = await Promise.all(
    files.map(async (file) => ({
      file: `templates/${file}`,
      text: await readFile(join(ROOT, 'templates', file), 'utf8'),
    })),
  );
});

const findIn = (needle: string | RegExp) =>
  sources
    .filter(({ text }) => (typeof needle === 'string' ? text.includes(needle) : needle.test(text)))
    .map(({ file }) => file);

describe('templates hold no business fact', () => {
  it('writes no setting: name, address, phones, e-mail, messaging number, addresses of other sites', () => {
    const { settings } = content;
    const facts = [
      ...settingTexts(settings),
      settings.contact.phone.replace(/\s/g, ''),
      settings.contact.mobile.replace(/\s/g, ''),
    ];
    expect(facts.length).toBeGreaterThan(15);
    for (const fact of facts) expect(findIn(fact), fact).toEqual([]);
  });

  it('writes no opening time', () => {
    for (const time of content.settings.openingHours.flatMap((slot) => [slot.opens, slot.closes]))
      expect(findIn(time), time).toEqual([]);
  });

  it('writes no price', () => {
    for (const { price } of content.collections.products)
      expect(findIn(new RegExp(`\\b${price}\\s?€|€\\s?${price}\\b`)), String(price)).toEqual([]);
  });

  it('names no brand or product', () => {
    const names = [
      ...content.collections.brands.map((brand) => brand.name),
      ...content.collections.models.map((model) => model.name),
      'Oticon',
      'Phonak',
      'Signia',
      'Widex',
      'Starkey',
      'ReSound',
      'Ray-Ban',
      'Tom Ford',
      'WhatsApp',
    ];
    for (const name of new Set(names)) expect(findIn(name), name).toEqual([]);
  });
});
