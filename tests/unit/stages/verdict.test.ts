import { describe, expect, it } from 'vitest';
import { summarizeHtml } from '../../../cli/lib/page-summary.ts';
import { checkSite } from '../../../cli/stages/verdict.ts';
import type { Output, Route, ScriptManifest } from '../../../cli/types.ts';

const LANGUAGES = ['ca', 'es', 'en'];
const scripts: ScriptManifest = {
  loader: '/assets/loader.js',
  widgets: { page: '/assets/page.js', carousel: '/assets/carousel.js' },
  chunks: {
    '/assets/loader.js': { gzip: 1000, imports: [], dynamicImports: [] },
    '/assets/page.js': { gzip: 2000, imports: [], dynamicImports: [] },
    '/assets/carousel.js': { gzip: 9000, imports: [], dynamicImports: [] },
  },
};
/** A page of the site at `path`, its body as given. */
const page = (path: string, body: string): Output => ({
  path,
  contents: '',
  summary: summarizeHtml(`<html><head></head><body>${body}</body></html>`),
  route: { url: `/${path.replace(/index\.html$/, '')}`, template: 'page', locale: 'es' } as Route,
});
const island = (name: string) => `<div data-island="${name}" data-load="idle" data-props="{}"></div>`;

describe('checkSite: links', () => {
  const site: Output[] = [
    page('es/index.html', '<h2 id="products">P</h2>'),
    page(
      'es/about/index.html',
      '<a href="/es/">home</a> <a href="/es/#products">products</a> <a href="#team">team</a> <p id="team"></p>',
    ),
    {
      path: 'about/index.html',
      contents: '',
      summary: summarizeHtml('<meta http-equiv="refresh" content="0; url=/ca/about/">'),
    },
    { path: 'images/logo.svg', contents: '' },
  ];
  const linkProblems = (extra: Output) => checkSite([...site, extra], scripts, LANGUAGES).errors;

  it('accepts links to pages, fragments that exist and files of the site', () => {
    expect(
      linkProblems(page('es/x/index.html', '<img src="/images/logo.svg"> <a href="https://example.com/">out</a>')),
    ).toEqual([]);
  });

  it.each([
    ['a missing page', '<a href="/es/nothing/">x</a>', 'leads to no file of the site'],
    ['a redirect stub', '<a href="/about/">x</a>', 'leads to a redirect'],
    ['a missing fragment on another page', '<a href="/es/#nothing">x</a>', 'points at no element of /es/'],
    ['a missing fragment on the same page', '<a href="#nothing">x</a>', 'points at no element of this page'],
    ['a missing image', '<img src="/images/none.svg">', 'leads to no file of the site'],
  ])('reports a link to %s', (_name, html, message) => {
    const problems = linkProblems(page('es/x/index.html', html));
    expect(problems.map((problem) => problem.code)).toEqual(['BrokenLink']);
    expect(problems[0]!.message).toContain(message);
    // By the page's address: the output folder is not dist/ in dev.
    expect(problems[0]!.message).toMatch(/, on \/es\/x\/$/);
    expect(problems[0]!.file).toBeUndefined();
  });

  it('reports a broken link once however many pages hold it, naming its page’s source when on one', () => {
    const footer = '<a href="/es/gone/">gone</a>';
    const pages = ['a', 'b', 'c', 'd'].map((name) => page(`es/${name}/index.html`, footer));
    const [many] = checkSite([...site, ...pages], scripts, LANGUAGES).errors;
    expect(many!.message).toBe(
      'the link /es/gone/ leads to no file of the site, on 4 pages: /es/a/, /es/b/, /es/c/ and 1 more',
    );
    expect(many!.hint).toContain('"page"');
    const one = {
      ...page('es/one/index.html', footer),
      route: { ...pages[0]!.route!, url: '/es/one/', entry: { file: 'content/es/one.md' } },
    } as Output;
    expect(checkSite([...site, one], scripts, LANGUAGES).errors.map((problem) => problem.file)).toEqual([
      'content/es/one.md',
    ]);
  });
});

describe('checkSite: files', () => {
  it('refuses two files at one path, such as a robots.txt in public/', () => {
    const problems = checkSite(
      [
        { path: 'robots.txt', contents: 'a' },
        { path: 'robots.txt', contents: 'b' },
      ],
      scripts,
      LANGUAGES,
    );
    expect(problems.errors.map((problem) => [problem.code, problem.file])).toEqual([
      ['DuplicateRoute', 'dist/robots.txt'],
    ]);
  });
});

describe('checkSite: scripts', () => {
  it('weighs each page and accepts pages within their budget', () => {
    const result = checkSite(
      [page('ca/index.html', island('page') + island('carousel')), page('ca/about/index.html', island('page'))],
      scripts,
      LANGUAGES,
    );
    expect(result.errors).toEqual([]);
    expect(result.overBudget).toEqual([]);
    expect(result.weights.get('ca/index.html')?.initial).toBe(12000);
    expect(result.weights.get('ca/about/index.html')?.initial).toBe(3000);
  });

  it('names the island that pushed a page over its budget', () => {
    const result = checkSite([page('ca/about/index.html', island('page') + island('carousel'))], scripts, LANGUAGES);
    expect(result.overBudget.map((problem) => [problem.code, problem.file, problem.message])).toEqual([
      [
        'OverBudget',
        'dist/ca/about/index.html',
        '11.7 KB of JavaScript (gzip) is over the page\'s 8.0 KB budget; island "carousel" pushed it over',
      ],
    ]);
  });

  it('refuses an island without a bundle, and any third-party script', () => {
    const html = `${island('page')}${island('map')}<script src="https://cdn.example.com/tracker.js"></script>`;
    const result = checkSite([page('ca/index.html', html)], scripts, LANGUAGES);
    expect(result.errors.map((problem) => problem.code).sort()).toEqual(['ExternalScript', 'UnknownWidget']);
  });
});
