import { BuildError } from '../errors.ts';
import { describeField } from '../lib/field-names.ts';
import { parseMarkdownFile } from '../lib/front-matter.ts';
import { imageProblem } from '../lib/image-format.ts';
import { nearestNames } from '../lib/nearest-names.ts';
import type { ContentImage, ImageReference } from '../lib/responsive-image.ts';
import { positionAt } from '../lib/text-position.ts';
import { parseYaml } from '../lib/yaml-lines.ts';
import type { BinaryFile, Collections, PageEntry, SourceFile, Sources } from '../types.ts';

/** A field of the content that names an image of the site by its address. */
interface AssetReference {
  /** The address as written: `/images/products/eyeglasses.svg`. */
  readonly src: string;
  /** The content file, and the field's path in its YAML. */
  readonly source: SourceFile;
  readonly path: readonly (string | number)[];
  /** The field as a message names it: `"image.src"`, `entry "eyeglasses": "image"`. */
  readonly field: string;
  /** Whether a photo of content/images/ may stand there: the template makes it a responsive <picture>. */
  readonly allowsPhoto: boolean;
}

/**
 * Fields of the collections that name an image: a product card's may be a photo of
 * content/images/ (a responsive <picture>), a brand's logo is a drawing an <img> shows as it is.
 */
const COLLECTION_IMAGES = [
  { file: 'collections/products.yaml', collection: 'products', field: 'image', allowsPhoto: true },
  { file: 'collections/brands.yaml', collection: 'brands', field: 'logo', allowsPhoto: false },
  { file: 'collections/oticon-models.yaml', collection: 'models', field: 'image', allowsPhoto: true },
] as const;

/** An image in a page's markdown: `![Alt](/images/shop.jpg "priority")`; not `//host/…`, another site's. */
const MARKDOWN_IMAGE = /!\[[^\]]*\]\(\s*<?(\/(?!\/)[^)\s>]+)/g;
/** The files an <img> shows. */
const IMAGE_FILE = /\.(?:svg|png|jpe?g|webp|avif|gif)$/i;

/**
 * Every image a page's front matter (`image.src`), its text (`![…](/images/…)`) or a collection
 * (a product's or a model's `image`, a brand's `logo`) names must be a file of the site, and a field's a
 * readable image: else the page shows a broken image, and the build says so at the field or
 * the text, not at the page it would make, with the nearest images' names.
 * Returns the content images with the fields and texts that name them, so the images stage can
 * report an image it cannot decode where it is used. Positions are looked up only for fields
 * in error and for the few photos, so a sound site costs no parsing.
 */
export function checkAssetReferences(
  pages: readonly PageEntry[],
  collections: Collections,
  byPath: ReadonlyMap<string, SourceFile>,
  sources: Pick<Sources, 'content' | 'images' | 'publicFiles'>,
  errors: BuildError[],
): ContentImage[] {
  const byFile = new Map(sources.content.map((file) => [file.file, file]));
  const references: AssetReference[] = [];
  for (const page of pages) {
    const source = byFile.get(page.file);
    if (page.image && source)
      references.push({ src: page.image.src, source, path: ['image', 'src'], field: '"image.src"', allowsPhoto: true });
  }
  for (const { file, collection, field, allowsPhoto } of COLLECTION_IMAGES) {
    const source = byPath.get(file);
    if (!source) continue;
    const entries = collections[collection] as readonly Record<string, unknown>[];
    entries.forEach((entry, index) => {
      const src = entry[field];
      const path = [index, field];
      if (typeof src === 'string')
        references.push({ src, source, path, field: describeField(path, entries), allowsPhoto });
    });
  }
  const publicFiles = new Map(sources.publicFiles.map((file) => [file.path, file]));
  const photos = new Map(sources.images.map((file) => [file.path, file]));
  const problems = new Map<BinaryFile, string | undefined>();
  const problemOf = (file: BinaryFile) => {
    if (!problems.has(file)) problems.set(file, imageProblem(file.path, file.contents));
    return problems.get(file);
  };
  const usedPhotos = new Map<string, ImageReference[]>();
  for (const reference of references) {
    const path = filePathOf(reference.src);
    const publicFile = publicFiles.get(path);
    const photo = reference.allowsPhoto && !publicFile ? photos.get(path) : undefined;
    const found = publicFile ?? photo;
    const { field } = reference;
    const where = () => ({ file: reference.source.file, ...positionOf(reference) });
    if (!found) {
      const isPhoto = photos.has(path)
        ? `; content/${path} is a photo, which the site publishes only in responsive versions, and this field shows a file of public/ as it is`
        : '';
      const message = `${field} names the image ${reference.src}, but public/${path} does not exist${isPhoto}`;
      const hint = reference.allowsPhoto
        ? `Put the image in public/ (a drawing) or content/images/ (a JPEG or PNG photo) at that path, or correct the path.${didYouMean(path, [...imagesOf(publicFiles), ...photos.keys()])}`
        : `Put the image in public/ at that path, or correct the path.${didYouMean(path, imagesOf(publicFiles))}`;
      errors.push(new BuildError('BrokenLink', message, { ...where(), hint }));
      continue;
    }
    const problem = problemOf(found);
    if (problem) {
      const at = found === publicFile ? `public/${path}` : `content/${path}`;
      const message = `${field} names the image ${reference.src}, which cannot be read: ${at}: ${problem}`;
      const hint =
        'Save the image again (SVG, PNG or JPEG) from the program that made it, or point the field at another file.';
      errors.push(new BuildError('BundleError', message, { ...where(), hint }));
    } else if (photo) {
      const uses = usedPhotos.get(path) ?? [];
      usedPhotos.set(path, [...uses, { ...where(), field }]);
    }
  }
  checkBodyImages(pages, byFile, { publicFiles, photos }, usedPhotos, errors);
  return sources.images.map((image) => {
    const referencedBy = usedPhotos.get(image.path);
    return referencedBy ? { ...image, referencedBy } : image;
  });
}

