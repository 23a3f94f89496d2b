import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress, PRECOMPRESS_FROM_BYTES } from '../../../cli/stages/compress.ts';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'sitegen-compress-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** A writer's current version with no files: nothing to carry. */
const nothingCurrent = () => undefined;

/** A file on disk as an output's contents: its path and stamp. */
const refOf = async (file: string) => {
  const { size, mtimeMs, ino, dev } = await stat(file);
  return { file, stamp: { size, mtimeMs, ino, dev } };
};

/**
 * A file of the current version at `path` with its two copies, written at `file`, as the writer's
 * `current` gives them, by path. The copies are not what compressing the file would give: proof
 * that a build carried them rather than made them.
 */
async function withCopies(file: string, path: string, contents: string) {
  await writeFile(file, contents);
  await writeFile(`${file}.br`, 'carried br');
  await writeFile(`${file}.gz`, 'carried gz');
  return new Map(
    await Promise.all(
      ['', '.br', '.gz'].map(async (extension) => [`${path}${extension}`, await refOf(`${file}${extension}`)] as const),
    ),
  );
}

/** ASCII, so that characters are bytes. */
const text = (bytes: number) => 'Optica i audiologia al Poblenou. '.repeat(Math.ceil(bytes / 33)).slice(0, bytes);

describe('precompress', () => {
  it('writes a .br and a .gz beside each compressible file from the threshold on, which decompress to the file', async () => {
    // A page staged by this build: a file the current version does not have.
    const staged = join(folder, 'staged.html');
    await writeFile(staged, text(5000));
    const copies = await precompress(
      [
        { path: 'ca/index.html', contents: text(4000) },
        { path: 'assets/site.css', contents: Buffer.from(text(3000)) },
        { path: 'es/index.html', contents: await refOf(staged) },
        { path: 'small.txt', contents: text(PRECOMPRESS_FROM_BYTES - 1) },
        { path: 'images/photo.webp', contents: Buffer.from(text(9000)) },
      ],
      join(folder, 'cache'),
      nothingCurrent,
    );
    expect(copies.map((copy) => copy.path).sort()).toEqual([
      'assets/site.css.br',
      'assets/site.css.gz',
      'ca/index.html.br',
      'ca/index.html.gz',
      'es/index.html.br',
      'es/index.html.gz',
    ]);
    const bytesOf = (path: string) => copies.find((copy) => copy.path === path)!.contents as Buffer;
    expect(brotliDecompressSync(bytesOf('ca/index.html.br')).toString()).toBe(text(4000));
    expect(gunzipSync(bytesOf('es/index.html.gz')).toString()).toBe(text(5000));
  });

  it('carries the copies of a file carried over from the last build, without reading or compressing it', async () => {
    const files = await withCopies(join(folder, 'last-build.html'), 'ca/index.html', text(4000));
    const current = (path: string) => files.get(path);
    const copies = await precompress(
      [{ path: 'ca/index.html', contents: files.get('ca/index.html')! }],
      join(folder, 'cache'),
      current,
    );
    expect(copies).toEqual([
      { path: 'ca/index.html.br', contents: files.get('ca/index.html.br') },
      { path: 'ca/index.html.gz', contents: files.get('ca/index.html.gz') },
    ]);
    // A copy the current version no longer has (removed by hand) is made again, from the page.
    const withoutGz = (path: string) => (path.endsWith('.gz') ? undefined : current(path));
    const remade = await precompress(
      [{ path: 'ca/index.html', contents: files.get('ca/index.html')! }],
      join(folder, 'cache'),
      withoutGz,
    );
    expect(gunzipSync(remade.find((copy) => copy.path === 'ca/index.html.gz')!.contents as Buffer).toString()).toBe(
      text(4000),
    );
  });

  it('carries the copies of a file made again with the bytes the site has, and compresses one whose bytes changed', async () => {
    const files = await withCopies(join(folder, 'sitemap.xml'), 'sitemap.xml', text(6000));
    const current = (path: string) => files.get(path);
    // Made in memory by this build, as the sitemap is, with the same bytes as the site's file.
    const copies = await precompress([{ path: 'sitemap.xml', contents: text(6000) }], join(folder, 'cache'), current);
    expect(copies).toEqual([
      { path: 'sitemap.xml.br', contents: files.get('sitemap.xml.br') },
      { path: 'sitemap.xml.gz', contents: files.get('sitemap.xml.gz') },
    ]);
    // The same size and one byte else: compressed from its own bytes.
    const changed = `${text(5999)}!`;
    const made = await precompress([{ path: 'sitemap.xml', contents: changed }], join(folder, 'cache'), current);
    expect(made.map((copy) => copy.path)).toEqual(['sitemap.xml.br', 'sitemap.xml.gz']);
    expect(brotliDecompressSync(made[0]!.contents as Buffer).toString()).toBe(changed);
    expect(gunzipSync(made[1]!.contents as Buffer).toString()).toBe(changed);
  });

  it('leaves out a copy that would not be smaller', async () => {
    const noise = randomBytes(4096);
    expect(await precompress([{ path: 'noise.json', contents: noise }], join(folder, 'cache'), nothingCurrent)).toEqual(
      [],
    );
  });

  it('gives stylesheets and scripts Brotli at its best, and pages quality 6, cached only for the slow ones', async () => {
    const cache = join(folder, 'levels-cache');
    // Words that repeat at a distance, where the two qualities give different bytes.
    const page = Array.from(
      { length: 400 },
      (_, index) => `<p class="c${index % 17}">${text(40 + (index % 23))}</p>`,
    ).join('');
    const copies = await precompress(
      [
        { path: 'ca/index.html', contents: page },
        { path: 'assets/site.css', contents: page },
        { path: 'assets/loader.js', contents: page },
      ],
      cache,
      nothingCurrent,
    );
    const brotliAt = (quality: number) =>
      brotliCompressSync(Buffer.from(page), {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: quality,
          [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(page),
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      });
    const bytesOf = (path: string) => copies.find((copy) => copy.path === path)!.contents as Buffer;
    expect(brotliAt(11).equals(brotliAt(6))).toBe(false);
    expect(bytesOf('assets/site.css.br').equals(brotliAt(11))).toBe(true);
    expect(bytesOf('assets/loader.js.br').equals(brotliAt(11))).toBe(true);
    expect(bytesOf('ca/index.html.br').equals(brotliAt(6))).toBe(true);
    // The page's copy and the two shared files' identical ones: one cached Brotli entry.
    expect((await readdir(cache)).filter((name) => name.startsWith('br-'))).toHaveLength(1);
    expect((await readdir(cache)).filter((name) => name.startsWith('gz-'))).toHaveLength(0);
  });
});
