import { BuildError } from '../errors.ts';
import { parseMarkdownFile } from '../lib/front-matter.ts';
import { imageProblem } from '../lib/image-format.ts';
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
] as const;

/** An image in a page's markdown: `![Alt](/images/shop.jpg "priority")`. */
const MARKDOWN_IMAGE = /!\[[^\]]*\]\(\s*<?(\/[^)\s>]+)/g;

/**
 * Every image a page's front matter (`image.src`) or a collection (a product's `image`, a
 * brand's `logo`) names must be a file of the site that is a readable image: else the page
 * shows a broken image, and the build says so at the field, not at the page it would make.
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
      references.push({ src: page.image.src, source, path: ['image', 'src'], allowsPhoto: true });
  }
  for (const { file, collection, field, allowsPhoto } of COLLECTION_IMAGES) {
    const source = byPath.get(file);
    if (!source) continue;
    (collections[collection] as readonly Record<string, unknown>[]).forEach((entry, index) => {
      const src = entry[field];
      if (typeof src === 'string') references.push({ src, source, path: [index, field], allowsPhoto });
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
    const field = `"${reference.path.join('.')}"`;
    const where = () => ({ file: reference.source.file, ...positionOf(reference) });
    if (!found) {
      const isPhoto = photos.has(path)
        ? `; content/${path} is a photo, which the site publishes only in responsive versions, and this field shows a file of public/ as it is`
        : '';
      const message = `${field} names the image ${reference.src}, but public/${path} does not exist${isPhoto}`;
      const hint = reference.allowsPhoto
        ? 'Put the image in public/ (a drawing) or content/images/ (a JPEG or PNG photo) at that path, or correct the path.'
        : 'Put the image in public/ at that path, or correct the path.';
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
  for (const page of pages) {
    const source = byFile.get(page.file);
    if (!source) continue;
    const bodyStart = source.text.length - page.body.length;
    for (const match of page.body.matchAll(MARKDOWN_IMAGE)) {
      const path = filePathOf(match[1]!);
      if (!photos.has(path) || publicFiles.has(path)) continue;
      const position = positionAt(source.text, bodyStart + match.index + match[0].indexOf(match[1]!));
      usedPhotos.set(path, [...(usedPhotos.get(path) ?? []), { file: source.file, ...position, field: 'the text' }]);
    }
  }
  return sources.images.map((image) => {
    const referencedBy = usedPhotos.get(image.path);
    return referencedBy ? { ...image, referencedBy } : image;
  });
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
