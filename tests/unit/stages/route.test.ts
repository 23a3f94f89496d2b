import { describe, expect, it } from 'vitest';
import { BuildErrors } from '../../../cli/errors.ts';
import { loadSources } from '../../../cli/stages/load.ts';
import { buildRoutes } from '../../../cli/stages/route.ts';
import { validateContent } from '../../../cli/stages/validate.ts';
import type { Content, Locale, Model, PageEntry } from '../../../cli/types.ts';

const page = (locale: Locale, id: string, template: PageEntry['template'] = 'page'): PageEntry => ({
  id,
  locale,
  template,
  title: `${id} ${locale}`,
  description: 'd',
  keywords: [],
  file: `content/${locale}/${id || 'index'}.md`,
  body: '',
  bodyLine: 5,
});
const model = {
  id: 'real',
  name: 'Oticon Real',
  kind: 'hearing-aid',
  summary: { ca: 's' },
  body: { ca: 'b' },
} as Model;
const contentWith = (
  pages: PageEntry[],
  redirectRules: Content['redirectRules'] = [],
  models: Model[] = [],
  unprefixedSections = ['about', 'services'],
) =>
  ({
    pages,
    redirectRules,
    unprefixedSections,
    collections: { models },
    languages: ['ca', 'es', 'en'].map((code) => ({ code, name: code, ogLocale: `${code}_ES` })),
  }) as unknown as Content;

describe('buildRoutes', () => {
  it('gives every Catalan page a route in each language, falling back to Catalan where a language lacks it', () => {
    const { routes } = buildRoutes(contentWith([page('ca', ''), page('es', ''), page('en', ''), page('ca', 'about')]));
    const about = routes.filter((route) => route.id === 'about');
    expect(about.map((route) => [route.url, route.entry?.locale, route.isFallback])).toEqual([
      ['/ca/about/', 'ca', false],
      ['/en/about/', 'ca', true],
      ['/es/about/', 'ca', true],
    ]);
    expect(about[0]!.alternates).toEqual({ ca: '/ca/about/', es: '/es/about/', en: '/en/about/' });
  });

  it('adds a page per model below products/oticon-models in each language', () => {
    const { routes } = buildRoutes(contentWith([page('ca', '')], [], [model]));
    expect(routes.filter((route) => route.template === 'model').map((route) => route.url)).toEqual([
      '/ca/products/oticon-models/real/',
      '/en/products/oticon-models/real/',
      '/es/products/oticon-models/real/',
    ]);
  });

  it('redirects the root (302) and the unprefixed path of pages in the listed sections (302) by the visitor’s language, but not 404 pages', () => {
    const pages = [
      page('ca', ''),
      page('ca', 'about'),
      page('ca', 'services', 'index'),
      page('ca', 'services/orto-k'),
      page('ca', 'articles/new'),
      page('ca', 'services/404', 'not-found'),
    ];
    const { redirects } = buildRoutes(contentWith(pages));
    expect(redirects).toEqual([
      { from: '/', to: '/ca/', kind: 'language', status: 302 },
      { from: '/about', to: '/ca/about/', kind: 'language', status: 302 },
      { from: '/services', to: '/ca/services/', kind: 'language', status: 302 },
      { from: '/services/orto-k', to: '/ca/services/orto-k/', kind: 'language', status: 302 },
    ]);
  });

  it('rejects a redirect to a page that does not exist, and one from an address that is a page', () => {
    const run = () =>
      buildRoutes(
        contentWith(
          [page('ca', ''), page('ca', 'about')],
          [
            { from: '/old/', to: '/ca/nowhere/' },
            { from: '/ca/about', to: '/ca/' },
          ],
        ),
      );
    expect(run).toThrow(BuildErrors);
    try {
      run();
    } catch (error) {
      expect((error as BuildErrors).errors.map((problem) => problem.message)).toEqual([
        'the redirect from /old/ leads to /ca/nowhere/, which is not a page',
        '/ca/about is a page and cannot also be redirected',
      ]);
    }
  });

  it('rejects a model whose address a markdown page already has', () => {
    expect(() => buildRoutes(contentWith([page('ca', 'products/oticon-models/real')], [], [model]))).toThrow(
      BuildErrors,
    );
  });
});

describe('the route table of the real content', () => {
  it('matches the golden file (url | locale | id | template | title)', async () => {
    const content = validateContent(await loadSources({ contentDir: 'content', publicDir: 'public' }));
    const { routes, redirects } = buildRoutes(content);
    const table = routes.map((route) =>
      [route.url, route.locale, route.id || '(home)', route.template, route.entry?.title ?? route.model?.name].join(
        ' | ',
      ),
    );
    const redirectTable = redirects.map((redirect) =>
      [redirect.from, redirect.status, redirect.kind, redirect.to].join(' | '),
    );
    await expect(`${table.join('\n')}\n`).toMatchFileSnapshot('./__snapshots__/routes.golden.txt');
    await expect(`${redirectTable.join('\n')}\n`).toMatchFileSnapshot('./__snapshots__/redirects.golden.txt');
  });
});
