import { describe, expect, it } from 'vitest';
import { BuildError } from '../../../cli/errors.ts';
import { parseMarkdownFile } from '../../../cli/lib/front-matter.ts';
import { parseYaml } from '../../../cli/lib/yaml-lines.ts';

/** The error a text throws, as `line:col message`. */
function errorOf(parse: () => unknown): string {
  try {
    parse();
  } catch (error) {
    if (!(error instanceof BuildError)) throw error;
    return `${error.line}:${error.col} ${error.message}`;
  }
  throw new Error('no error');
}

const yamlError = (text: string) => errorOf(() => parseYaml(text, 'f.yaml'));

describe('parseYaml errors stand where a person fixes them', () => {
  it.each([
    ['a key indented deeper than the one above', 'a:\n  b: 1\n    c: 2\n', '3:5 this line is read as going on'],
    ['a deeper key below a tagged value', 'a:\n  b: !example x\n    c: 2\n', '3:5 this line is read as going on'],
    [
      'a key indented less than its neighbours',
      'a:\n  b: 1\n c: 2\n',
      '3:2 All mapping items must start at the same column',
    ],
    ['a sequence item without its dash', 'l:\n- a: 1\n  b: 2\n c: 3\n', '4:2 Sequence item without - indicator'],
    [
      'a double quote never closed',
      'a: 1\nb: "hello\nc: 2\n',
      '2:4 Missing closing "quote for the text that starts here',
    ],
    [
      'a single quote never closed',
      "a: 1\nb: 'hello\nc: 2\n",
      "2:4 Missing closing 'quote for the text that starts here",
    ],
    ['a quote never closed before a closed one', 'a: "x\nb: "y"\n', '1:4 Missing closing "quote'],
    ['a bracket never closed', 'a: 1\nb: [1, 2\nc: 2\n', '2:4 the [ opened here has no ]'],
    ['a brace never closed', 'a: 1\nb: { x: 1\nc: 2\n', '2:4 the { opened here has no }'],
    ['a bracket never closed before a block list', 'a: [\n  - 1\n  - 2\nb: 3\n', '1:4 the [ opened here has no ]'],
    ['a value holding ": "', 'title: Qui som: òptica\n', '1:8 a value that holds ": " must be in quotes'],
    ['a key without a colon', 'a: 1\nb\nc: 2\n', '2:1 Implicit map keys need to be followed by map values'],
    ['a tab as indentation', 'a:\n\tb: 1\n', '2:1 Tabs are not allowed as indentation'],
    ['a key written twice', 'a: 1\nb: 2\na: 3\n', '3:1 Map keys must be unique'],
    ['text after a quoted value', 'a: "x" y\n', '1:8 Unexpected scalar at node end'],
    ['a value starting with @', 'a: @x\n', '1:4 Plain value cannot start with reserved character @'],
    ['a second document', 'a: 1\n---\nb: 2\n', '2:1 Source contains multiple documents'],
    ['a block scalar line indented less', 'a: |\n  x\n y\n', '3:2 All mapping items must start at the same column'],
  ])('%s', (_name, text, expected) => {
    expect(yamlError(text)).toMatch(new RegExp(`^${expected.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  });

  it('counts columns in characters, an emoji as one', () => {
    expect(yamlError('a: "é😀" x\n')).toMatch(/^1:9 /);
    expect(parseYaml('a: "😀"\nb: x\nc: [😀, y]\n', 'f.yaml').positionOf(['c', 1])).toEqual({ line: 3, col: 8 });
  });

  it('shifts lines by the offset given', () => {
    expect(errorOf(() => parseYaml('a: 1\nb: "x\n', 'f.yaml', 10))).toMatch(/^12:4 /);
  });
});

describe('parseMarkdownFile positions', () => {
  const page = [
    '---',
    'title: "Qui som"',
    'description: "Una pàgina."',
    'template: page',
    'image: { src: /images/a.svg, alt: "", width: 800, height: 500 }',
    '---',
    'Body on line 7.',
    '',
  ].join('\n');

  it('gives front-matter values the line and column of the file', () => {
    const { frontMatter, bodyLine, body } = parseMarkdownFile(page, 'ca/about.md');
    expect(frontMatter.positionOf(['title'])).toEqual({ line: 2, col: 8 });
    expect(frontMatter.positionOf(['image', 'width'])).toEqual({ line: 5, col: 46 });
    expect(bodyLine).toBe(7);
    expect(body).toBe('Body on line 7.\n');
  });

  it('does the same with Windows line ends', () => {
    const { frontMatter, bodyLine } = parseMarkdownFile(page.replaceAll('\n', '\r\n'), 'ca/about.md');
    expect(frontMatter.positionOf(['image', 'width'])).toEqual({ line: 5, col: 46 });
    expect(bodyLine).toBe(7);
  });

  it('places front-matter syntax errors on their line', () => {
    const broken = page.replace('width: 800', 'width: [800');
    expect(errorOf(() => parseMarkdownFile(broken, 'ca/about.md'))).toMatch(/^5:46 the \[ opened here has no \]/);
    const unquoted = page.replace('title: "Qui som"', 'title: "Qui som');
    expect(errorOf(() => parseMarkdownFile(unquoted, 'ca/about.md'))).toMatch(/^2:8 Missing closing "quote/);
  });

  it('finds the body when its text also stands in the front matter, and when it is empty', () => {
    const echo = '---\ntitle: x\n---\nx';
    expect(parseMarkdownFile(echo, 'a.md')).toMatchObject({ body: 'x', bodyLine: 4 });
    expect(parseMarkdownFile('---\ntitle: x\n---\n', 'a.md')).toMatchObject({ body: '', bodyLine: 4 });
  });

  it('refuses a front matter that is never closed', () => {
    expect(errorOf(() => parseMarkdownFile('---\ntitle: x\nbody\n', 'a.md'))).toMatch(/^1:1 .*not closed/);
  });
});
