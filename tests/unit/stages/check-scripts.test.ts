import { describe, expect, it } from 'vitest';
import { checkScripts } from '../../../cli/stages/check-scripts.ts';
import { summarizeHtml } from '../../../cli/lib/page-summary.ts';
import type { OutputRecord, Route, ScriptManifest } from '../../../cli/types.ts';

const scripts: ScriptManifest = {
  loader: '/assets/loader.js',
  widgets: { page: '/assets/page.js', carousel: '/assets/carousel.js' },
  chunks: {
    '/assets/loader.js': { gzip: 1000, imports: [], dynamicImports: [] },
    '/assets/page.js': { gzip: 2000, imports: [], dynamicImports: [] },
    '/assets/carousel.js': { gzip: 9000, imports: [], dynamicImports: [] },
  },
};
const page = (path: string, template: Route['template'], body: string): OutputRecord => ({
  path,
  summary: summarizeHtml(`<html><head></head><body>${body}</body></html>`),
  route: { template } as Route,
});
const island = (name: string) => `<div data-island="${name}" data-load="idle" data-props="{}"></div>`;
const budgets = { home: 12 * 1024, page: 8 * 1024 };

describe('checkScripts', () => {
  it('weighs each page and accepts pages within their budget', () => {
    const result = checkScripts(
      [
        page('ca/index.html', 'home', island('page') + island('carousel')),
        page('ca/about/index.html', 'page', island('page')),
      ],
      scripts,
      budgets,
    );
    expect(result.errors).toEqual([]);
    expect(result.overBudget).toEqual([]);
    expect(result.weights.get('ca/index.html')?.initial).toBe(12000);
    expect(result.weights.get('ca/about/index.html')?.initial).toBe(3000);
  });

  it('names the island that pushed a page over its budget', () => {
    const result = checkScripts(
      [page('ca/about/index.html', 'page', island('page') + island('carousel'))],
      scripts,
      budgets,
    );
    expect(result.overBudget.map((problem) => [problem.code, problem.file, problem.message])).toEqual([
      [
        'OverBudget',
        'dist/ca/about/index.html',
        '11.7 KB of JavaScript (gzip) is over the page\'s 8.0 KB budget; island "carousel" pushed it over',
      ],
    ]);
  });

  it('refuses an island without a bundle, and any third-party script', () => {
    const result = checkScripts(
      [
        page(
          'ca/index.html',
          'home',
          `${island('page')}${island('map')}<script src="https://cdn.example.com/tracker.js"></script>`,
        ),
      ],
      scripts,
      budgets,
    );
    expect(result.errors.map((problem) => problem.code).sort()).toEqual(['ExternalScript', 'UnknownWidget']);
  });
});
