import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageProblem } from '../../../cli/lib/image-format.ts';

const svg =
  '<?xml version="1.0"?>\n<!-- drawn by hand -->\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><title>A &amp; B</title><path d="M0 0h10"/></svg>\n';

describe('imageProblem', () => {
  it('accepts a well-formed SVG and names what is wrong with others', () => {
    expect(imageProblem('a.svg', Buffer.from(svg))).toBeUndefined();
    expect(imageProblem('a.svg', Buffer.from(svg.slice(0, 120)))).toMatch(/not well-formed XML/);
    expect(imageProblem('a.svg', Buffer.from('<html><body>404</body></html>'))).toBe(
      "the file's root element is <html>, not <svg>",
    );
    expect(imageProblem('a.svg', Buffer.from('<svg><g></svg>'))).toMatch(/<\/svg> closes no open <svg>/);
    expect(imageProblem('a.svg', Buffer.from('just text'))).toBe('the file holds no <svg> element');
    expect(imageProblem('a.svg', Buffer.from([0x3c, 0x73, 0x76, 0x67, 0xe0, 0x3e]))).toBe(
      'the SVG image is not UTF-8 text',
    );
    expect(imageProblem('a.svg', Buffer.alloc(0))).toBe('the file is empty');
  });

  it('accepts whole PNG and JPEG files and refuses them cut short or of another format', async () => {
    const pixels = sharp({ create: { width: 20, height: 10, channels: 3, background: '#c33' } });
    for (const [name, bytes] of [
      ['a.png', await pixels.clone().png().toBuffer()],
      ['a.jpg', await pixels.clone().jpeg().toBuffer()],
      ['a.jpeg', await pixels.clone().jpeg({ progressive: true, mozjpeg: true }).toBuffer()],
    ] as const) {
      expect(imageProblem(name, bytes), name).toBeUndefined();
      expect(imageProblem(name, bytes.subarray(0, bytes.length - 5)), name).toBe('the file is cut short');
      expect(imageProblem(name, Buffer.from('<!doctype html><p>Not found</p>')), name).toMatch(/^the file is not a/);
    }
  });

  it('leaves formats it does not know alone', () => {
    expect(imageProblem('a.ico', Buffer.from('anything'))).toBeUndefined();
  });
});
