import { BuildErrors, formatError } from '../errors.ts';
import { loadSources } from '../stages/load.ts';
import { validateContent } from '../stages/validate.ts';
import type { BuildError } from '../errors.ts';

/**
 * What falls back to the default language, per language: translation keys, pages and
 * collection texts that a language lacks (each shows the default language's text there).
 */
export async function reportTranslations(
  contentDir: string,
  publicDir: string,
): Promise<{ text: string; isComplete: boolean }> {
  let content;
  try {
    content = validateContent(await loadSources({ contentDir, publicDir }));
  } catch (error) {
    if (!(error instanceof BuildErrors)) throw error;
    const text = ['The content has errors; fix them first:', ...error.errors.map(formatError)].join('\n');
    return { text, isComplete: false };
  }
  const missing = content.warnings.filter((warning) => warning.code === 'MissingTranslation');
  const [, ...others] = content.languages.map((language) => language.code);
  const isAbout = (warning: BuildError, locale: string) =>
    new RegExp(`has no ${locale} (text|version)`).test(warning.message) ||
    warning.file?.startsWith(`content/${locale}/`);
  const lines = others.flatMap((locale) => {
    const own = missing.filter((warning) => isAbout(warning, locale));
    const heading = `${locale}: ${own.length === 0 ? 'complete' : `${own.length} fall back to ${content.languages[0]!.code}`}`;
    return [
      heading,
      ...own.map((warning) => `  ${warning.file}${warning.line ? `:${warning.line}` : ''} ${warning.message}`),
    ];
  });
  return { text: lines.join('\n'), isComplete: missing.length === 0 };
}
