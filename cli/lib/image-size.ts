import type { BinaryFile, ImageSize, ImageSizes } from '../types.ts';

/** Formats sharp reads the size of; SVG is read here, from its root element. */
const RASTER = /\.(png|jpe?g|gif|webp|avif)$/i;

/**
 * The intrinsic width and height of each image of public/, by site path (`/images/logo.svg`),
 * so that pages can reserve its space before it loads. An image whose size cannot be read (a
 * broken file, an SVG sized in percent without a viewBox) is left out.
 */
export async function imageSizesOf(files: readonly BinaryFile[]): Promise<ImageSizes> {
  const sizes: Record<string, ImageSize> = {};
  const rasters = files.filter((file) => RASTER.test(file.path));
  // sharp loads its native library: only when there is a raster image to measure.
  const sharp = rasters.length > 0 ? (await import('sharp')).default : undefined;
  for (const file of files) {
    const size = file.path.toLowerCase().endsWith('.svg')
      ? svgSize(file.contents.toString('utf8'))
      : sharp && RASTER.test(file.path)
        ? await rasterSize(sharp, file.contents)
        : undefined;
    if (size) sizes[`/${file.path}`] = size;
  }
  return sizes;
}

/** A raster image's size as sharp reads it from its header; undefined when it cannot. */
function rasterSize(sharp: (typeof import('sharp'))['default'], bytes: Buffer): Promise<ImageSize | undefined> {
  return (
    sharp(bytes)
      .metadata()
      // EXIF orientations 5 to 8 turn the picture a quarter: browsers show it the other way round.
      .then(({ width, height, orientation = 1 }) =>
        width && height ? (orientation >= 5 ? { width: height, height: width } : { width, height }) : undefined,
      )
      .catch(() => undefined)
  );
}

/**
 * An SVG's size from its root element: `width` and `height` in pixels (or unitless); one of them
 * with the viewBox's ratio for the other; else the viewBox's own. Undefined when neither gives one.
 */
export function svgSize(svg: string): ImageSize | undefined {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0];
  if (!root) return undefined;
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(root);
  const pixels = (name: string) => {
    const match = attribute(name);
    const value = /^\s*(\d+(?:\.\d+)?)\s*(?:px)?\s*$/.exec(match?.[1] ?? match?.[2] ?? '')?.[1];
    return value === undefined ? undefined : Number(value);
  };
  const box = attribute('viewBox');
  const [, , boxWidth = 0, boxHeight = 0] = (box?.[1] ?? box?.[2] ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const ratio = boxWidth > 0 && boxHeight > 0 ? boxHeight / boxWidth : undefined;
  let [width, height] = [pixels('width'), pixels('height')];
  if (width === undefined && height === undefined && ratio) [width, height] = [boxWidth, boxHeight];
  else if (width === undefined && height !== undefined && ratio) width = height / ratio;
  else if (height === undefined && width !== undefined && ratio) height = width * ratio;
  if (!width || !height) return undefined;
  return { width: Math.max(1, Math.round(width)), height: Math.max(1, Math.round(height)) };
}
