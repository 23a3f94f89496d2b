import { BuildError } from '../errors.ts';
import { uiKeys } from '../schemas/ui.ts';
import type { Content, Locale, Translate, UiKey } from '../types.ts';
import { codeFrameOf, generatorFramesIn } from './source-location.ts';

const declared = new Set<string>(uiKeys);

/**
 * The translation function of one language (docs/behaviour.md#translations): a text missing in
 * the language falls back to the default language's (validation already reported it). A key
 * with no text at all gives the key itself, and `onUnknownKey` a problem, "Translation key not
 * found", that fails the page: a template asking for a key cli/schemas/ui.ts does not declare
 * is a mistake in the template, reported at its line (type-checking finds most first).
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
      onUnknownKey(declared.has(key) ? textlessKey(key, defaultLocale) : undeclaredKey(key, new Error().stack));
      return key;
    }
    return vars
      ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole))
      : text;
  };
}

/** A template asked for a key cli/schemas/ui.ts does not declare: placed at the template's call, with where to declare it. */
function undeclaredKey(key: string, stack: string | undefined): BuildError {
  const [caller] = generatorFramesIn(stack, 'templates/');
  const message = `Translation key not found: "${key}" is not declared in cli/schemas/ui.ts`;
  const hint = `Fix the key's spelling, or declare "${key}" in cli/schemas/ui.ts (UI_TEXTS, with its description and an example) and give it a text in every content/<language>/ui.yaml. Type-checking (npx tsc --noEmit) finds a key written out that is not declared.`;
  if (!caller) return new BuildError('UnknownTranslationKey', message, { file: 'cli/schemas/ui.ts', hint });
  const frame = codeFrameOf(caller);
  return new BuildError('UnknownTranslationKey', message, { ...caller, ...(frame ? { frame } : {}), hint });
}

/** A declared key without a text, not even in the default language: a table validation did not see. */
function textlessKey(key: string, defaultLocale: Locale): BuildError {
  const file = `content/${defaultLocale}/ui.yaml`;
  return new BuildError('MissingTranslation', `Translation key not found: "${key}" has no text in ${file}`, { file });
}