/**
 * The images of the pages' markdown: each names a file of public/ or a photo of content/images/
 * (else the page shows a broken image: refused at the image, with the image's own hint, not the
 * one of page links); the photos are recorded where they are used.
 */
function checkBodyImages(
  pages: readonly PageEntry[],
  byFile: ReadonlyMap<string, SourceFile>,
  { publicFiles, photos }: { publicFiles: ReadonlyMap<string, BinaryFile>; photos: ReadonlyMap<string, BinaryFile> },
  usedPhotos: Map<string, ImageReference[]>,
  errors: BuildError[],
): void {
  for (const page of pages) {
    const source = byFile.get(page.file);
    // Most pages show no image: their text is not split into lines to blank its code.
    if (!source || !page.body.includes('![')) continue;
    const bodyStart = source.text.length - page.body.length;
    for (const match of withoutCode(page.body).matchAll(MARKDOWN_IMAGE)) {
      const src = match[1]!;
      const path = filePathOf(src);
      if (publicFiles.has(path)) continue;
      const position = positionAt(source.text, bodyStart + match.index + match[0].indexOf(src));
      if (photos.has(path)) {
        usedPhotos.set(path, [...(usedPhotos.get(path) ?? []), { file: source.file, ...position, field: 'the text' }]);
        continue;
      }
      const message = `the image ${src} is not a file of the site: neither content/${path} nor public/${path} exists`;
      const hint = `Photos (JPEG or PNG) go in content/images/, which the build makes responsive; drawings and logos in public/images/, shown as they are. Put the file there or correct the path.${didYouMean(path, [...imagesOf(publicFiles), ...photos.keys()])}`;
      errors.push(new BuildError('BrokenLink', message, { file: source.file, ...position, hint }));
    }
  }
}

/** A markdown text with its code (fenced blocks, inline spans) blanked out, offsets kept: an image written in code is text. */
function withoutCode(markdown: string): string {
  const blank = (text: string) => text.replace(/[^\n]/g, ' ');
  let fence: string | undefined;
  const lines = markdown.split('\n').map((line) => {
    const opening = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === undefined && opening !== undefined) fence = opening;
    else if (fence !== undefined && opening !== undefined && opening.startsWith(fence)) fence = undefined;
    else if (fence === undefined) return line.replace(/(`+)[^`]+?\1/g, blank);
    return blank(line);
  });
  return lines.join('\n');
}

/** The paths of the images among the public files: `images/brands/woodys.svg`. */
function imagesOf(publicFiles: ReadonlyMap<string, BinaryFile>): string[] {
  return [...publicFiles.keys()].filter((path) => IMAGE_FILE.test(path));
}

/** " Did you mean /images/a.svg?" for the images nearest to `path`, or nothing when none is near. */
function didYouMean(path: string, images: readonly string[]): string {
  const nearest = nearestNames(path, images);
  return nearest.length === 0 ? '' : ` Did you mean ${nearest.map((image) => `/${image}`).join(' or ')}?`;
}

/** The file an address names, below public/ or content/: `/images/a%20b.svg` is `images/a b.svg`. */
function filePathOf(src: string): string {
  const path = src.replace(/[?#].*$/, '').slice(1);
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Where the field stands in its file: front matter for a page, the YAML for a collection. */
function positionOf(reference: AssetReference): { line?: number; col?: number } {
  const { source, path } = reference;
  try {
    const yaml = source.path.endsWith('.md')
      ? parseMarkdownFile(source.text, source.file).frontMatter
      : parseYaml(source.text, source.file);
    return yaml.positionOf(path);
  } catch {
    return {};
  }
}
