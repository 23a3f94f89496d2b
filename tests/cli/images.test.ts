import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWithReport, copyProject, runCli } from '../helpers/cli.ts';

let project: string;
let page: string;
const about = () => join(project, 'content/en/about.md');
beforeAll(async () => {
  project = await copyProject();
  await mkdir(join(project, 'content/images'));
  const pixels = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 15, g: 94, b: 99 } } });
  await writeFile(join(project, 'content/images/shop-front.jpg'), await pixels(1600, 1000).jpeg().toBuffer());
  await writeFile(join(project, 'content/images/floor-plan.png'), await pixels(600, 400).png().toBuffer());
  // Drawings and pictures of public/ are copied as they are, and shown at their own size.
  await writeFile(join(project, 'public/images/route-map.svg'), routeMap('0 0 640 360'));
  await writeFile(join(project, 'public/images/opening-sign.png'), await pixels(300, 200).png().toBuffer());
  await writeFile(
    join(project, 'public/images/banner.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="100%"/>\n',
  );
  await writeFile(
    about(),
    `${await readFile(about(), 'utf8')}\n![The shop front on the Rambla](/images/shop-front.jpg)\n\n![Floor plan](/images/floor-plan.png "priority")\n` +
      `\n![How to come](/images/route-map.svg "From the metro")\n\n![The opening sign](/images/opening-sign.png)\n\n![](/images/banner.svg)\n`,
  );
  // A maintainer drops a photo in and names it in a service page's front matter.
  const service = join(project, 'content/es/services/orto-k.md');
  await writeFile(
    service,
    (await readFile(service, 'utf8')).replace(
      'template: service\n',
      'template: service\nimage: { src: /images/shop-front.jpg, alt: "La tienda", width: 1600, height: 1000 }\n',
    ),
  );
  const result = await runCli(['build', '--quiet'], { cwd: project });
  expect(result.code, result.stderr).toBe(0);
  page = await readFile(join(project, 'dist/en/about/index.html'), 'utf8');
});
afterAll(async () => {
  await rm(project, { recursive: true, force: true });
});

