import { positionAt } from './text-position.ts';

/**
 * Whether a file is a readable image of the format its name says, from its bytes alone and
 * without decoding its pixels: an SVG is well-formed XML with an <svg> root; a PNG, JPEG, GIF,
 * WebP or AVIF has its format's signature and its structure runs to its end (a file cut short,
 * an HTML error page saved as `.jpg`, an empty file are caught). Names of other formats pass.
 */
export function imageProblem(path: string, bytes: Uint8Array): string | undefined {
  if (bytes.length === 0) return 'the file is empty';
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? '';
  switch (extension) {
    case 'svg':
      return svgProblem(bytes);
    case 'png':
      return pngProblem(bytes);
    case 'jpg':
    case 'jpeg':
      return jpegProblem(bytes);
    case 'gif':
      return startsWith(bytes, 'GIF87a') || startsWith(bytes, 'GIF89a') ? undefined : notA('GIF');
    case 'webp': {
      if (!startsWith(bytes, 'RIFF') || ascii(bytes, 8, 12) !== 'WEBP') return notA('WebP');
      return readUint32(bytes, 4, 'little') + 8 > bytes.length ? CUT_SHORT : undefined;
    }
    case 'avif':
      return ascii(bytes, 4, 8) === 'ftyp' ? undefined : notA('AVIF');
    default:
      return undefined;
  }
}

const CUT_SHORT = 'the file is cut short';
const notA = (format: string) => `the file is not a ${format} image (its first bytes are not a ${format} signature)`;
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
const startsWith = (bytes: Uint8Array, text: string) => ascii(bytes, 0, text.length) === text;

function readUint32(bytes: Uint8Array, at: number, order: 'big' | 'little' = 'big'): number {
  const [a = 0, b = 0, c = 0, d = 0] = bytes.subarray(at, at + 4);
  return order === 'big' ? ((a << 24) | (b << 16) | (c << 8) | d) >>> 0 : ((d << 24) | (c << 16) | (b << 8) | a) >>> 0;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A PNG: its signature, an IHDR chunk with a size, and chunks that run to an IEND chunk. */
function pngProblem(bytes: Uint8Array): string | undefined {
  if (!PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) return notA('PNG');
  if (ascii(bytes, 12, 16) !== 'IHDR') return 'the PNG image has no header (IHDR) chunk';
  if (readUint32(bytes, 16) === 0 || readUint32(bytes, 20) === 0) return 'the PNG image has no width or height';
  for (let at = 8; at + 8 <= bytes.length;) {
    const end = at + 12 + readUint32(bytes, at);
    if (end > bytes.length) return CUT_SHORT;
    if (ascii(bytes, at + 4, at + 8) === 'IEND') return undefined;
    at = end;
  }
  return CUT_SHORT;
}

/** Markers of a JPEG's frame header, which gives its size: SOF0–SOF15 but DHT, JPG and DAC. */
const FRAME_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** A JPEG: its start marker, segments that hold a frame header, image data and the end marker. */
function jpegProblem(bytes: Uint8Array): string | undefined {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return notA('JPEG');
  let hasFrame = false;
  for (let at = 2; at < bytes.length;) {
    if (bytes[at] !== 0xff) return 'the JPEG image is damaged (a segment does not start where the one before ends)';
    while (bytes[at] === 0xff) at++;
    const marker = bytes[at];
    if (marker === undefined) return CUT_SHORT;
    at++;
    if (marker === 0xd9) return 'the JPEG image ends before its image data';
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue;
    if (at + 2 > bytes.length) return CUT_SHORT;
    const length = (bytes[at]! << 8) | bytes[at + 1]!;
    if (at + length > bytes.length) return CUT_SHORT;
    if (FRAME_MARKERS.has(marker)) {
      hasFrame = true;
      if (((bytes[at + 3]! << 8) | bytes[at + 4]!) === 0 || ((bytes[at + 5]! << 8) | bytes[at + 6]!) === 0)
        return 'the JPEG image has no width or height';
    }
    if (marker === 0xda) {
      if (!hasFrame) return 'the JPEG image has no frame header';
      for (let end = bytes.length - 2; end >= at + length; end--)
        if (bytes[end] === 0xff && bytes[end + 1] === 0xd9) return undefined;
      return CUT_SHORT;
    }
    at += length;
  }
  return CUT_SHORT;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** What may stand in an XML file besides elements and text. */
const XML_OTHER = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>/iy;
const XML_OPEN = /<([A-Za-z_][\w:.-]*)(?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*\s*(\/?)>/y;
const XML_CLOSE = /<\/([A-Za-z_][\w:.-]*)\s*>/y;

/** The match of a sticky pattern at `at`. */
function matchAt(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(text);
}

/** An SVG: UTF-8 text, well-formed XML (every tag closed, in order), whose root element is <svg>. */
function svgProblem(bytes: Uint8Array): string | undefined {
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    return 'the SVG image is not UTF-8 text';
  }
  const open: string[] = [];
  let root: string | undefined;
  for (let at = text.indexOf('<'); at >= 0; at = text.indexOf('<', at)) {
    const other = matchAt(XML_OTHER, text, at);
    const opening = other ? null : matchAt(XML_OPEN, text, at);
    const closing = other || opening ? null : matchAt(XML_CLOSE, text, at);
    const found = other ?? opening ?? closing;
    if (!found) {
      const { line, col } = positionAt(text, at);
      return `the SVG image is not well-formed XML: the tag at its line ${line}, column ${col} is not closed or not written right`;
    }
    at += found[0].length;
    if (opening) {
      if (root !== undefined && open.length === 0) return 'the SVG image has more than one root element';
      root ??= opening[1];
      if (!opening[2]) open.push(opening[1]!);
    } else if (closing && open.pop() !== closing[1]) {
      return `the SVG image is not well-formed XML: </${closing[1]}> closes no open <${closing[1]}>`;
    }
  }
  if (root !== 'svg')
    return root ? `the file's root element is <${root}>, not <svg>` : 'the file holds no <svg> element';
  if (open.length > 0)
    return `the SVG image is not well-formed XML: <${open.at(-1)!}> is never closed (is the file cut short?)`;
  return undefined;
}
