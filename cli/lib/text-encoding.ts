import { BuildError } from '../errors.ts';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** A content file's bytes as text, or the reason they are not UTF-8 text. */
export type DecodedText = { readonly text: string } | { readonly error: BuildError };

/**
 * Decodes a text file saved as UTF-8. Bytes that are not UTF-8 (a file saved as Latin-1 or
 * UTF-16), a byte-order mark at the start and NUL bytes are errors at their line and column
 * (in characters) with their byte offset: decoded leniently they would reach the site as U+FFFD
 * replacement characters, and a byte-order mark hides the front matter's opening `---`.
 */
export function decodeUtf8(bytes: Uint8Array, file: string): DecodedText {
  const text = strictlyDecoded(bytes);
  const hasMark = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  // The common case, a valid file without NUL bytes, costs one decode and one search.
  if (text !== undefined && !hasMark && !text.includes('\0')) return { text };
  const problem = hasMark ? byteOrderMark(file) : findProblem(bytes);
  const { line, col } = positionOfByte(bytes, problem.offset);
  return { error: new BuildError('InvalidEncoding', problem.message, { file, line, col }) };
}

function byteOrderMark(file: string): { offset: number; message: string } {
  const reading = file.endsWith('.md')
    ? 'editors and tools then read "\\uFEFF---", not the `---` that opens the front matter'
    : 'tools then read it as part of the first line';
  return { offset: 0, message: `the file starts with a UTF-8 byte-order mark (bytes 0xEF 0xBB 0xBF); ${reading}` };
}

/** The first NUL byte or byte that is not UTF-8 of a file that has one. */
function findProblem(bytes: Uint8Array): { offset: number; message: string } {
  const offset = firstBadByte(bytes) ?? 0;
  const byte = bytes[offset] ?? 0;
  const at = `byte ${hex(byte)} at byte offset ${offset}`;
  const saved = looksUtf16(bytes) ? '; the file looks saved as UTF-16' : '';
  if (byte === 0) return { offset, message: `${at} is a NUL character, which has no place in a text file${saved}` };
  if (endsInsideCharacter(bytes, offset))
    return {
      offset,
      message: `${at} starts a character that the end of the file cuts short; the file looks truncated`,
    };
  return { offset, message: `${at} is not UTF-8${saved || '; the file looks saved as Latin-1 (Windows-1252)'}` };
}

function strictlyDecoded(bytes: Uint8Array): string | undefined {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** A byte-order mark of UTF-16, or NUL bytes in plenty: the high bytes of ASCII characters in UTF-16. */
function looksUtf16(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 200);
  return (
    (bytes[0] === 0xff && bytes[1] === 0xfe) ||
    (bytes[0] === 0xfe && bytes[1] === 0xff) ||
    head.filter((byte) => byte === 0).length > head.length / 4
  );
}

/** Bytes a lead byte needs after it, and the range of the first of them (Unicode, table 3-7). */
function sequenceOf(lead: number): { length: number; low: number; high: number } | undefined {
  if (lead >= 0xc2 && lead <= 0xdf) return { length: 1, low: 0x80, high: 0xbf };
  if (lead === 0xe0) return { length: 2, low: 0xa0, high: 0xbf };
  if (lead === 0xed) return { length: 2, low: 0x80, high: 0x9f };
  if (lead >= 0xe1 && lead <= 0xef) return { length: 2, low: 0x80, high: 0xbf };
  if (lead === 0xf0) return { length: 3, low: 0x90, high: 0xbf };
  if (lead >= 0xf1 && lead <= 0xf3) return { length: 3, low: 0x80, high: 0xbf };
  if (lead === 0xf4) return { length: 3, low: 0x80, high: 0x8f };
  return undefined;
}

/** The offset of the first NUL byte, or of the first byte that starts no well-formed UTF-8 sequence. */
function firstBadByte(bytes: Uint8Array): number | undefined {
  for (let offset = 0; offset < bytes.length;) {
    const lead = bytes[offset]!;
    if (lead === 0) return offset;
    if (lead < 0x80) {
      offset++;
      continue;
    }
    const sequence = sequenceOf(lead);
    if (!sequence) return offset;
    for (let next = 1; next <= sequence.length; next++) {
      const byte = bytes[offset + next];
      const [low, high] = next === 1 ? [sequence.low, sequence.high] : [0x80, 0xbf];
      if (byte === undefined || byte < low || byte > high) return offset;
    }
    offset += sequence.length + 1;
  }
  return undefined;
}

/** True when the sequence at `offset` is cut short by the end of the file (not by a wrong byte). */
function endsInsideCharacter(bytes: Uint8Array, offset: number): boolean {
  const sequence = sequenceOf(bytes[offset]!);
  if (!sequence || offset + sequence.length < bytes.length) return false;
  return bytes.subarray(offset + 1).every((byte, index) => {
    const [low, high] = index === 0 ? [sequence.low, sequence.high] : [0x80, 0xbf];
    return byte >= low && byte <= high;
  });
}

/** Line and column (in characters) of a byte: the bytes before it are well-formed UTF-8. */
function positionOfByte(bytes: Uint8Array, offset: number): { line: number; col: number } {
  let line = 1;
  let col = 1;
  for (let index = 0; index < offset; index++) {
    const byte = bytes[index]!;
    if (byte === 0x0a) {
      line++;
      col = 1;
    } else if ((byte & 0xc0) !== 0x80) col++;
  }
  return { line, col };
}

const hex = (byte: number) => `0x${byte.toString(16).toUpperCase().padStart(2, '0')}`;
