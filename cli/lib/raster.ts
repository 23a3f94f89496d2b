import { BuildError } from '../errors.ts';

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
