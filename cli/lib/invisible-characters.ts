import { BuildError } from '../errors.ts';

/**
 * Characters that change how text reads without showing themselves: the bidirectional
 * embeddings, overrides and isolates (a right-to-left override turns `gnp.exe` round to read
 * `exe.png`), and the zero-width space, word joiner and byte-order mark, which hide inside words
 * and addresses. None belongs in Catalan, Spanish or English text; text pasted from elsewhere
 * brings them. The zero-width joiners emoji need (U+200C, U+200D) are not among them.
 */
const INVISIBLE = /[\u202A-\u202E\u2066-\u2069\u200B\u2060\uFEFF]/g;

const NAMES: Record<string, string> = {
  '\u202A': 'left-to-right embedding',
  '\u202B': 'right-to-left embedding',
  '\u202C': 'pop directional formatting',
  '\u202D': 'left-to-right override',
  '\u202E': 'right-to-left override',
  '\u2066': 'left-to-right isolate',
  '\u2067': 'right-to-left isolate',
  '\u2068': 'first strong isolate',
  '\u2069': 'pop directional isolate',
  '\u200B': 'zero-width space',
  '\u2060': 'word joiner',
  '\uFEFF': 'zero-width no-break space',
};

/** A warning at the first invisible character of a content file's text; a byte-order mark opening the file is fine. */
export function findInvisibleCharacters(text: string, file: string): BuildError | undefined {
  const found = [...text.matchAll(INVISIBLE)].filter((match) => !(match.index === 0 && match[0] === '\uFEFF'));
  const [first] = found;
  if (!first) return undefined;
  const before = text.slice(0, first.index);
  const line = before.split('\n').length;
  const col = first.index - before.lastIndexOf('\n');
  const kinds = [
    ...new Set(found.map((match) => `U+${match[0].codePointAt(0)!.toString(16).toUpperCase()} ${NAMES[match[0]]}`)),
  ];
  const count = found.length === 1 ? 'an invisible character' : `${found.length} invisible characters`;
  return new BuildError(
    'InvisibleCharacter',
    `${count} (${kinds.join(', ')}) removed from the site: they can make text read differently from what it shows`,
    { file, line, col },
  );
}

/** The page without those characters, wherever content put them: text, attributes, island props, JSON-LD. */
export function removeInvisibleCharacters(html: string): string {
  return html.replace(INVISIBLE, '');
}
