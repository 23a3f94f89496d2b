import { readFile } from 'node:fs/promises';
import { BuildError } from '../errors.ts';
import { cached } from '../lib/cache-file.ts';
import { contentHash } from '../lib/hash.ts';
import { rasterize } from '../lib/raster.ts';
import { bundleStylesheet, prefixStylesheet } from '../lib/stylesheet.ts';
import type { AssetManifest, BinaryFile, Output } from '../types.ts';

/** Where bundling reads from and caches to. */
export interface BundleInput {
  readonly stylesheet: string;
  readonly browsers: readonly string[];
  readonly publicFiles: readonly BinaryFile[];
  readonly cacheDir: string;
}

/** Sources in public/ drawn as PNG for sharing previews and home-screen icons. */
const RASTER_IMAGES = {
  socialImage: { source: 'images/og-image.svg', name: 'og-image', width: 1200, height: 630 },
  touchIcon: { source: 'favicon.svg', name: 'apple-touch-icon', width: 180, height: 180 },
} as const;

/**
 * Builds the assets pages link to, each named by its content hash so hosts can cache it for
 * ever: the stylesheet (autoprefixed, minified), the fonts it names, and the PNG versions of the sharing image and
 * icon. Results are cached by the hash of their inputs, so an unchanged asset costs one read.
 */
export async function bundleAssets(input: BundleInput): Promise<{ manifest: AssetManifest; outputs: Output[] }> {
  const css = await readFile(input.stylesheet, 'utf8').catch((cause: Error) => {
    throw new BuildError('ReadError', `cannot read the stylesheet: ${cause.message}`, {
      file: input.stylesheet,
      cause,
    });
  });
  const prefixed = await cached(input.cacheDir, 'css', [input.browsers.join(','), css], () =>
    prefixStylesheet(css, input.stylesheet, input.browsers),
  );
  const { css: stylesheet, fonts } = await bundleStylesheet(prefixed, input.stylesheet);
  const stylesheetOutput = hashedOutput('site', 'css', stylesheet);
  const outputs: Output[] = [stylesheetOutput, ...fonts];
  const manifest: { -readonly [Key in keyof AssetManifest]: AssetManifest[Key] } = {
    stylesheet: `/${stylesheetOutput.path}`,
    fonts: fonts.map((font) => `/${font.path}`),
  };
  if (input.publicFiles.some((file) => file.path === RASTER_IMAGES.touchIcon.source))
    manifest.favicon = `/${RASTER_IMAGES.touchIcon.source}`;
  for (const [key, image] of Object.entries(RASTER_IMAGES) as [
    keyof typeof RASTER_IMAGES,
    (typeof RASTER_IMAGES)[keyof typeof RASTER_IMAGES],
  ][]) {
    const source = input.publicFiles.find((file) => file.path === image.source);
    if (!source) continue;
    const png = await cached(input.cacheDir, 'png', [source.contents, `${image.width}x${image.height}`], () =>
      rasterize(source.contents, `public/${image.source}`, image.width, image.height),
    );
    const output = hashedOutput(image.name, 'png', png);
    outputs.push(output);
    manifest[key] = { url: `/${output.path}`, width: image.width, height: image.height };
  }
  return { manifest, outputs };
}

function hashedOutput(name: string, extension: string, contents: Buffer): Output {
  return { path: `assets/${name}.${contentHash(contents)}.${extension}`, contents };
}
