import { BuildError } from '../errors.ts';
import { positionAt } from '../lib/text-position.ts';
import type { Locale, PageEntry } from '../types.ts';

/**
 * Every page a not-found page suggests (`suggestions` in its front matter) is a page of the site
 * in that language, its own or the default language's, which it falls back to. Refused at the
 * field, instead of failing the template that shows the link. A page whose own file has
 * problems (`failed`, as `locale/id`) is there all the same: its problems are reported already.
 */
export function checkSuggestedPages(
  pages: readonly PageEntry[],
  failed: ReadonlySet<string>,
  texts: ReadonlyMap<string, string>,
  codes: readonly Locale[],
  errors: BuildError[],
): void {
  const ids = new Set([...pages.map((page) => `${page.locale}/${page.id}`), ...failed]);
  const exists = (locale: Locale, id: string) => ids.has(`${locale}/${id}`) || ids.has(`${codes[0]}/${id}`);
  for (const page of pages) {
    for (const path of page.suggestions ?? []) {
      const id = path.replace(/^\/+|\/+$/g, '');
      if (exists(page.locale, id)) continue;
      const text = texts.get(page.file) ?? '';
      const field = /^suggestions[ \t]*:/m.exec(text);
      const { line, col } = field ? positionAt(text, field.index) : { line: 1, col: 1 };
      errors.push(
        new BuildError('InvalidField', `suggestions: there is no page ${path} in ${page.locale}`, {
          file: page.file,
          line,
          col,
          hint: 'Each suggestion is a page’s address without the language prefix, such as /services or /about.',
        }),
      );
    }
  }
}
