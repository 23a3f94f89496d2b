import { BuildError } from '../errors.ts';
import type { Content, Locale, Translate, UiKey } from '../types.ts';

/**
 * The translation function of one language (docs/behaviour.md#translations): a text missing in
 * the language falls back to the default language's (validation already reported it); an
 * unknown key shows the key itself, logs "Translation key not found" and is reported through
 * `onUnknownKey`.
 */
export function createTranslator(
  locale: Locale,
  defaultLocale: Locale,
  ui: Content['ui'],
  onUnknownKey: (problem: BuildError) => void,
): Translate {
  const own = ui[locale] ?? {};
  const fallback = ui[defaultLocale] ?? {};
  return (key: UiKey, vars) => {
    const text = own[key] ?? fallback[key];
    if (text === undefined) {
      console.warn(`Translation key not found: ${key}`);
      onUnknownKey(
        new BuildError('UnknownTranslationKey', `Translation key not found: "${key}" (${locale})`, {
          file: `content/${locale}/ui.yaml`,
        }),
      );
      return key;
    }
    return vars
      ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole))
      : text;
  };
}
