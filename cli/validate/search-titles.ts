import { BuildError } from '../errors.ts';
import { SEARCH_LIMITS } from '../schemas/common.ts';
import type { PageEntry, Settings } from '../types.ts';
import { searchTitle } from '../../templates/seo/search-title.ts';

/**
 * A page's title in search results is its front-matter title, " | " and the site's name (the
 * home page's stands alone, docs/behaviour.md#seo-and-structured-data): the whole must fit in 60
 * characters, which only the settings can tell. Refused at the title's line.
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
    const line = (texts.get(page.file) ?? '').split('\n').findIndex((text) => /^title\s*:/.test(text)) + 1;
    errors.push(
      new BuildError(
        'InvalidField',
        `title: "${full}" is ${length} characters in search results; keep the title within ${SEARCH_LIMITS.title - (full.length - page.title.length)} so the whole fits in ${SEARCH_LIMITS.title}`,
        { file: page.file, line: line || 1 },
      ),
    );
  }
}
