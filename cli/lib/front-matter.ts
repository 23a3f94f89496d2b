import matter from 'gray-matter';
import { BuildError } from '../errors.ts';
import { codeFrameIn } from './code-frame.ts';
import { parseYaml, type YamlSource } from './yaml-lines.ts';

/** A markdown file split into its front matter (with positions) and its body. */
export interface MarkdownSource {
  readonly frontMatter: YamlSource;
  readonly body: string;
  /** 1-based line where the body starts. */
  readonly bodyLine: number;
}

/** The opening fence: `---` alone on the first line. */
const OPENING = /^---\r?\n/;

/**
 * Splits a markdown file; the front matter is parsed by the `yaml` package so errors have lines.
 * Positions in the front matter are positions in the file: line 2 is the line below `---`.
 */
export function parseMarkdownFile(text: string, file: string): MarkdownSource {
  if (!OPENING.test(text)) {
    throw new BuildError('InvalidFrontmatter', 'the file does not start with a front matter block (`---`)', {
      file,
      line: 1,
      col: 1,
    });
  }
  // gray-matter only splits the fences here; the yaml package parses, so positions are known.
  // Its `matter` is what follows the opening `---` up to the newline before the closing one,
  // and its `content` the rest of the file after the closing line.
  const split = matter(text, { engines: { yaml: () => ({}) } });
  const isClosed = text.indexOf('\n---', 3) >= 0;
  if (!split.matter.trim() || !isClosed) {
    throw new BuildError('InvalidFrontmatter', 'the front matter block is empty or not closed by a `---` line', {
      file,
      line: 1,
      col: 1,
    });
  }
  // The fence's three characters become blanks, so every offset in the YAML is the same offset
  // in the file, and lines and columns are the file's. The newline before the closing fence
  // ends the last line: without it, a Windows line end leaves a lone \r after the last value.
  const frontMatter = parseFrontMatter(`   ${split.matter}\n`, text, file);
  const bodyStart = text.length - split.content.length;
  const bodyLine = text.slice(0, bodyStart).split('\n').length;
  return { frontMatter, body: split.content, bodyLine };
}

/** The front matter parsed; a syntax error's code frame shows the file's own lines, its fences included. */
function parseFrontMatter(yaml: string, text: string, file: string) {
  try {
    return parseYaml(yaml, file, 0, 'InvalidFrontmatter');
  } catch (error) {
    if (!(error instanceof BuildError) || error.line === undefined || error.col === undefined) throw error;
    const { code, message, line, col, cause } = error;
    throw new BuildError(code, message, { file, line, col, frame: codeFrameIn(text, line, col), cause });
  }
}
