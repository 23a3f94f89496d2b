import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { Locale, UiKey } from '../../cli/types.ts';
import { ROOT } from './cli.ts';

const tables = new Map<Locale, Record<string, string>>();

/** A text of the translation table, as the site shows it (tests compare what the page says with it). */
export function uiText(locale: Locale, key: UiKey): string {
  if (!tables.has(locale))
    tables.set(locale, parse(readFileSync(join(ROOT, 'content', locale, 'ui.yaml'), 'utf8')) as Record<string, string>);
  const text = tables.get(locale)![key];
  if (text === undefined) throw new Error(`content/${locale}/ui.yaml has no ${key}`);
  return text;
}
