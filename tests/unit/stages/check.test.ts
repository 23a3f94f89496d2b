import { describe, expect, it } from 'vitest';
import { checkOutputs } from '../../../cli/stages/check.ts';
import { summarizeHtml } from '../../../cli/lib/page-summary.ts';
import type { OutputRecord, Route } from '../../../cli/types.ts';

const route = { locale: 'es' } as Route;
const pageOutput = (path: string, body: string): OutputRecord => ({
  path,
  summary: summarizeHtml(`<html><body>${body}</body></html>`),
  route,
});

describe('checkOutputs', () => {
  const site = [
    pageOutput('es/index.html', '<h2 id="products">P</h2>'),
    pageOutput(
      'es/about/index.html',
      '<a href="/es/">home</a> <a href="/es/#products">products</a> <a href="#team">team</a> <p id="team"></p>',
    ),
    { path: 'about/index.html', summary: summarizeHtml('<meta http-equiv="refresh" content="0; url=/ca/about/">') },
    { path: 'images/logo.svg' },
  ];

  it('accepts links to pages, fragments that exist and files of the site', () => {
    expect(
      checkOutputs([
        ...site,
        pageOutput('es/x/index.html', '<img src="/images/logo.svg"> <a href="https://example.com/">out</a>'),
      ]),
    ).toEqual([]);
  });

  it.each([
    ['a missing page', '<a href="/es/nothing/">x</a>', 'leads to no file of the site'],
    ['a redirect stub', '<a href="/about/">x</a>', 'leads to a redirect'],
    ['a missing fragment on another page', '<a href="/es/#nothing">x</a>', 'points at no element of /es/'],
    ['a missing fragment on the same page', '<a href="#nothing">x</a>', 'points at no element of this page'],
    ['a missing image', '<img src="/images/none.svg">', 'leads to no file of the site'],
  ])('reports a link to %s', (_name, html, message) => {
    const problems = checkOutputs([...site, pageOutput('es/x/index.html', html)]);
    expect(problems.map((problem) => [problem.code, problem.file])).toEqual([['BrokenLink', 'dist/es/x/index.html']]);
    expect(problems[0]!.message).toContain(message);
  });
});
