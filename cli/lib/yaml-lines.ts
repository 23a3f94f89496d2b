import {
  isCollection,
  isMap,
  isPair,
  isScalar,
  isSeq,
  parse,
  parseDocument,
  Parser,
  visit,
  type CST,
  type Document,
  type YAMLError,
} from 'yaml';
import { BuildError, type ErrorCode } from '../errors.ts';
import { codeFrameIn } from './code-frame.ts';
import { positionsIn } from './text-position.ts';
import { quickYamlData } from './yaml-core.ts';

/** Tag that marks a setting as a stand-in value shipped with the repository. */
const EXAMPLE_TAG = '!example';

/** A parsed YAML text that can say on which line any value stands. */
export interface YamlSource {
  readonly data: unknown;
  /** Dotted paths of values tagged `!example`. */
  readonly examplePaths: readonly string[];
  /** Line and column of the value at `path` (or of the nearest parent that exists). */
  positionOf(path: readonly PropertyKey[]): { line: number; col: number };
  /** Line and column of the key that names the value at `path` (`positionOf` when no key names it). */
  keyPositionOf(path: readonly PropertyKey[]): { line: number; col: number };
}

/**
 * Parses YAML keeping positions: lines from 1, columns in characters from 1. A text without
 * tags, anchors or aliases is read by js-yaml with the same core schema (yaml-core.ts), and by
 * the yaml package only when a position is asked for; a text js-yaml refuses, by the yaml
 * package at once, whose errors say where to fix them. `lineOffset`
 * shifts reported lines, for YAML that starts below the first line of its file. Throws a
 * BuildError at the first syntax error, placed where a person fixes it (see `whereToFix`),
 * with the lines around it.
 */
export function parseYaml(text: string, file: string, lineOffset = 0, code: ErrorCode = 'InvalidYaml'): YamlSource {
  const quick = quickYamlData(text);
  if (!quick) return parseYamlDocument(text, file, lineOffset, code);
  let exact: YamlSource | undefined;
  const exactSource = () => (exact ??= parseYamlDocument(text, file, lineOffset, code));
  return {
    data: quick.data,
    examplePaths: [],
    positionOf: (path) => exactSource().positionOf(path),
    keyPositionOf: (path) => exactSource().keyPositionOf(path),
  };
}

function parseYamlDocument(text: string, file: string, lineOffset: number, code: ErrorCode): YamlSource {
  const positionAt = positionsIn(text);
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true });
  const [first] = doc.errors;
  if (first) {
    const { offset, message } = whereToFix(first, text);
    const { line, col } = positionAt(offset);
    const frame = codeFrameIn(text, line, col, lineOffset + 1);
    throw new BuildError(code, message, { file, line: line + lineOffset, col, frame, cause: first });
  }
  const examplePaths = resolveExampleTags(doc);
  const place = (offset: number) => {
    const pos = positionAt(offset);
    return { line: pos.line + lineOffset, col: pos.col };
  };
  const positionOf = (path: readonly PropertyKey[]) => place(nearestNode(doc, path)?.range?.[0] ?? 0);
  return {
    data: doc.toJS(),
    examplePaths,
    positionOf,
    keyPositionOf(path) {
      const parent = path.length > 0 ? doc.getIn(path.slice(0, -1) as unknown[], true) : undefined;
      const name = String(path.at(-1));
      const pair = isMap(parent)
        ? parent.items.find((item) => isScalar(item.key) && String(item.key.value) === name)
        : undefined;
      const key = isScalar(pair?.key) ? pair.key.range : undefined;
      return key ? place(key[0]) : positionOf(path);
    },
  };
}

/**
 * The offset of a syntax error where a person fixes it, and its message. The yaml package
 * reports some errors where it noticed them: an unclosed quote or bracket at the end of the
 * text or at what follows it, a line indented too deep at the value of the line above (which
 * the deeper line continues, as a key over two lines), a misindented line at its first column.
 */
