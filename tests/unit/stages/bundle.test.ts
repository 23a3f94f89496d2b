import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleAssets } from '../../../cli/stages/bundle.ts';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'sitegen-bundle-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const input = (generatorCacheDir: string) => ({
  stylesheet: resolve('templates/styles/site.css'),
  browsers: ['defaults', 'not dead'],
  publicFiles: [],
  cacheDir: join(folder, 'project-cache'),
  generatorCacheDir,
});
const bytesOf = (result: Awaited<ReturnType<typeof bundleAssets>>) =>
  Object.fromEntries(
    result.outputs.map((output) => [output.path, Buffer.from(output.contents as Buffer).toString('base64')]),
  );

describe('bundleAssets', () => {
  it('keeps the bundled stylesheet in the generator cache, and bundles again once a font it read has changed', async () => {
    const cache = join(folder, 'generator-cache');
    const first = await bundleAssets(input(cache));
    expect(first.manifest.fonts.length).toBeGreaterThan(0);
    const [entry] = (await readdir(cache)).filter((name) => name.startsWith('stylesheet-'));
    expect(entry).toBeDefined();
    const saved = JSON.parse(await readFile(join(cache, entry!), 'utf8')) as {
      inputs: { path: string; hash: string }[];
    };
    expect(saved.inputs.some((file) => file.path.endsWith('.woff2'))).toBe(true);

    // From the cache: the same files, byte for byte.
    expect(bytesOf(await bundleAssets(input(cache)))).toEqual(bytesOf(first));

    // As if an update of the font package had changed a font: the entry no longer holds, and is made again.
    const font = saved.inputs.find((file) => file.path.endsWith('.woff2'))!;
    font.hash = '0000000000';
    await writeFile(join(cache, entry!), JSON.stringify(saved));
    expect(bytesOf(await bundleAssets(input(cache)))).toEqual(bytesOf(first));
    const remade = JSON.parse(await readFile(join(cache, entry!), 'utf8')) as typeof saved;
    expect(remade.inputs.find((file) => file.path === font.path)!.hash).not.toBe('0000000000');
  });

  it('names each drawing by what it is drawn from, so pages can link it before it is drawn', async () => {
    const publicFiles = ['favicon.svg', 'images/og-image.svg'].map((path) => ({
      path,
      contents: readFileSync(join('public', path)),
    }));
    const cacheDir = join(folder, 'pictures-cache');
    const first = await bundleAssets({ ...input(join(folder, 'generator-cache')), publicFiles, cacheDir });
    const pictures = await first.pictures;
    expect(pictures.map((picture) => `/${picture.path}`)).toEqual([
      first.manifest.socialImage!.url,
      first.manifest.touchIcon!.url,
    ]);
    for (const picture of pictures) expect((picture.contents as Buffer).subarray(1, 4).toString()).toBe('PNG');
    // Another drawing of the same source: another address; the same source again: the same one.
    const changed = publicFiles.map((file) =>
      file.path === 'favicon.svg'
        ? { ...file, contents: Buffer.from(file.contents.toString().replace('<svg', '<svg data-x="1"')) }
        : file,
    );
    const second = await bundleAssets({ ...input(join(folder, 'generator-cache')), publicFiles: changed, cacheDir });
    expect(second.manifest.touchIcon!.url).not.toBe(first.manifest.touchIcon!.url);
    expect(second.manifest.socialImage!.url).toBe(first.manifest.socialImage!.url);
    await second.pictures;
  });
});
