import type { SourcePosition } from '../errors.ts';
import type { BinaryFile, ImageManifest, ImageSize, ResponsiveImage } from '../types.ts';

/** A field of the content that names a content image: where it is, and its name (`"image.src"`). */
export interface ImageReference extends SourcePosition {
  readonly file: string;
  readonly field: string;
}

/**
 * A JPEG or PNG of content/images/, with the fields that name it as validation found them, so
 * an image that cannot be decoded is reported where it is used.
 */
export interface ContentImage extends BinaryFile {
  readonly referencedBy?: readonly ImageReference[];
}

/** Body images are at most the prose column wide (44rem), the whole viewport on phones. */
const SIZES = '(min-width: 48rem) 44rem, 100vw';

/** A priority image is fetched first; any other waits until it nears the viewport. */
const loadingOf = (isPriority: boolean) => (isPriority ? 'fetchpriority="high"' : 'loading="lazy"');

/** A <picture> offering AVIF and WebP at every width, with a sized fallback <img>; `alt` comes escaped. */
export function pictureHtml(image: ResponsiveImage, escapedAlt: string, isPriority: boolean): string {
  const sources = image.sources
    .map((source) => `<source type="${source.type}" srcset="${source.srcset}" sizes="${SIZES}">`)
    .join('');
  return `<picture>${sources}<img src="${image.fallback}" alt="${escapedAlt}" width="${image.width}" height="${image.height}" ${loadingOf(isPriority)} decoding="async"></picture>`;
}

/**
 * Replaces the <img> markdown wrote for a content image by its responsive <picture>, and gives
 * an image of public/ its size (`sizeOf`) and the same loading; an image of unknown size stays
 * as written. The image title `priority` (`![Alt](/images/shop.jpg "priority")`) loads it first
 * instead of lazily.
 */
export function useResponsiveImages(
  html: string,
  images: ImageManifest,
  sizeOf: (url: string) => ImageSize | undefined,
): string {
  return html.replace(
    /<img src="(\/[^"]+)" alt="([^"]*)"(?: title="([^"]*)")?>/g,
    (whole, src: string, alt: string, title?: string) => {
      const isPriority = title === 'priority';
      const image = images[src];
      if (image) return pictureHtml(image, alt, isPriority);
      const size = sizeOf(src);
      if (!size) return whole;
      const titled = title === undefined || isPriority ? '' : ` title="${title}"`;
      return `<img src="${src}" alt="${alt}"${titled} width="${size.width}" height="${size.height}" ${loadingOf(isPriority)} decoding="async">`;
    },
  );
}
