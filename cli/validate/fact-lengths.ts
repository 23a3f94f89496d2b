import { CREDIT_MARKER } from '../../templates/format.ts';
import { BuildError } from '../errors.ts';
import { PLACEHOLDER } from '../lib/markdown.ts';
import { placeholderValue } from '../lib/placeholder-values.ts';
import { positionAt } from '../lib/text-position.ts';
import { createTranslator } from '../lib/translate.ts';
import { FACT_SHOWN_LENGTH } from '../schemas/common.ts';
import type { Collections, Content, Locale, PageEntry, Settings } from '../types.ts';

/**
 * A key fact's value is short enough to scan (at most 90 characters) as a visitor reads it:
 * with its placeholders filled, its credit marker an asterisk. Written, a placeholder is longer
 * or shorter than what it writes, so only the settings can tell. Refused at the value.
 */
export function checkFactLengths(
  pages: readonly PageEntry[],
  content: { readonly settings: Settings; readonly collections: Collections; readonly ui: Content['ui'] },
  languages: readonly Locale[],
  texts: ReadonlyMap<string, string>,
  errors: BuildError[],
): void {
  const [defaultLocale = ''] = languages;
  for (const page of pages.filter((entry) => entry.facts?.length)) {
    const t = createTranslator(page.locale, defaultLocale, content.ui, () => undefined);
    const sources = { ...content, locale: page.locale, defaultLocale, t };
    for (const { value } of page.facts!) {
      const shown = value.replace(PLACEHOLDER, (whole, name: string) =>
        whole === CREDIT_MARKER ? '*' : (placeholderValue(name, sources) ?? whole),
      );
      const length = [...shown].length;
      if (length <= FACT_SHOWN_LENGTH) continue;
      const text = texts.get(page.file) ?? '';
      const at = text.indexOf(value);
      errors.push(
        new BuildError(
          'InvalidField',
          `facts: "${shown}" is ${length} characters as shown; a key fact is at most ${FACT_SHOWN_LENGTH}`,
          { file: page.file, ...(at >= 0 ? positionAt(text, at) : {}) },
        ),
      );
    }
  }
}