function whereToFix(error: YAMLError, text: string): { offset: number; message: string } {
  const [start] = error.pos;
  const message = error.message.split('\n')[0] ?? error.message;
  const tokens = tokensOf(text);
  if (error.code === 'MISSING_CHAR' && /^Missing closing .quote/.test(message)) {
    const quoted = latest(
      tokens.filter(
        (token): token is CST.FlowScalar =>
          (token.type === 'double-quoted-scalar' || token.type === 'single-quoted-scalar') &&
          token.offset <= start &&
          start <= token.offset + token.source.length,
      ),
    );
    if (quoted) return { offset: quoted.offset, message: `${message} for the text that starts here` };
  }
  // A bracket never closed makes what follows it wrong: the bracket is what to fix.
  const open = latest(
    tokens.filter(
      (token): token is CST.FlowCollection =>
        token.type === 'flow-collection' && token.offset <= start && !isClosed(token),
    ),
  );
  if (open) {
    const closing = open.start.source === '[' ? ']' : '}';
    const what = /^Flow (sequence|map)\b/.test(message) ? `: ${message}` : ` (${message})`;
    return { offset: open.offset, message: `the ${open.start.source} opened here has no ${closing}${what}` };
  }
  if (error.code === 'MULTILINE_IMPLICIT_KEY' || error.code === 'BLOCK_AS_IMPLICIT_KEY') {
    // `b: 1` and a deeper `c: 2` below it read as one key, "1 c": the deeper line is the mistake.
    // The error stands at the key, or at the tag or anchor before it, that opens a nested map.
    const key = tokens
      .map((token) => {
        if (token.type !== 'block-map') return token.offset === start ? token : undefined;
        const [item] = token.items;
        return [token.offset, item?.start[0]?.offset].includes(start) ? (item?.key ?? undefined) : undefined;
      })
      .find((token) => token && 'source' in token && token.source.trimEnd().includes('\n')) as
      CST.FlowScalar | undefined;
    if (key) {
      const lastLine = text.lastIndexOf('\n', key.offset + key.source.trimEnd().length - 1) + 1;
      return {
        offset: skipBlanks(text, lastLine),
        message:
          'this line is read as going on from the line above, and a key cannot span two lines: check its indentation',
      };
    }
    if (error.code === 'BLOCK_AS_IMPLICIT_KEY' && message.startsWith('Nested mappings'))
      return { offset: start, message: `a value that holds ": " must be in quotes (${message})` };
  }
  if (error.code === 'BAD_INDENT' || message.startsWith('Sequence item without')) {
    return { offset: skipBlanks(text, start, true), message };
  }
  return { offset: start, message };
}

/** Every token of the text's concrete syntax tree, collections and scalars included, in no set order. */
function tokensOf(text: string): CST.Token[] {
  const tokens: CST.Token[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if (typeof record.type === 'string' && typeof record.offset === 'number') tokens.push(value as CST.Token);
    for (const child of Object.values(record)) if (child && typeof child === 'object') walk(child);
  };
  walk([...new Parser().parse(text)]);
  return tokens;
}

function latest<T extends { offset: number }>(tokens: readonly T[]): T | undefined {
  return tokens.reduce<T | undefined>(
    (best, token) => (!best || token.offset >= best.offset ? token : best),
    undefined,
  );
}

function isClosed(collection: CST.FlowCollection): boolean {
  const closing = collection.start.source === '[' ? ']' : '}';
  return collection.end.some((token) => token.source === closing);
}

/** The offset of the next character that is not a space or tab (nor a line break, with `acrossLines`). */
function skipBlanks(text: string, offset: number, acrossLines = false): number {
  const blank = acrossLines ? /[ \t\r\n]/ : /[ \t]/;
  let at = offset;
  while (at < text.length && blank.test(text[at]!)) at++;
  return at < text.length ? at : offset;
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
