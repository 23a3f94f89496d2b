import type { SourcePosition } from '../errors.ts';
import type { BinaryFile, ImageManifest, ResponsiveImage } from '../types.ts';

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

/** A <picture> offering AVIF and WebP at every width, with a sized fallback <img>; `alt` comes escaped. */
export function pictureHtml(image: ResponsiveImage, escapedAlt: string, isPriority: boolean): string {
  const sources = image.sources
    .map((source) => `<source type="${source.type}" srcset="${source.srcset}" sizes="${SIZES}">`)
    .join('');
  const loading = isPriority ? 'fetchpriority="high"' : 'loading="lazy"';
  return `<picture>${sources}<img src="${image.fallback}" alt="${escapedAlt}" width="${image.width}" height="${image.height}" ${loading} decoding="async"></picture>`;
}

/**
 * Replaces the <img> markdown wrote for a content image by its responsive <picture>. The image
 * title `priority` (`![Alt](/images/shop.jpg "priority")`) loads it first instead of lazily.
 */
export function useResponsiveImages(html: string, images: ImageManifest): string {
  return html.replace(
    /<img src="(\/images\/[^"]+)" alt="([^"]*)"(?: title="([^"]*)")?>/g,
    (whole, src: string, alt: string, title?: string) => {
      const image = images[src];
      return image ? pictureHtml(image, alt, title === 'priority') : whole;
    },
  );
}
