import { BuildError } from '../errors.ts';
import { DEFAULT_LOCALE, type Content, type Locale, type Translate, type UiKey } from '../types.ts';

/**
 * The translation function of one locale (spec §4): a text missing in the locale falls back to
 * Catalan (validation already reported it); an unknown key shows the key itself, logs
 * "Translation key not found" and is reported through `onUnknownKey`.
 */
export function createTranslator(
  locale: Locale,
  ui: Content['ui'],
  onUnknownKey: (problem: BuildError) => void,
): Translate {
  const own = ui[locale];
  const fallback = ui[DEFAULT_LOCALE];
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
