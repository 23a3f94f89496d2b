import type { Declaration } from 'postcss';
import { BuildError } from '../errors.ts';
import { cached } from './cache-file.ts';
import { contentHash } from './hash.ts';

/** A font file of the bundled stylesheet, by its path below the output folder. */
export interface FontFile {
  readonly path: string;
  readonly contents: Buffer;
}

/**
 * Variable fonts cut to the weights the stylesheet declares. A `@fontsource-variable` file
 * carries its whole weight axis (Fraunces 100–900), while the site draws its headings at 700
 * and its text between 400 and 700: a face that says `font-weight: 700` gets the axis pinned
 * there, one that says `font-weight: 400 700` gets it narrowed to that range (harfbuzz's
 * instancer, through subset-font). The variation data no page uses is about 20 KB of the 57 KB
 * every first visit downloads. Glyphs are all kept: the files are Latin subsets already.
 *
 * A face whose file has no weight axis, or whose declared range is the whole axis, is left as
 * it is. A declared weight outside the axis is an error: the browser would synthesise it.
 */
export async function fitFontsToWeights(
  css: Buffer,
  fonts: readonly FontFile[],
  stylesheet: string,
  cacheDir?: string,
): Promise<{ css: Buffer; fonts: FontFile[] }> {
  const { default: postcss } = await import('postcss');
  const root = postcss.parse(css.toString('utf8'), { from: stylesheet });
  const byUrl = new Map(fonts.map((font) => [`/${font.path}`, font]));
  const faces: { declaration: Declaration; url: string; font: FontFile; range: readonly [number, number] }[] = [];
  root.walkAtRules('font-face', (face) => {
    let weight: string | undefined;
    face.walkDecls('font-weight', (declaration) => void (weight = declaration.value));
    const range = weight === undefined ? undefined : declaredRange(weight);
    if (!range) return;
    face.walkDecls('src', (declaration) => {
      for (const url of urlsOf(declaration.value)) {
        const font = byUrl.get(url);
        if (font) faces.push({ declaration, url, font, range });
      }
    });
  });
  const fitted = new Map<string, FontFile>();
  // One at a time: the WOFF2 decoder hands back a view of its wasm memory, which the next call overwrites.
  for (const { declaration, url, font, range } of faces) {
    const output = await fitFont(font, range, stylesheet, cacheDir);
    fitted.set(output.path, output);
    declaration.value = declaration.value.replace(url, `/${output.path}`);
  }
  const text = root.toString();
  // A file every face now names in its fitted form is no longer written.
  return {
    css: Buffer.from(text),
    fonts: [...new Map([...fonts, ...fitted.values()].map((font) => [font.path, font])).values()].filter((font) =>
      text.includes(`/${font.path}`),
    ),
  };
}

/** A weight range from a `font-weight` descriptor: `700`, `400 700`, `bold`. */
function declaredRange(value: string): readonly [number, number] | undefined {
  const named: Record<string, number> = { normal: 400, bold: 700 };
  const weights = value
    .trim()
    .split(/\s+/)
    .map((word) => named[word] ?? Number(word));
  if (weights.length < 1 || weights.length > 2 || weights.some((weight) => !Number.isFinite(weight))) return undefined;
  return [weights[0]!, weights.at(-1)!];
}

function urlsOf(src: string): string[] {
  return [...src.matchAll(/url\(\s*['"]?([^'")]+)['"]?\s*\)/g)].map((match) => match[1]!);
}

/**
 * The font with its weight axis pinned or narrowed to `range`, renamed by its new bytes. With
 * `cacheDir`, the bytes come from there when an earlier build fitted the same file to the same
 * range: decoding and instancing take about 150 ms of every build whose stylesheet changed
 * (each edit in `sitegen dev`), for fonts that did not.
 */
async function fitFont(
  font: FontFile,
  range: readonly [number, number],
  stylesheet: string,
  cacheDir?: string,
): Promise<FontFile> {
  const make = () => fittedBytes(font, range, stylesheet);
  const contents = cacheDir ? await cached(cacheDir, 'font', [font.contents, range.join(' ')], make) : await make();
  if (contents.equals(font.contents)) return font;
  return { path: font.path.replace(/\.[^.]+\.woff2$/, `.${contentHash(contents)}.woff2`), contents };
}

/** The bytes of `font` fitted to `[min, max]`: its own bytes when it has no weight axis or the range spans it. */
async function fittedBytes(font: FontFile, [min, max]: readonly [number, number], stylesheet: string): Promise<Buffer> {
  const [{ default: fontverter }, { default: subsetFont }] = await Promise.all([
    import('fontverter'),
    import('subset-font'),
  ]);
  const sfnt = Buffer.from(await fontverter.convert(font.contents, 'truetype'));
  const axis = weightAxis(sfnt);
  if (!axis || (min <= axis.min && max >= axis.max)) return font.contents;
  if (min < axis.min || max > axis.max)
    throw new BuildError(
      'BundleError',
      `a @font-face declares font-weight ${min === max ? min : `${min} ${max}`}, outside the weights its file ${font.path} has (${axis.min}–${axis.max}): declare a range within them`,
      { file: stylesheet },
    );
  const variationAxes = { wght: min === max ? min : { min, max } };
  return Buffer.from(await subsetFont(sfnt, undefined, { keepAllGlyphs: true, targetFormat: 'woff2', variationAxes }));
}

/** The `wght` axis of a TrueType/OpenType file's `fvar` table, if it has one. */
function weightAxis(sfnt: Buffer): { min: number; max: number } | undefined {
  const tables = sfnt.readUInt16BE(4);
  for (let record = 12; record < 12 + tables * 16; record += 16) {
    if (sfnt.toString('latin1', record, record + 4) !== 'fvar') continue;
    const fvar = sfnt.readUInt32BE(record + 8);
    const axesOffset = fvar + sfnt.readUInt16BE(fvar + 4);
    const [count, size] = [sfnt.readUInt16BE(fvar + 8), sfnt.readUInt16BE(fvar + 10)];
    for (let axis = axesOffset; axis < axesOffset + count * size; axis += size) {
      if (sfnt.toString('latin1', axis, axis + 4) === 'wght')
        return { min: sfnt.readInt32BE(axis + 4) / 65536, max: sfnt.readInt32BE(axis + 12) / 65536 };
    }
  }
  return undefined;
}
