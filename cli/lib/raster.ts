import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { BuildError } from '../errors.ts';

/**
 * What decides a drawing's bytes besides its SVG and size: the settings below and the version
 * of sharp (which pins its libvips). A drawing is named by a hash of all of them, so pages can
 * link it before it is drawn (stages/bundle.ts).
 */
export function rasterRecipe(): string {
  const sharpMain = createRequire(import.meta.url).resolve('sharp');
  const { version } = JSON.parse(readFileSync(join(dirname(sharpMain), '../package.json'), 'utf8')) as {
    version: string;
  };
  return `sharp ${version}: density 144, cover, png compression 9, palette`;
}

/** An SVG drawn as a PNG of the given size (sharp/librsvg), for places that take no SVG. */
export async function rasterize(svg: Buffer, file: string, width: number, height: number): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  try {
    return await sharp(svg, { density: 144 })
      .resize(width, height, { fit: 'cover' })
      .png({ compressionLevel: 9, palette: true })
      .toBuffer();
  } catch (cause) {
    throw new BuildError('BundleError', `cannot draw the image: ${(cause as Error).message}`, { file, cause });
  }
}
