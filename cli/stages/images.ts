import { basename, extname } from 'node:path';
import { BuildError, throwIfAny } from '../errors.ts';
import { cached } from '../lib/cache-file.ts';
import { contentHash } from '../lib/hash.ts';
import type { ImageManifest, Output, ResponsiveImage } from '../types.ts';

/** Widths the browser can choose from (never wider than the original). */
const WIDTHS = [480, 960, 1440, 1920];
const FORMATS = [
  { type: 'image/avif', extension: 'avif', options: { quality: 55 } },
  { type: 'image/webp', extension: 'webp', options: { quality: 75 } },
] as const;

/**
 * Turns the JPEG and PNG images of content/images/ into responsive images: AVIF and WebP at
 * several widths and a fallback in the original format, each named by its content hash. Every
 * variant is cached by the hash of the image and its size, so a rebuild does no image work twice.
 */
export async function buildImages(
  images: readonly { path: string; contents: Buffer }[],
  cacheDir: string,
): Promise<{ manifest: ImageManifest; outputs: Output[] }> {
  if (images.length === 0) return { manifest: {}, outputs: [] };
  const { default: sharp } = await import('sharp');
  const outputs: Output[] = [];
  const manifest: Record<string, ResponsiveImage> = {};
  const errors: BuildError[] = [];
  for (const image of images) {
    const file = `content/${image.path}`;
    const metadata = await sharp(image.contents)
      .metadata()
      .catch((cause: Error) => {
        errors.push(
          new BuildError('BundleError', `cannot read the image: ${cause.message}`, {
            file,
            hint: 'Save it again as a JPEG or PNG file.',
          }),
        );
        return undefined;
      });
    if (!metadata?.width || !metadata.height) continue;
    const { width, height } = metadata;
    const widths = [...new Set([...WIDTHS.filter((candidate) => candidate < width), Math.min(width, WIDTHS.at(-1)!)])];
    const name = basename(image.path, extname(image.path));
    const variant = async (
      targetWidth: number,
      extension: string,
      encode: (pipeline: import('sharp').Sharp) => import('sharp').Sharp,
    ) => {
      const bytes = await cached(cacheDir, 'img', [image.contents, `${targetWidth}.${extension}`], () =>
        encode(sharp(image.contents).resize({ width: targetWidth })).toBuffer(),
      );
      const path = `assets/images/${name}-${targetWidth}.${contentHash(bytes)}.${extension}`;
      outputs.push({ path, contents: bytes });
      return `/${path}`;
    };
    const sources = [];
    for (const format of FORMATS) {
      const urls = [];
      for (const targetWidth of widths)
        urls.push(
          `${await variant(targetWidth, format.extension, (pipeline) => pipeline.toFormat(format.extension, format.options))} ${targetWidth}w`,
        );
      sources.push({ type: format.type, srcset: urls.join(', ') });
    }
    const isPng = metadata.format === 'png';
    const largest = widths.at(-1)!;
    const fallback = await variant(largest, isPng ? 'png' : 'jpg', (pipeline) =>
      isPng ? pipeline.png({ compressionLevel: 9 }) : pipeline.jpeg({ quality: 80, progressive: true, mozjpeg: true }),
    );
    manifest[`/${image.path}`] = { width: largest, height: Math.round((height * largest) / width), fallback, sources };
  }
  throwIfAny(errors);
  return { manifest, outputs };
}
