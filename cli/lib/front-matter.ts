import matter from 'gray-matter';
import { BuildError } from '../errors.ts';
import { parseYaml, type YamlSource } from './yaml-lines.ts';

/** A markdown file split into its front matter (with positions) and its body. */
export interface MarkdownSource {
  readonly frontMatter: YamlSource;
  readonly body: string;
  /** 1-based line where the body starts. */
  readonly bodyLine: number;
}

/** Splits a markdown file; the front matter is parsed by the `yaml` package so errors have lines. */
export function parseMarkdownFile(text: string, file: string): MarkdownSource {
  if (!/^---\r?\n/.test(text)) {
    throw new BuildError('InvalidFrontmatter', 'the file does not start with a front matter block (`---`)', {
      file,
      line: 1,
      col: 1,
    });
  }
  // gray-matter only splits the fences here; the yaml package parses, so positions are known.
  const split = matter(text, { engines: { yaml: () => ({}) } });
  const closing = text.indexOf(split.content);
  if (!split.matter.trim() || closing < 0) {
    throw new BuildError('InvalidFrontmatter', 'the front matter block is empty or not closed by a `---` line', {
      file,
      line: 1,
      col: 1,
    });
  }
  const frontMatter = parseYaml(split.matter, file, 1, 'InvalidFrontmatter');
  const bodyLine = text.slice(0, closing).split('\n').length;
  return { frontMatter, body: split.content, bodyLine };
}
