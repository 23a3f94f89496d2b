import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { quickYamlData } from '../../../cli/lib/yaml-core.ts';

/** What the yaml package reads, as parseYaml asks it (yaml-lines.ts): the answer js-yaml must give. */
const exact = (text: string) => parse(text, { uniqueKeys: true }) as unknown;

/** Every YAML text of the real content: each page's front matter and each YAML file. */
function contentYamlTexts(): [string, string][] {
  const files = readdirSync('content', { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return files.flatMap((entry): [string, string][] => {
    const path = join(entry.parentPath, entry.name);
    const text = readFileSync(path, 'utf8');
    if (/\.ya?ml$/.test(path)) return [[path, text]];
    const frontMatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1];
    return path.endsWith('.md') && frontMatter !== undefined ? [[path, `${frontMatter}\n`]] : [];
  });
}

describe('the quick YAML reader', () => {
  it('reads every YAML text of the content as the yaml package does, and most of them itself', () => {
    const texts = contentYamlTexts();
    let quick = 0;
    for (const [path, text] of texts) {
      const read = quickYamlData(text);
      if (!read) continue;
      quick += 1;
      expect(read.data, path).toEqual(exact(text));
    }
    expect(texts.length).toBeGreaterThan(50);
    expect(quick / texts.length).toBeGreaterThan(0.8);
  });

  it('resolves plain scalars by the YAML 1.2 core schema, as the yaml package does', () => {
    const scalars = [
      ...['0', '00', '0123', '017', '-0', '+12', '1_000', '1__0', '1,000', '0o17', '0o8', '0O7', '0x1F', '0XFF', '0x'],
      ...['0b11', '+0x1F', '-0o7', '1:20', '190:20:30.15', '3.14', '.5', '5.', '+.5', '-.5', '1e3', '1E3', '1e', 'e3'],
      ...['1.0e+3', '685.230_15e+03', '-1.e2', '.e3', '.inf', '-.inf', '+.inf', '.Inf', '.INF', '.nan', '.NaN', 'NaN'],
      ...['Infinity', 'yes', 'no', 'on', 'off', 'y', 'True', 'TRUE', 'tRue', 'false', 'False', 'null', 'Null', 'NULL'],
      ...['~', '', '2026-11-21', '2026-11-21T10:00:00Z', '€90', '90 €', '"08005"', "'it''s'", '"\\u00e9\\x41"'],
      ...['a #comment', '[a, 1, true, ~]', '{a: 1, b: [2]}', '|\n  line\n  line\n', '>-\n  folded\n  text\n'],
    ];
    for (const scalar of scalars) {
      const text = `value: ${scalar}\n`;
      expect(quickYamlData(text)?.data, text).toEqual(exact(text));
    }
  });

  it('leaves tags, anchors, aliases, empty texts and what it refuses to the yaml package', () => {
    for (const text of ['a: !example 1\n', 'a: &x 1\nb: *x\n', '', 'a: 1\na: 2\n', 'a: [1\n', 'a: 1\n---\nb: 2\n'])
      expect(quickYamlData(text), text).toBeUndefined();
    expect(quickYamlData('# only a comment\n')?.data).toEqual(exact('# only a comment\n'));
  });
});
