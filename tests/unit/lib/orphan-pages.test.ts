import { describe, expect, it } from 'vitest';
import { findOrphanPages } from '../../../cli/lib/orphan-pages.ts';
import type { Output, PageSummary, Route } from '../../../cli/types.ts';

/** A page of id `id` in `locale`, linking to `links`; its translations are the same id in ca and en. */
const page = (id: string, locale: 'ca' | 'en', links: string[], extra: Partial<Route> = {}): Output => {
  const url = id === '' ? `/${locale}/` : `/${locale}/${id}/`;
  const route = {
    id,
    url,
    locale,
    isIndexable: true,
    alternates: { ca: id === '' ? '/ca/' : `/ca/${id}/`, en: id === '' ? '/en/' : `/en/${id}/` },
    entry: { file: `content/${locale}/${id || 'index'}.md` },
    ...extra,
  } as unknown as Route;
  const summary = { isRedirect: false, links, ids: [], islands: [], inlineScripts: [] } as PageSummary;
  return { path: `${url.slice(1)}index.html`, contents: '', route, summary };
};

describe('findOrphanPages', () => {
  it('names the pages only their own translations link to, once per page, with the addresses nothing links to', () => {
    const problems = findOrphanPages([
      page('', 'ca', ['/ca/about/#team', '/en/', '/ca/prices/?from=home', '/images/photo.webp']),
      page('', 'en', ['/ca/', '/en/about/']),
      // Linked from the home pages: never an orphan.
      page('about', 'ca', ['/en/about/']),
      page('about', 'en', ['/ca/about/']),
      // Linked in Catalan only: the English address is the one nothing links to.
      page('prices', 'ca', ['/en/prices/']),
      page('prices', 'en', ['/ca/prices/']),
      // Links to itself and to its translation only.
      page('hidden', 'ca', ['/ca/hidden/#top', '/en/hidden/']),
      page('hidden', 'en', ['/ca/hidden/']),
      // Not for search engines: not reported.
      page('draft', 'ca', [], { isIndexable: false }),
    ]);
    expect(problems.map((problem) => [problem.file, problem.message])).toEqual([
      ['content/en/prices.md', 'no other page links to /en/prices/'],
      ['content/ca/hidden.md', 'no other page links to /ca/hidden/, /en/hidden/'],
    ]);
  });
});
