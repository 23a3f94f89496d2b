import { isCollection, isPair, isScalar, isSeq, LineCounter, parse, parseDocument, visit, type Document } from 'yaml';
import { BuildError, type ErrorCode } from '../errors.ts';

/** Tag that marks a setting as a stand-in value shipped with the repository. */
const EXAMPLE_TAG = '!example';

/** A parsed YAML text that can say on which line any value stands. */
export interface YamlSource {
  readonly data: unknown;
  /** Dotted paths of values tagged `!example`. */
  readonly examplePaths: readonly string[];
  /** Line and column of the value at `path` (or of the nearest parent that exists). */
  positionOf(path: readonly PropertyKey[]): { line: number; col: number };
}

/**
 * Parses YAML keeping positions. `lineOffset` shifts reported lines, for front matter that
 * starts below a `---` fence. Throws a BuildError at the first syntax error.
 */
export function parseYaml(text: string, file: string, lineOffset = 0, code: ErrorCode = 'InvalidYaml'): YamlSource {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const [first] = doc.errors;
  if (first) {
    const pos = lineCounter.linePos(first.pos[0]);
    throw new BuildError(code, first.message.split('\n')[0] ?? first.message, {
      file,
      line: pos.line + lineOffset,
      col: pos.col,
      cause: first,
    });
  }
  const examplePaths = resolveExampleTags(doc);
  return {
    data: doc.toJS(),
    examplePaths,
    positionOf(path) {
      const node = nearestNode(doc, path);
      const offset = node?.range?.[0] ?? 0;
      const pos = lineCounter.linePos(offset);
      return { line: pos.line + lineOffset, col: pos.col };
    },
  };
}

/**
 * Removes `!example` tags so the values keep their plain types, and returns where they were.
 * The yaml package leaves unknown tags unresolved (plain scalars become strings), so plain
 * scalars are re-read with the core schema.
 */
function resolveExampleTags(doc: Document): string[] {
  const paths: string[] = [];
  visit(doc, {
    Node(_key, node, ancestry) {
      if (!('tag' in node) || node.tag !== EXAMPLE_TAG) return;
      node.tag = undefined;
      if (isScalar(node) && node.type === 'PLAIN' && typeof node.source === 'string') node.value = parse(node.source);
      paths.push(pathOf([...ancestry, node]));
    },
  });
  return paths;
}

/** The dotted key path of the last node of a chain of ancestors: `address.geo`, `social.0.url`. */
function pathOf(chain: readonly unknown[]): string {
  const keys: string[] = [];
  chain.forEach((ancestor, index) => {
    const next = chain[index + 1];
    if (isPair(ancestor) && isScalar(ancestor.key)) keys.push(String(ancestor.key.value));
    else if (isSeq(ancestor) && next !== undefined) keys.push(String(ancestor.items.indexOf(next)));
  });
  return keys.join('.');
}

function nearestNode(doc: Document, path: readonly PropertyKey[]) {
  for (let length = path.length; length > 0; length--) {
    const node = doc.getIn(path.slice(0, length) as unknown[], true);
    if (node && typeof node === 'object' && 'range' in node) {
      // A missing key inside a map points at the map; an existing one at its value.
      return node as { range?: [number, number, number] };
    }
  }
  const contents = doc.contents;
  return isCollection(contents) || isScalar(contents) ? contents : undefined;
}
