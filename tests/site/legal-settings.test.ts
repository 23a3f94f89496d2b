import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject } from '../helpers/cli.ts';
import { buildInMemory, documentOf } from '../helpers/site.ts';

/**
 * The legal settings a centre may or may not have (content/README.md, "Legal settings"; issue
 * 28), turned the other way from the example site's: in a copy of the content, no data
 * protection officer and no authorisation to advertise medical devices, but a consumer
 * arbitration board and a page of professional rules. Each text must follow the settings, and
 * what is not set must leave nothing behind (site/pages.test.ts checks the example site's own).
 */
let project: string;
let site: Awaited<ReturnType<typeof buildInMemory>>;
const rulesUrl = 'https://www.example.com/normes-professionals';
beforeAll(async () => {
  project = await copyProject();
  const settings = join(project, 'content', 'site.yaml');
  const replace = (text: string, from: RegExp, to: string) => {
    if (!from.test(text)) throw new Error(`site.yaml has nothing matching ${from}`);
    return text.replace(from, to);
  };
  let text = await readFile(settings, 'utf8');
  text = replace(text, /^ {2}advertisingAuthorisation: .*\n/m, `  professionalRules: ${rulesUrl}\n`);
  text = replace(text, /^ {2}officer: .*\n/m, '');
  text = replace(text, /^consumerArbitration: ""$/m, 'consumerArbitration: Junta Arbitral de Consum de Catalunya');
  await writeFile(settings, text);
  site = await buildInMemory(join(project, 'content'));
});
afterAll(async () => {
  await rm(project, { recursive: true, force: true });
});

const locales = ['ca', 'es', 'en'] as const;
const page = (locale: string, id: string) => documentOf(site.files, `${locale}/${id ? `${id}/` : ''}index.html`);
const proseOf = (locale: string, id: string) => page(locale, id).querySelector('.prose')!;

describe('optional legal settings', () => {
  it.each(locales)('names no data protection officer in the %s privacy policy when none is set', (locale) => {
    const prose = proseOf(locale, 'legal/privacy-policy');
    expect(prose.textContent).not.toMatch(/\(DPD\)|\(DPO\)|dpd@example\.com/);
    expect([...prose.querySelectorAll('p')].filter((paragraph) => paragraph.textContent.trim() === '')).toEqual([]);
  });

  it.each([
    ['ca', 'Estem adherits al sistema arbitral de consum (Junta Arbitral de Consum de Catalunya).'],
    ['es', 'Estamos adheridos al sistema arbitral de consumo (Junta Arbitral de Consum de Catalunya).'],
    ['en', 'We belong to the consumer arbitration system (Junta Arbitral de Consum de Catalunya).'],
  ])('says in the %s terms that the centre belongs to its arbitration board', (locale, sentence) => {
    const terms = proseOf(locale, 'legal/terms-conditions').textContent;
    expect(terms).toContain(sentence);
    expect(terms).not.toMatch(/No estem adherits|No estamos adheridos|We do not belong/);
  });

  it.each(locales)('links the %s legal notice to the page of professional rules', (locale) => {
    const link = proseOf(locale, 'legal/terms-conditions').querySelector(`a[href="${rulesUrl}"]`);
    expect(link?.textContent).toBe(rulesUrl);
    expect(link?.parentElement?.textContent).toMatch(/normes professionals|normas profesionales|professional rules/);
  });

  it('shows no authorisation to advertise medical devices where none is set', () => {
    for (const locale of locales)
      for (const id of ['', 'services/hearing-aids', 'products/oticon-models', 'products/oticon-models/real'])
        expect(page(locale, id).querySelector('.advertising-authorisation'), `${locale}/${id}`).toBeNull();
  });
});
