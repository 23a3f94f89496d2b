import { BuildError } from '../errors.ts';
import { positionAt } from '../lib/text-position.ts';
import { SEARCH_LIMITS } from '../schemas/common.ts';
import type { PageEntry, Settings } from '../types.ts';
import { searchTitle } from '../../templates/seo/search-title.ts';

/**
 * A page's title in search results is its front-matter title, " | " and the site's name (the
 * home page's stands alone, docs/behaviour.md#seo-and-structured-data): the whole must fit in 60
 * characters, which only the settings can tell. Refused at the title's value.
 */
export function checkSearchTitles(
  pages: readonly PageEntry[],
  texts: ReadonlyMap<string, string>,
  settings: Settings,
  errors: BuildError[],
): void {
  for (const page of pages) {
    const full = searchTitle(page.id, page.title, settings.name);
    const length = [...full].length;
    if (length <= SEARCH_LIMITS.title) continue;
    const text = texts.get(page.file) ?? '';
    const title = /^title[ \t]*:[ \t]*/m.exec(text);
    const { line, col } = title ? positionAt(text, title.index + title[0].length) : { line: 1, col: 1 };
    errors.push(
      new BuildError(
        'InvalidField',
        `title: "${full}" is ${length} characters in search results; keep the title within ${SEARCH_LIMITS.title - (full.length - page.title.length)} so the whole fits in ${SEARCH_LIMITS.title}`,
        { file: page.file, line, col },
      ),
    );
  }
}
