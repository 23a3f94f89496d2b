import { describe, expect, it } from 'vitest';
import { BuildError } from '../../../cli/errors.ts';
import { parseYaml } from '../../../cli/lib/yaml-lines.ts';

describe('parseYaml', () => {
  it('says on which line and column a value stands, offset for front matter', () => {
    const source = parseYaml('name: Shop\naddress:\n  street: Rambla\n  postalCode: "08005"\n', 'site.yaml', 1);
    expect(source.positionOf(['address', 'postalCode'])).toEqual({ line: 5, col: 15 });
    expect(source.positionOf(['address', 'missing'])).toEqual({ line: 4, col: 3 });
  });

  it('says where the key of a value stands, in block and flow maps, and where its map does for a key not there', () => {
    const source = parseYaml('list:\n  - id: a\n    label:\n      ca: A\n  - { id: b, lable: B }\n', 'f.yaml');
    expect(source.keyPositionOf(['list', 0, 'label'])).toEqual({ line: 3, col: 5 });
    expect(source.positionOf(['list', 0, 'label'])).toEqual({ line: 4, col: 7 });
    expect(source.keyPositionOf(['list', 1, 'lable'])).toEqual({ line: 5, col: 14 });
    expect(source.keyPositionOf(['list', 1, 'missing'])).toEqual({ line: 5, col: 5 });
  });

  it('keeps the plain types of values tagged !example and lists their paths', () => {
    const source = parseYaml(
      'a: !example 12\nb: !example "08005"\nc:\n  geo: !example { lat: 1.5 }\nlist:\n  - url: !example https://x.test\n',
      'f.yaml',
    );
    expect(source.data).toEqual({ a: 12, b: '08005', c: { geo: { lat: 1.5 } }, list: [{ url: 'https://x.test' }] });
    expect(source.examplePaths).toEqual(['a', 'b', 'c.geo', 'list.0.url']);
  });

  it('throws a located InvalidYaml error at the first syntax error', () => {
    const error = (() => {
      try {
        parseYaml('a: 1\nb: [unclosed\nc: 2\n', 'broken.yaml');
      } catch (thrown) {
        return thrown;
      }
    })() as BuildError;
    expect(error).toBeInstanceOf(BuildError);
    expect(error.code).toBe('InvalidYaml');
    expect(error.file).toBe('broken.yaml');
    expect(error.line).toBeGreaterThanOrEqual(2);
  });

  it('gives a syntax error the lines around it, numbered as in its file, a caret under its column', () => {
    const error = (() => {
      try {
        parseYaml('a: 1\nb: 2\nc: "unclosed\nd: 4\ne: 5\n', 'broken.yaml', 1);
      } catch (thrown) {
        return thrown;
      }
    })() as BuildError;
    expect([error.line, error.col]).toEqual([4, 4]);
    expect(error.frame).toBe(['  2 | a: 1', '  3 | b: 2', '> 4 | c: "unclosed', '    |    ^', '  5 | d: 4'].join('\n'));
  });

  it('rejects a key written twice', () => {
    expect(() => parseYaml('a: 1\na: 2\n', 'twice.yaml')).toThrow(/unique/i);
  });
});
