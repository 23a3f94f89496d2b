import { BuildError } from '../errors.ts';
import type { Locale } from '../types.ts';
import { describeField } from './field-names.ts';
import type { YamlSource } from './yaml-lines.ts';

/** A text per language as collections write it: an object whose keys are all language codes. */
function isLocalized(value: unknown): value is Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return entries.length > 0 && entries.every(([key, text]) => /^[a-z]{2}$/.test(key) && typeof text === 'string');
}

/**
 * Checks every text per language in a YAML file against the site's languages (the first is
 * the default): a language the site does not have, or a missing default text, is an error; a
 * text missing in another language is a warning, since the default language's text is shown.
 */
export function checkLocalizedTexts(
  source: YamlSource,
  file: string,
  languages: readonly Locale[],
  findings: { readonly errors: BuildError[]; readonly warnings: BuildError[] },
): void {
  const [fallback] = languages;
  const visit = (value: unknown, path: readonly PropertyKey[]) => {
    if (isLocalized(value)) {
      const field = describeField(path, source.data);
      for (const key of Object.keys(value).filter((code) => !languages.includes(code))) {
        const where = { file, ...source.positionOf([...path, key]) };
        const message = `${field} has a text in "${key}", which is not a language of the site (${languages.join(', ')})`;
        findings.errors.push(new BuildError('InvalidField', message, where));
      }
      for (const locale of languages.filter((code) => value[code] === undefined)) {
        const where = { file, ...source.positionOf(path) };
        if (locale === fallback) {
          const message = `${field} has no ${locale} text, which every other language falls back to`;
          findings.errors.push(new BuildError('InvalidField', message, where));
        } else {
          const message = `${field} has no ${locale} text; the ${fallback} text is shown`;
          findings.warnings.push(new BuildError('MissingTranslation', message, where));
        }
      }
      return;
    }
    if (!value || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) visit(child, [...path, Array.isArray(value) ? Number(key) : key]);
  };
  visit(source.data, []);
}
