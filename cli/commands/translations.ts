import { BuildError, BuildErrors, formatError } from '../errors.ts';
import { loadFiles } from '../stages/load.ts';
import { validateContent } from '../stages/validate.ts';
import { LOCALES } from '../types.ts';

/**
 * What falls back to Catalan, per language: translation keys, pages and collection texts that
 * a language lacks (each shows the Catalan text there).
 */
export async function reportTranslations(
  contentDir: string,
  publicDir: string,
): Promise<{ text: string; isComplete: boolean }> {
  let warnings: readonly BuildError[];
  try {
    warnings = validateContent(await loadFiles(contentDir, publicDir)).warnings;
  } catch (error) {
    if (error instanceof BuildErrors)
      return {
        text: ['The content has errors; fix them first:', ...error.errors.map(formatError)].join('\n'),
        isComplete: false,
      };
    throw error;
  }
  const missing = warnings.filter((warning) => warning.code === 'MissingTranslation');
  const lines = LOCALES.filter((locale) => locale !== 'ca').flatMap((locale) => {
    const own = missing.filter(
      (warning) =>
        new RegExp(`has no ${locale} (text|version)|^content/${locale}/`).test(`${warning.message}`) ||
        warning.file?.startsWith(`content/${locale}/`),
    );
    return [
      `${locale}: ${own.length === 0 ? 'complete' : `${own.length} fall back to Catalan`}`,
      ...own.map((warning) => `  ${warning.file}${warning.line ? `:${warning.line}` : ''} ${warning.message}`),
    ];
  });
  return { text: lines.join('\n'), isComplete: missing.length === 0 };
}
