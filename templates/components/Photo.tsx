import type { ImageManifest, Locale } from '../../cli/types.ts';

interface PhotoProps {
  readonly src: string;
  readonly alt: string;
  readonly width: number;
  readonly height: number;
  readonly images: ImageManifest;
  /** The width the image takes at each viewport, for the browser to choose a file. */
  readonly sizes: string;
  readonly className?: string;
  /** The largest element of the first screen: fetched first, never lazily. */
  readonly priority?: boolean;
  readonly dataHero?: boolean;
  /** The language of `alt` when it is not the page's (a fallback page's photo). */
  readonly lang?: Locale;
}

/**
 * A photo from content/images/ as a responsive <picture> (AVIF, WebP, at the widths the build
 * made, and a sized fallback), or any other image (an SVG illustration of public/) as it is.
 * Always sized; lazy unless `priority` (the first screen's photo, fetched first). The <picture>
 * (class `photo`) lays out as its <img>, so `className` styles the image in either case.
 */
export function Photo({ src, alt, width, height, images, sizes, className, priority, dataHero, lang }: PhotoProps) {
  const responsive = images[src];
  const img = (
    <img
      className={className}
      src={responsive?.fallback ?? src}
      alt={alt}
      lang={lang}
      width={responsive?.width ?? width}
      height={responsive?.height ?? height}
      {...(priority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
      decoding="async"
      data-hero={dataHero ? '' : undefined}
    />
  );
  if (!responsive) return img;
  return (
    <picture className="photo">
      {responsive.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
