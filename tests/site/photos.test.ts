import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject } from '../helpers/cli.ts';
import { buildInMemory, documentOf } from '../helpers/site.ts';

/**
 * The places that take a photo (docs/behaviour.md#content): the home page's hero, the about
 * page, a service page and each product card. In a copy of the content, the English pages get
 * photos, the Spanish pages lose their pictures, one product gets a photo and one loses its
 * picture; each place must be a sized responsive <picture> with one, and nothing without one.
 */
let project: string;
let site: Awaited<ReturnType<typeof buildInMemory>>;
beforeAll(async () => {
  project = await copyProject();
  const content = join(project, 'content');
  await mkdir(join(content, 'images'));
  const photo = async (name: string, width: number, height: number) =>
    writeFile(
      join(content, 'images', name),
      await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 85, b: 61 } } })
        .jpeg()
        .toBuffer(),
    );
  await photo('shop.jpg', 1600, 1200);
  await photo('team.jpg', 1600, 1000);
  await photo('fitting.jpg', 1200, 800);
  await photo('frames.jpg', 800, 600);
  const edit = async (file: string, change: (text: string) => string) =>
    writeFile(join(content, file), change(await readFile(join(content, file), 'utf8')));
  const image = (src: string, alt: string, width: number, height: number) =>
    `image: { src: ${src}, alt: "${alt}", width: ${width}, height: ${height} }`;
  await edit('en/index.md', (text) => text.replace(/^image: .*$/m, image('/images/shop.jpg', 'The shop', 1600, 1200)));
  await edit('en/about.md', (text) => text.replace(/^image: .*$/m, image('/images/team.jpg', 'The team', 1600, 1000)));
  await edit('en/services/orto-k.md', (text) =>
    text.replace(/^template: service$/m, `template: service\n${image('/images/fitting.jpg', 'A fitting', 1200, 800)}`),
  );
  for (const file of ['es/index.md', 'es/about.md']) await edit(file, (text) => text.replace(/^image: .*\n/m, ''));
  await edit('collections/products.yaml', (text) =>
    text
      .replace('image: /images/products/eyeglasses.svg', 'image: /images/frames.jpg')
      .replace(/^ {2}image: \/images\/products\/sunglasses\.svg\n/m, ''),
  );
  site = await buildInMemory(content);
});
afterAll(async () => {
  await rm(project, { recursive: true, force: true });
});

/** The <picture>'s source types, whether each has a srcset and sizes, and its <img>'s loading attributes. */
function pictureOf(picture: Element | null) {
  expect(picture?.tagName).toBe('PICTURE');
  const image = picture!.querySelector('img')!;
  return {
    sources: [...picture!.querySelectorAll('source')].map((source) => [
      source.getAttribute('type'),
      /^\/assets\/images\/\S+ \d+w(, \S+ \d+w)*$/.test(source.getAttribute('srcset') ?? ''),
      Boolean(source.getAttribute('sizes')),
    ]),
    size: [image.getAttribute('width'), image.getAttribute('height')],
    loading: image.getAttribute('loading'),
    fetchpriority: image.getAttribute('fetchpriority'),
    alt: image.getAttribute('alt'),
  };
}

const RESPONSIVE = [
  ['image/avif', true, true],
  ['image/webp', true, true],
];

describe('a photo on the first screen', () => {
  it('is the home page hero: a sized responsive picture fetched first, never lazily', () => {
    const hero = documentOf(site.files, 'en/index.html').querySelector('#hero');
    expect(pictureOf(hero!.querySelector('picture'))).toEqual({
      sources: RESPONSIVE,
      size: ['1600', '1200'],
      loading: null,
      fetchpriority: 'high',
      alt: 'The shop',
    });
    expect(hero!.classList.contains('hero--text')).toBe(false);
  });

  it.each([
    ['en/services/orto-k/index.html', ['1200', '800'], 'A fitting'],
    ['en/about/index.html', ['1600', '1000'], 'The team'],
  ])('is right under the title of %s, fetched first, never lazily', (path, size, alt) => {
    const document = documentOf(site.files, path);
    const picture = document.querySelector('main h1')!.nextElementSibling;
    expect(pictureOf(picture)).toEqual({ sources: RESPONSIVE, size, loading: null, fetchpriority: 'high', alt });
    expect(document.querySelectorAll('main picture')).toHaveLength(1);
  });
});

describe('a product card', () => {
  it('takes a photo as a sized responsive picture that loads lazily, below the hero', () => {
    const card = documentOf(site.files, 'en/index.html').querySelector('#products .product-card')!;
    expect(pictureOf(card.querySelector('picture'))).toEqual({
      sources: RESPONSIVE,
      size: ['800', '600'],
      loading: 'lazy',
      fetchpriority: null,
      alt: '',
    });
  });

  it('shows a drawing as it is, and without a picture starts with its category', () => {
    const cards = [...documentOf(site.files, 'en/index.html').querySelectorAll('#products .product-card')];
    const byLink = (slug: string) => cards.find((card) => card.querySelector(`a[href="/en/services/${slug}/"]`))!;
    const drawing = byLink('contact-lenses').querySelector('img')!;
    expect([drawing.getAttribute('src'), drawing.getAttribute('loading')]).toEqual([
      '/images/products/contact-lenses.svg',
      'lazy',
    ]);
    const bare = byLink('sunglasses');
    expect(bare.querySelectorAll('img, picture')).toHaveLength(0);
    expect(bare.firstElementChild?.className).toBe('card__eyebrow');
  });
});

describe('a page without a photo', () => {
  it('gives the hero text the whole row, with no empty picture or image', () => {
    const hero = documentOf(site.files, 'es/index.html').querySelector('#hero')!;
    expect(hero.querySelectorAll('img, picture')).toHaveLength(0);
    expect([...hero.children].map((child) => child.className)).toEqual(['hero__text']);
    expect(hero.classList.contains('hero--text')).toBe(true);
  });

  it.each([
    ['es/services/orto-k/index.html', 'page__aside'],
    ['es/about/index.html', 'prose'],
  ])('goes from the title of %s straight to its %s, with nothing left in the photo’s place', (path, next) => {
    const document = documentOf(site.files, path);
    expect(document.querySelector('main h1')!.nextElementSibling?.className).toBe(next);
    expect(document.querySelectorAll('main picture, main .page__image')).toHaveLength(0);
  });
});
