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

  it('names pages that only link to each other, which no path of links from the home page reaches', () => {
    const problems = findOrphanPages([
      page('', 'ca', ['/ca/about/']),
      page('', 'en', ['/en/about/']),
      page('about', 'ca', ['/ca/']),
      page('about', 'en', ['/en/']),
      // Two pages that link to each other (and back home), linked from nothing the home page reaches.
      page('island-a', 'ca', ['/ca/island-b/', '/ca/', '/en/island-a/']),
      page('island-a', 'en', ['/en/island-b/', '/en/']),
      page('island-b', 'ca', ['/ca/island-a/']),
      page('island-b', 'en', ['/en/island-a/']),
    ]);
    expect(problems.map((problem) => [problem.file, problem.message])).toEqual([
      [
        'content/ca/island-a.md',
        'no path of links from the home page reaches /ca/island-a/, /en/island-a/: only /ca/island-b/, /en/island-b/ link to them, and the home page does not reach those pages either',
      ],
      [
        'content/ca/island-b.md',
        'no path of links from the home page reaches /ca/island-b/, /en/island-b/: only /ca/island-a/, /en/island-a/ link to them, and the home page does not reach those pages either',
      ],
    ]);
  });
});