const attribute = (html: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(html)?.[1];
/** A drawing sized by its viewBox alone, as drawing programs often save one. */
const routeMap = (viewBox: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}"><path d="M10 10h100" stroke="#0f5e63"/></svg>\n`;
/** The <img> a page shows for `src`, with its attributes as written. */
const imageOf = (html: string, src: string) => new RegExp(`<img src="${src}"[^>]*>`).exec(html)?.[0] ?? '';

describe('content images', () => {
  it('named in front matter, become the page photo: a <picture> with AVIF and WebP and a sized fallback', async () => {
    const html = await readFile(join(project, 'dist/es/services/orto-k/index.html'), 'utf8');
    const picture = /<picture class="photo">(.*?)<\/picture>/.exec(html)![1]!;
    expect([...picture.matchAll(/<source type="(image\/\w+)"/g)].map((match) => match[1])).toEqual([
      'image/avif',
      'image/webp',
    ]);
    const image = /<img [^>]+>/.exec(picture)![0];
    expect([attribute(image, 'class'), attribute(image, 'alt'), attribute(image, 'width')]).toEqual([
      'page__image',
      'La tienda',
      '1600',
    ]);
  });

  it('lists the illustrations that stand in for photos as example content', async () => {
    const { code, stderr, report } = await buildWithReport([], { cwd: project });
    expect(code, stderr).toBe(0);
    expect(report.examples).toContain('content/ca/index.md: image /images/illustrations/hero.svg');
    expect(report.examples).toContain('content/en/about.md: image /images/illustrations/about.svg');
    expect(report.examples.filter((example) => example.includes('shop-front.jpg'))).toEqual([]);
  });

  it('become a <picture> with AVIF and WebP at every width up to the original, and a sized lazy fallback', async () => {
    const picture = /<picture>(.*?)<\/picture>/.exec(page)![1]!;
    const [avif, webp] = [...picture.matchAll(/<source type="(image\/\w+)" srcset="([^"]+)" sizes="([^"]+)">/g)];
    expect([avif![1], webp![1]]).toEqual(['image/avif', 'image/webp']);
    expect(avif![2]!.split(', ').map((candidate) => candidate.split(' ')[1])).toEqual([
      '480w',
      '960w',
      '1440w',
      '1600w',
    ]);
    expect(avif![3]).toBe('(min-width: 48rem) 44rem, 100vw');
    const image = /<img [^>]+>/.exec(picture)![0];
    expect([
      attribute(image, 'alt'),
      attribute(image, 'width'),
      attribute(image, 'height'),
      attribute(image, 'loading'),
    ]).toEqual(['The shop front on the Rambla', '1600', '1000', 'lazy']);
    expect(attribute(image, 'src')).toMatch(/^\/assets\/images\/shop-front-1600\.[0-9a-f]{10}\.jpg$/);
    const smallest = avif![2]!.split(', ')[0]!.split(' ')[0]!;
    const metadata = await sharp(await readFile(join(project, 'dist', smallest))).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['heif', 480, 300]);
  });

  it('keeps a PNG a PNG, never enlarges it, and loads a "priority" image first', () => {
    const picture = [...page.matchAll(/<picture>(.*?)<\/picture>/g)][1]![1]!;
    expect(
      /srcset="([^"]+)"/
        .exec(picture)![1]!
        .split(', ')
        .map((candidate) => candidate.split(' ')[1]),
    ).toEqual(['480w', '600w']);
    const image = /<img [^>]+>/.exec(picture)![0];
    expect(attribute(image, 'src')).toMatch(/\.png$/);
    expect(attribute(image, 'fetchpriority')).toBe('high');
    expect(image).not.toContain('loading=');
  });

  it('does no image work twice: a second build reuses every cached variant', async () => {
    const cache = join(project, '.cache/sitegen');
    const variants = (await readdir(cache)).filter((file) => file.startsWith('img-'));
    expect(variants).toHaveLength(2 * 4 + 1 + 2 * 2 + 1);
    const before = await Promise.all(variants.map(async (file) => (await stat(join(cache, file))).mtimeMs));
    expect((await runCli(['build', '--quiet', '--out', 'again'], { cwd: project })).code).toBe(0);
    expect(await Promise.all(variants.map(async (file) => (await stat(join(cache, file))).mtimeMs))).toEqual(before);
    expect(await readFile(join(project, 'again/en/about/index.html'), 'utf8')).toBe(page);
  });

  it('reports an image the content names but does not have, and one it cannot read', async () => {
    const original = await readFile(about(), 'utf8');
    await writeFile(about(), `${original}\n![Missing](/images/nowhere.jpg)\n`);
    const missing = await runCli(['build'], { cwd: project });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(
      /content\/en\/about\.md:\d+:\d+ BrokenLink — the image \/images\/nowhere\.jpg is not a file of the site/,
    );
    await writeFile(about(), original);
    await writeFile(join(project, 'content/images/broken.jpg'), 'not an image');
    const broken = await runCli(['build'], { cwd: project });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/content\/images\/broken\.jpg BundleError — cannot read the image/);
    await rm(join(project, 'content/images/broken.jpg'));
  });
});

describe("images of public/ in a page's text", () => {
  const sizes = (html: string, src: string) =>
    ['width', 'height', 'loading', 'decoding'].map((name) => attribute(imageOf(html, src), name));

  it('are shown at their own size, and load lazily as content images do', () => {
    expect(sizes(page, '/images/route-map.svg')).toEqual(['640', '360', 'lazy', 'async']);
    expect(attribute(imageOf(page, '/images/route-map.svg'), 'title')).toBe('From the metro');
    expect(sizes(page, '/images/opening-sign.png')).toEqual(['300', '200', 'lazy', 'async']);
    // A drawing whose size cannot be told is shown as written.
    expect(imageOf(page, '/images/banner.svg')).toBe('<img src="/images/banner.svg" alt="">');
  });

  it('take their new size when they change, and only the page that shows them renders again', async () => {
    await writeFile(join(project, 'public/images/route-map.svg'), routeMap('0 0 800 400'));
    await writeFile(
      join(project, 'public/images/opening-sign.png'),
      await sharp({ create: { width: 240, height: 320, channels: 3, background: '#0f5e63' } })
        .png()
        .toBuffer(),
    );
    const { code, stderr, report } = await buildWithReport([], { cwd: project });
    expect(code, stderr).toBe(0);
    expect(report.rendered).toBe(1);
    const rebuilt = await readFile(join(project, 'dist/en/about/index.html'), 'utf8');
    expect(sizes(rebuilt, '/images/route-map.svg')).toEqual(['800', '400', 'lazy', 'async']);
    expect(sizes(rebuilt, '/images/opening-sign.png')).toEqual(['240', '320', 'lazy', 'async']);
  });
});
