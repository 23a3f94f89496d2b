import { basename, extname } from 'node:path';
import { BuildError, throwIfAny } from '../errors.ts';
import { cached } from '../lib/cache-file.ts';
import { contentHash } from '../lib/hash.ts';
import type { ContentImage } from '../lib/responsive-image.ts';
import type { ImageManifest, Output, ResponsiveImage } from '../types.ts';

/** Widths the browser can choose from (never wider than the original). */
const WIDTHS = [480, 960, 1440, 1920];
const FORMATS = [
  { type: 'image/avif', extension: 'avif', options: { quality: 55 } },
  { type: 'image/webp', extension: 'webp', options: { quality: 75 } },
] as const;

/** The sharp module's function. */
type Sharp = (typeof import('sharp'))['default'];

const HINT = 'Save the image again as a JPEG or PNG file from the program that made it.';

/**
 * Turns the JPEG and PNG images of content/images/ into responsive images: AVIF and WebP at
 * several widths and a fallback in the original format, each named by its content hash. Every
 * variant is cached by the hash of the image and its size, so a rebuild does no image work twice.
 * An image that cannot be decoded is an error at each field that names it (or at the image
 * itself when nothing does); all of them are reported together.
 */
export async function buildImages(
  images: readonly ContentImage[],
  cacheDir: string,
): Promise<{ manifest: ImageManifest; outputs: Output[] }> {
  if (images.length === 0) return { manifest: {}, outputs: [] };
  const { default: sharp } = await import('sharp');
  const outputs: Output[] = [];
  const manifest: Record<string, ResponsiveImage> = {};
  const errors: BuildError[] = [];
  for (const image of images) {
    try {
      const made = await responsiveImage(sharp, image, cacheDir);
      outputs.push(...made.outputs);
      manifest[`/${image.path}`] = made.image;
    } catch (cause) {
      errors.push(...decodeErrors(image, cause));
    }
  }
  throwIfAny(errors);
  return { manifest, outputs };
}

/** One image's variants and its entry of the manifest; throws what sharp throws. */
async function responsiveImage(
  sharp: Sharp,
  image: ContentImage,
  cacheDir: string,
): Promise<{ image: ResponsiveImage; outputs: Output[] }> {
  const outputs: Output[] = [];
  const metadata = await sharp(image.contents).metadata();
  if (!metadata.width || !metadata.height) throw new Error('the image has no width or height');
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
  return {
    image: { width: largest, height: Math.round((height * largest) / width), fallback, sources },
    outputs,
  };
}

/** The errors for an image sharp could not decode: at each field that names it, or at the image. */
function decodeErrors(image: ContentImage, cause: unknown): BuildError[] {
  const file = `content/${image.path}`;
  const reason = cause instanceof Error ? cause.message : String(cause);
  const references = image.referencedBy ?? [];
  if (references.length === 0)
    return [new BuildError('BundleError', `cannot read the image: ${reason}`, { file, hint: HINT, cause })];
  return references.map(
    (reference) =>
      new BuildError(
        'BundleError',
        `${reference.field} names the image /${image.path}, which cannot be read: ${file}: ${reason}`,
        { file: reference.file, line: reference.line, col: reference.col, hint: HINT, cause },
      ),
  );
}
