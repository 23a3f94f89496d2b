import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BuildError } from '../errors.ts';
import { cached, keyOf } from '../lib/cache-file.ts';
import { writeWhole } from '../output/whole-file.ts';
import { contentHash } from '../lib/hash.ts';
import { imageSizesOf } from '../lib/image-size.ts';
import { rasterize, rasterRecipe } from '../lib/raster.ts';
import { bundleStylesheet, prefixStylesheet } from '../lib/stylesheet.ts';
import type { AssetManifest, BinaryFile, ImageSizes, Output } from '../types.ts';

/** Where bundling reads from and caches to. */
export interface BundleInput {
  readonly stylesheet: string;
  readonly browsers: readonly string[];
  readonly publicFiles: readonly BinaryFile[];
  readonly cacheDir: string;
  /** Where the prefixed and the bundled stylesheet are kept: they depend on the generator's files alone. */
  readonly generatorCacheDir: string;
}

/** Sources in public/ drawn as PNG for sharing previews and home-screen icons. */
const RASTER_IMAGES = {
  socialImage: { source: 'images/og-image.svg', name: 'og-image', width: 1200, height: 630 },
  touchIcon: { source: 'favicon.svg', name: 'apple-touch-icon', width: 180, height: 180 },
} as const;

/**
 * Builds the assets pages link to, each named by a hash so hosts can cache it for ever: the
 * stylesheet (autoprefixed, minified) and the fonts it names by their bytes, the PNG versions of
 * the sharing image and icon by what they are drawn from (they are drawn while pages render).
 * Results are cached by the hash of their inputs, so an unchanged asset costs one read.
 * Also measures the images of public/ once, for the pages whose text shows them (`imageSizes`).
 */
export async function bundleAssets(input: BundleInput): Promise<{
  manifest: AssetManifest;
  /** The stylesheet and its fonts. */
  outputs: Output[];
  /** The PNG drawings, each at the address the manifest gives it. */
  pictures: Promise<Output[]>;
  imageSizes: ImageSizes;
}> {
  const stylesheetDone = bundleStyles(input);
  // Each picture is named by what it is drawn from, so that pages can link it while sharp draws
  // it on its own threads: loading sharp and drawing the sharing image took 250 ms, which every
  // clean build waited for before rendering a page.
  const rasters = (
    Object.entries(RASTER_IMAGES) as [keyof typeof RASTER_IMAGES, (typeof RASTER_IMAGES)[keyof typeof RASTER_IMAGES]][]
  )
    .map(([key, image]) => ({ key, image, source: input.publicFiles.find((file) => file.path === image.source) }))
    .filter((raster) => raster.source !== undefined);
  const recipe = rasters.length > 0 ? rasterRecipe() : '';
  const drawings = rasters.map(({ key, image, source }) => {
    const inputs = [source!.contents, `${image.width}x${image.height}`, recipe];
    const png = cached(input.cacheDir, 'png', inputs, () =>
      rasterize(source!.contents, `public/${image.source}`, image.width, image.height),
    );
    return { key, image, path: `assets/${image.name}.${keyOf(inputs)}.png`, png };
  });
  const pictures = Promise.all(drawings.map(async ({ path, png }): Promise<Output> => ({ path, contents: await png })));
  // Awaited by the build once the pages are rendered; a failure is reported then, never as unhandled.
  pictures.catch(() => undefined);
  const [{ stylesheet: stylesheetOutput, fonts }, imageSizes] = await Promise.all([
    stylesheetDone,
    imageSizesOf(input.publicFiles),
  ]);
  const outputs: Output[] = [stylesheetOutput, ...fonts];
  const manifest: { -readonly [Key in keyof AssetManifest]: AssetManifest[Key] } = {
    stylesheet: `/${stylesheetOutput.path}`,
    fonts: fonts.map((font) => `/${font.path}`),
  };
  if (input.publicFiles.some((file) => file.path === RASTER_IMAGES.touchIcon.source))
    manifest.favicon = `/${RASTER_IMAGES.touchIcon.source}`;
  for (const { key, image, path } of drawings)
    manifest[key] = { url: `/${path}`, width: image.width, height: image.height };
  return { manifest, outputs, pictures, imageSizes };
}

/**
 * The stylesheet autoprefixed and minified, named by its hash, and the font files it names: the
 * part of the assets a stylesheet edit changes (the dev server swaps it in alone).
 */
export async function bundleStyles(
  input: Pick<BundleInput, 'stylesheet' | 'browsers' | 'generatorCacheDir'>,
): Promise<{ stylesheet: Output; fonts: Output[] }> {
  const css = await readFile(input.stylesheet, 'utf8').catch((cause: Error) => {
    throw new BuildError('ReadError', `cannot read the stylesheet: ${cause.message}`, {
      file: input.stylesheet,
      cause,
    });
  });
  const prefixed = await cached(input.generatorCacheDir, 'css', [input.browsers.join(','), css], () =>
    prefixStylesheet(css, input.stylesheet, input.browsers),
  );
  const { css: bundled, fonts } = await bundledStylesheet(prefixed, input.stylesheet, input.generatorCacheDir);
  return { stylesheet: hashedOutput('site', 'css', bundled), fonts };
}

/** A bundled stylesheet as the generator's cache keeps it: the fonts' bytes in base64, with the files read. */
interface SavedStylesheet {
  readonly css: string;
  readonly fonts: readonly { readonly path: string; readonly contents: string }[];
  readonly inputs: readonly { readonly path: string; readonly hash: string }[];
}

/**
 * The stylesheet bundled with its fonts, from the generator's cache while every file esbuild
 * read for it (the fonts, in npm packages that an update may change) still has its bytes;
 * bundling otherwise. Saves starting esbuild in a build whose stylesheet is unchanged.
 */
async function bundledStylesheet(prefixed: Buffer, from: string, cacheDir: string) {
  const entry = join(cacheDir, `stylesheet-${contentHash(Buffer.concat([Buffer.from(`${from}\0`), prefixed]))}.json`);
  const hashOf = async (path: string) => contentHash(await readFile(path));
  const saved = await readFile(entry, 'utf8')
    .then((text) => JSON.parse(text) as SavedStylesheet)
    .catch(() => undefined);
  const isCurrent =
    saved !== undefined &&
    (
      await Promise.all(saved.inputs.map(async ({ path, hash }) => (await hashOf(path).catch(() => '')) === hash))
    ).every(Boolean);
  if (isCurrent)
    return {
      css: Buffer.from(saved.css, 'base64'),
      fonts: saved.fonts.map((font) => ({ path: font.path, contents: Buffer.from(font.contents, 'base64') })),
    };
  const made = await bundleStylesheet(prefixed, from, cacheDir);
  const record: SavedStylesheet = {
    css: made.css.toString('base64'),
    fonts: made.fonts.map((font) => ({ path: font.path, contents: (font.contents as Buffer).toString('base64') })),
    inputs: await Promise.all(made.inputs.map(async (path) => ({ path, hash: await hashOf(path) }))),
  };
  await writeWhole(entry, JSON.stringify(record));
  return made;
}

function hashedOutput(name: string, extension: string, contents: Buffer): Output {
  return { path: `assets/${name}.${contentHash(contents)}.${extension}`, contents };
}
