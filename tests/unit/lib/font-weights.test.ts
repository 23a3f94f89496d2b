import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fontverter from 'fontverter';
import { describe, expect, it } from 'vitest';
import { fitFontsToWeights } from '../../../cli/lib/font-weights.ts';
import { BuildError } from '../../../cli/errors.ts';

const files = {
  figtree: 'node_modules/@fontsource-variable/figtree/files/figtree-latin-wght-normal.woff2',
  fraunces: 'node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2',
};

/** The weight axis a font file has, read by opentype's own rules: its `fvar` table. */
async function weightAxis(woff2: Buffer): Promise<[number, number] | 'none'> {
  const sfnt = Buffer.from(await fontverter.convert(woff2, 'truetype'));
  const tags = Array.from({ length: sfnt.readUInt16BE(4) }, (_, index) => 12 + index * 16);
  const record = tags.find((offset) => sfnt.toString('latin1', offset, offset + 4) === 'fvar');
  if (record === undefined) return 'none';
  const fvar = sfnt.readUInt32BE(record + 8);
  const axis = fvar + sfnt.readUInt16BE(fvar + 4);
  expect(sfnt.toString('latin1', axis, axis + 4)).toBe('wght');
  return [sfnt.readInt32BE(axis + 4) / 65536, sfnt.readInt32BE(axis + 12) / 65536];
}

async function fit(faces: string, cacheDir?: string) {
  const fonts = await Promise.all(
    Object.entries(files).map(async ([name, path]) => ({
      path: `assets/fonts/${name}.ABCDEFGH.woff2`,
      contents: await readFile(path),
    })),
  );
  return fitFontsToWeights(Buffer.from(faces), fonts, 'templates/styles/site.css', cacheDir);
}

const face = (name: string, weight: string) =>
  `@font-face{font-family:${name};font-weight:${weight};src:url("/assets/fonts/${name}.ABCDEFGH.woff2") format("woff2")}`;

describe('fitFontsToWeights', () => {
  it('pins a face that declares one weight, narrows one that declares a range, and renames both by their bytes', async () => {
    const result = await fit(face('fraunces', '700') + face('figtree', '400 700'));
    const css = result.css.toString();
    expect(result.fonts.map((font) => font.path).sort()).toEqual([
      expect.stringMatching(/^assets\/fonts\/figtree\.[0-9a-f]{10}\.woff2$/),
      expect.stringMatching(/^assets\/fonts\/fraunces\.[0-9a-f]{10}\.woff2$/),
    ]);
    for (const font of result.fonts) expect(css).toContain(`url("/${font.path}")`);
    expect(css).not.toContain('ABCDEFGH');

    const [figtree, fraunces] = [...result.fonts].sort((a, b) => a.path.localeCompare(b.path));
    expect(await weightAxis(await readFile(files.fraunces))).toEqual([100, 900]);
    expect(await weightAxis(fraunces!.contents)).toBe('none');
    expect(fraunces!.contents.length).toBeLessThan((await readFile(files.fraunces)).length * 0.6);
    expect(await weightAxis(await readFile(files.figtree))).toEqual([300, 900]);
    expect(await weightAxis(figtree!.contents)).toEqual([400, 700]);
    expect(figtree!.contents.length).toBeLessThan((await readFile(files.figtree)).length);
  });

  it('leaves a face that declares its whole axis, or no weight, as it is', async () => {
    const result = await fit(
      face('figtree', '300 900') +
        '@font-face{font-family:fraunces;src:url("/assets/fonts/fraunces.ABCDEFGH.woff2") format("woff2")}',
    );
    expect(result.css.toString()).toContain('/assets/fonts/figtree.ABCDEFGH.woff2');
    expect(result.css.toString()).toContain('/assets/fonts/fraunces.ABCDEFGH.woff2');
    expect(result.fonts.map((font) => font.path).sort()).toEqual([
      'assets/fonts/figtree.ABCDEFGH.woff2',
      'assets/fonts/fraunces.ABCDEFGH.woff2',
    ]);
  });

  it('keeps the fitted fonts in the cache folder it is given, and reads them from there', async () => {
    const cacheDir = await mkdtemp(join(tmpdir(), 'sitegen-fonts-'));
    try {
      const faces = face('fraunces', '700') + face('figtree', '400 700') + face('figtree', '300 900');
      const uncached = await fit(faces);
      const first = await fit(faces, cacheDir);
      expect(first).toEqual(uncached);
      // One entry per file and range: the whole axis too, whose bytes are the file's own.
      const entries = (await readdir(cacheDir)).filter((name) => name.startsWith('font-'));
      expect(entries).toHaveLength(3);
      expect(await fit(faces, cacheDir)).toEqual(uncached);
      // The bytes an entry holds are the ones used: the same fonts, when it was made by a fitting.
      const fraunces = uncached.fonts.find((font) => font.path.startsWith('assets/fonts/fraunces.'))!;
      const entry = await Promise.all(
        entries.map(async (name) => [name, await readFile(join(cacheDir, name))] as const),
      );
      const [name] = entry.find(([, bytes]) => bytes.equals(fraunces.contents))!;
      await writeFile(join(cacheDir, name), Buffer.from('other bytes'));
      const fromCache = await fit(faces, cacheDir);
      expect(fromCache.fonts.find((font) => font.path.startsWith('assets/fonts/fraunces.'))?.contents.toString()).toBe(
        'other bytes',
      );
    } finally {
      await rm(cacheDir, { recursive: true, force: true });
    }
  });

  it('fails, naming the stylesheet, when a face declares weights its file does not have', async () => {
    const error = await fit(face('figtree', '100 700')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BuildError);
    expect(error).toMatchObject({ file: 'templates/styles/site.css' });
    expect((error as Error).message).toMatch(/font-weight 100 700.*figtree\.ABCDEFGH\.woff2 has \(300–900\)/);
  });
});
