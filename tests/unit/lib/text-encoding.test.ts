import { describe, expect, it } from 'vitest';
import type { BuildError } from '../../../cli/errors.ts';
import { decodeUtf8 } from '../../../cli/lib/text-encoding.ts';

/** The problem of some bytes, as `line:col message`, or their text. */
function decode(bytes: Uint8Array, file = 'ca/about.md'): string {
  const decoded = decodeUtf8(bytes, file);
  if ('text' in decoded) return decoded.text;
  const error: BuildError = decoded.error;
  expect(error.code).toBe('InvalidEncoding');
  expect(error.file).toBe(file);
  return `${error.line}:${error.col} ${error.message}`;
}

describe('decodeUtf8', () => {
  it('gives the text of UTF-8 bytes', () => {
    expect(decode(Buffer.from('Qui som: òptica 😀\n'))).toBe('Qui som: òptica 😀\n');
  });

  it('refuses Latin-1 at the first bad byte: line, column in characters, byte offset', () => {
    const text = '---\ntitle: "Qui som"\n---\nÒptica i ?à\n';
    const bytes = Buffer.concat([Buffer.from('---\ntitle: "Qui som"\n---\n'), Buffer.from('Òptica i ?à\n', 'latin1')]);
    expect(text.indexOf('Ò')).toBe(25);
    expect(decode(bytes)).toBe(
      '4:1 byte 0xD2 at byte offset 25 is not UTF-8; the file looks saved as Latin-1 (Windows-1252)',
    );
  });

  it('counts the characters before the bad byte, not its bytes', () => {
    const bytes = Buffer.concat([Buffer.from('a: òptica 😀 '), Buffer.from([0xe0, 0x62])]);
    expect(decode(bytes, 'f.yaml')).toMatch(/^1:13 byte 0xE0 at byte offset 16 is not UTF-8/);
  });

  it('refuses overlong forms, surrogates and a lone continuation byte', () => {
    expect(decode(Buffer.from([0x61, 0xc0, 0xaf]))).toMatch(/^1:2 byte 0xC0 at byte offset 1 /);
    expect(decode(Buffer.from([0x61, 0xed, 0xa0, 0x80]))).toMatch(/^1:2 byte 0xED at byte offset 1 /);
    expect(decode(Buffer.from([0x61, 0x0a, 0xa9]))).toMatch(/^2:1 byte 0xA9 at byte offset 2 /);
  });

  it('refuses a byte-order mark at line 1, column 1', () => {
    expect(decode(Buffer.from('\uFEFF---\ntitle: x\n---\n'))).toMatch(
      /^1:1 the file starts with a UTF-8 byte-order mark .*"\\uFEFF---"/,
    );
    expect(decode(Buffer.from('\uFEFFa: 1\n'), 'f.yaml')).toMatch(/^1:1 .*byte-order mark/);
  });

  it('refuses a NUL byte', () => {
    expect(decode(Buffer.from('a: 1\nb: é\0\n'))).toBe(
      '2:5 byte 0x00 at byte offset 10 is a NUL character, which has no place in a text file',
    );
  });

  it('says when a file looks saved as UTF-16, or cut short in a character', () => {
    expect(decode(Buffer.from('\uFEFFa: 1\n', 'utf16le'))).toMatch(/^1:1 byte 0xFF .*looks saved as UTF-16/);
    expect(decode(Buffer.from('a: 1\n', 'utf16le'))).toMatch(/^1:2 byte 0x00 .*looks saved as UTF-16/);
    expect(decode(Buffer.from('a: à').subarray(0, 4))).toMatch(/^1:4 byte 0xC3 .*the file looks truncated/);
  });
});
