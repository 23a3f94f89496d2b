import { describe, expect, it } from 'vitest';
import type { BuildError } from '../../../cli/errors.ts';
import { renderMarkdown, textTable, type MarkdownContext } from '../../../cli/lib/markdown.ts';

const context: MarkdownContext = {
  locale: 'es',
  languages: ['ca', 'es', 'en'],
  file: 'content/es/about.md',
  line: 6,
  lookup: (path) => (({ 'contact.email': 'hola@example.com', name: 'Òptica' }) as Record<string, string>)[path],
  exists: (url) => ['/es/', '/es/services/orto-k/', '/en/about/', '/images/a.svg'].includes(url),
  blocks: { 'cookie-table': () => textTable(['Name'], [['language'], ['{{name}}']]) },
};

async function render(markdown: string) {
  const errors: BuildError[] = [];
  return { html: await renderMarkdown(markdown, context, errors), errors };
}

describe('renderMarkdown', () => {
  it('gives language-relative links the page language and a trailing slash, keeping hash and query', async () => {
    expect((await render('[a](/services/orto-k#faq) [b](/) [c](/en/about) [d](/images/a.svg?v=1)')).html).toBe(
      '<p><a href="/es/services/orto-k/#faq">a</a> <a href="/es/">b</a> <a href="/en/about/">c</a> <a href="/images/a.svg?v=1">d</a></p>\n',
    );
  });

  it('reports a link to a missing page at its line and column in the file', async () => {
    const { errors } = await render('Intro.\n\nSee [our blog](/blog).');
    expect(errors.map((error) => [error.code, error.file, error.line, error.col])).toEqual([
      ['BrokenLink', 'content/es/about.md', 8, 5],
    ]);
    expect(errors[0]!.message).toContain('/es/blog/');
  });

  it('reports a second page title and a heading without text, at their lines', async () => {
    const { errors } = await render('Intro.\n\n# Another title\n\n## ![Logo](/images/a.svg)\n\n##\n\n### **Bold**\n');
    expect(errors.map((error) => [error.code, error.line, error.message])).toEqual([
      ['InvalidHeading', 8, 'a level-1 heading (`# …`) in the body would be a second page title'],
      ['InvalidHeading', 12, 'this heading has no text'],
    ]);
  });

  it('fills settings placeholders in text and links, and reports unknown ones', async () => {
    const { html, errors } = await render('Write to [{{contact.email}}](mailto:{{contact.email}}) or {{contact.fax}}.');
    expect(html).toContain('<a href="mailto:hola@example.com">hola@example.com</a>');
    expect(errors.map((error) => [error.code, error.message])).toEqual([
      ['UnknownSetting', 'unknown placeholder {{contact.fax}}'],
    ]);
  });

  it('writes GitHub-style tables and strikethrough a maintainer types', async () => {
    const { html, errors } = await render(
      '| Prova | Durada |\n| --- | --- |\n| Revisió | 30 min |\n\nAra ~~45~~ 30 min.\n',
    );
    expect(errors).toEqual([]);
    expect(html).toContain('<del>45</del>');
    expect(html).toContain('<table>');
    expect(html).toContain('<th>Prova</th>');
    expect(html).toContain('<td>30 min</td>');
  });

  it('replaces a block placeholder alone in its paragraph by the generated table', async () => {
    const { html } = await render('## Cookies\n\n{{cookie-table}}\n');
    expect(html).toContain('<th>Name</th>');
    expect(html).toContain('<td>language</td>');
    expect(html).toContain('<td>Òptica</td>');
  });

  it('drops raw HTML, scripts and javascript: links', async () => {
    const { html } = await render('<script>alert(1)</script>\n\n<b onclick="x()">bold</b> [x](javascript:alert(1))');
    expect(html).not.toMatch(/<script|onclick|javascript:/);
  });

  it('leaves nothing where a block of an optional setting has nothing to show, and draws inline pieces inside a sentence', async () => {
    const errors: BuildError[] = [];
    const html = await renderMarkdown(
      'From 90 € a month{{credit-marker}}, or less.\n\n{{officer}}\n\nEnd.',
      {
        ...context,
        blocks: { officer: () => undefined },
        inlines: { 'credit-marker': () => ({ type: 'link', url: '#note', children: [{ type: 'text', value: '*' }] }) },
      },
      errors,
    );
    expect(errors).toEqual([]);
    expect(html).toBe('<p>From 90 € a month<a href="#note">*</a>, or less.</p>\n<p>End.</p>\n');
  });
});
