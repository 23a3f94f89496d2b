import { spawn } from 'node:child_process';
import type { Stats } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BuildError } from '../../../cli/errors.ts';
import { fsWriter as createFsWriter, memoryWriter } from '../../../cli/stages/write.ts';
import type { Output } from '../../../cli/types.ts';

let parent: string;
beforeEach(async () => {
  parent = await mkdtemp(join(tmpdir(), 'sitegen-write-'));
});
afterEach(async () => {
  await rm(parent, { recursive: true, force: true });
});

const outputsOf = (files: Record<string, string>): Output[] =>
  Object.entries(files).map(([path, contents]) => ({ path, contents }));
/** The stamp the writer gives a file with these statistics. */
const stampOf = ({ size, mtimeMs, ino, dev }: Stats) => ({ size, mtimeMs, ino, dev });
const listing = async (dir: string) => (await readdir(dir, { recursive: true })).map(String).sort();

const fsWriter = (dir: string) => createFsWriter(dir);

describe('fsWriter', () => {
  it('replaces the whole previous site with the new one, leaving nothing beside it', async () => {
    const out = join(parent, 'dist');
    await fsWriter(out).write(outputsOf({ 'old/index.html': 'old' }));
    await fsWriter(out).write(outputsOf({ 'ca/index.html': 'new', 'a/b/c.txt': 'x' }));
    expect(await listing(out)).toEqual(['a', 'a/b', 'a/b/c.txt', 'ca', 'ca/index.html']);
    expect(await readdir(parent)).toEqual(['dist']);
  });

  it('keeps a file whose bytes did not change as it was: same inode, same time', async () => {
    const out = join(parent, 'dist');
    const site = Object.fromEntries(
      Array.from({ length: 20 }, (_, index) => [`p${index}/index.html`, `page ${index}`]),
    );
    await fsWriter(out).write(outputsOf(site));
    const before = await stat(join(out, 'p1/index.html'));
    const stamps = await fsWriter(out).write(outputsOf({ ...site, 'p0/index.html': 'page 0, edited' }));
    expect(await readFile(join(out, 'p0/index.html'), 'utf8')).toBe('page 0, edited');
    const after = await stat(join(out, 'p1/index.html'));
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
    expect(stamps.get('p1/index.html')).toEqual(stampOf(before));
  });

  it('carries a file over by its stamp, and refuses when the file was changed since', async () => {
    const out = join(parent, 'dist');
    const writer = fsWriter(out);
    const stamps = await writer.write(outputsOf({ 'a.html': 'a', 'b.html': 'b' }));
    await writeFile(join(out, 'b.html'), 'changed by hand');
    expect(writer.current('a.html', stamps.get('a.html'))).toEqual({
      copyOf: join(out, 'a.html'),
      stamp: stamps.get('a.html'),
    });
    expect(writer.current('b.html', stamps.get('b.html'))).toBeUndefined();
    await writer.write([{ path: 'a.html', contents: { copyOf: join(out, 'a.html') } }]);
    expect(await readFile(join(out, 'a.html'), 'utf8')).toBe('a');
  });

  it.each([
    ['a new staging folder', undefined],
    ['a spare folder', 'cache'],
  ])('never lets a reader see a file half written, staging in %s: each read is a whole version', async (_, spare) => {
    const out = join(parent, 'dist');
    const fsWriter = (dir: string) => createFsWriter(dir, spare ? { spareIn: join(parent, spare) } : {});
    const site = Object.fromEntries(
      Array.from({ length: 20 }, (_, index) => [`p${index}/index.html`, `page ${index}`]),
    );
    const page = (round: number) => `page 0, version ${round} `.repeat(2000);
    await fsWriter(out).write(outputsOf({ ...site, 'p0/index.html': page(0) }));
    // Another process reads the page as fast as it can while the site is written 40 times.
    const reader = spawn(process.execPath, [
      '-e',
      `const fs = require('node:fs'); const seen = new Set(); let torn = 0;
      process.stdin.on('data', () => { process.stdout.write(JSON.stringify({ torn, seen: seen.size })); process.exit(0); });
      (function read() { for (let i = 0; i < 50; i++) { try { const text = fs.readFileSync(${JSON.stringify(join(out, 'p0/index.html'))}, 'utf8'); const m = /^page 0, version (\\d+) /.exec(text); if (!m || text !== ('page 0, version ' + m[1] + ' ').repeat(2000)) torn++; else seen.add(m[1]); } catch {} } setImmediate(read); })();
      process.stdout.write('reading');`,
    ]);
    await new Promise((resolve) => reader.stdout.once('data', resolve));
    for (let round = 1; round <= 40; round++)
      await fsWriter(out).write(outputsOf({ ...site, 'p0/index.html': page(round) }));
    const result = await new Promise<{ torn: number; seen: number }>((resolve) => {
      reader.stdout.once('data', (chunk: Buffer) =>
        resolve(JSON.parse(chunk.toString()) as { torn: number; seen: number }),
      );
      reader.stdin.write('done');
    });
    expect(result.torn).toBe(0);
    expect(result.seen).toBeGreaterThan(1);
    expect(await readFile(join(out, 'p0/index.html'), 'utf8')).toBe(page(40));
  });

  it('puts back the previous site when a build was killed between its two renames', async () => {
    const out = join(parent, 'dist');
    await mkdir(join(parent, '.dist.previous'));
    await writeFile(join(parent, '.dist.previous/index.html'), 'previous');
    await expect(fsWriter(out).write(outputsOf({ 'bad\0name': '' }))).rejects.toBeInstanceOf(BuildError);
    expect(await readFile(join(out, 'index.html'), 'utf8')).toBe('previous');
  });

  it('removes the staging folders that killed builds left, and keeps the site when writing fails', async () => {
    const out = join(parent, 'dist');
    await fsWriter(out).write(outputsOf({ 'index.html': 'good' }));
    await mkdir(join(parent, '.dist.staging-999999999'));
    await expect(fsWriter(out).write(outputsOf({ a: 'a file', 'a/b': 'and a file inside it' }))).rejects.toThrow(
      /cannot write the site/,
    );
    expect(await readFile(join(out, 'index.html'), 'utf8')).toBe('good');
    expect(await readdir(parent)).toEqual(['dist']);
  });

  it('refuses to start while another live build holds the folder, and takes over a dead build’s lock', async () => {
    const out = join(parent, 'dist');
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
    try {
      await writeFile(join(parent, '.dist.lock'), String(other.pid));
      await expect(fsWriter(out).write(outputsOf({ 'index.html': 'x' }))).rejects.toThrow(
        new RegExp(`another build \\(process ${other.pid}\\) is writing this folder`),
      );
    } finally {
      other.kill();
    }
    await writeFile(join(parent, '.dist.lock'), '999999999');
    await fsWriter(out).write(outputsOf({ 'index.html': 'mine' }));
    expect(await readdir(parent)).toEqual(['dist']);
  });

  it.each(['../escape.html', 'a/../../escape.html', '/etc/escape.html', ''])(
    'refuses to write %j, outside the output folder',
    async (path) => {
      await expect(fsWriter(join(parent, 'dist')).write(outputsOf({ [path]: 'x' }))).rejects.toThrow(
        /not a path inside the output folder/,
      );
      expect(await readdir(parent)).toEqual([]);
    },
  );
});

describe('fsWriter with a spare folder', () => {
  /** The spare folder, beside the writer's record of it. */
  const spareOf = async () => {
    const name = (await readdir(join(parent, 'cache'))).find((entry) => !entry.includes('.'));
    return join(parent, 'cache', name ?? 'none');
  };
  /** Every file below a folder with its text, by relative path. */
  const contentsOf = async (dir: string) =>
    Object.fromEntries(
      await Promise.all(
        (await readdir(dir, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile())
          .map(async (entry) => {
            const file = join(entry.parentPath, entry.name);
            return [file.slice(dir.length + 1), await readFile(file, 'utf8')] as const;
          }),
      ),
    );
  const folders = async (dir: string) =>
    (await readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
      .sort();

  it('writes each version exactly, keeps the one before it as the spare, and nothing beside the site', async () => {
    const out = join(parent, 'dist');
    const versions: Record<string, string>[] = [
      { 'index.html': 'home', 'es/about/index.html': 'sobre', 'a/b/c.txt': 'c' },
      { 'index.html': 'home', 'es/about/index.html': 'sobre, editada', 'a/b': 'b is a file now' },
      { 'index.html': 'home 3', 'es/index.html': 'inicio', 'a/b/c.txt': 'c again', 'x/y/z/w.txt': 'deep' },
      { 'index.html': 'home 3', 'es/about/index.html': 'sobre' },
      { 'index.html': 'home 3', 'es/about/index.html': 'sobre' },
    ];
    const isSame = (a: Record<string, string>, b: Record<string, string>) => JSON.stringify(a) === JSON.stringify(b);
    for (const [at, version] of versions.entries()) {
      await createFsWriter(out, { spareIn: join(parent, 'cache') }).write(outputsOf(version));
      expect(await contentsOf(out), `version ${at}`).toEqual(version);
      expect(await readdir(parent), `version ${at}`).toEqual(['cache', 'dist']);
      if (at === 0) continue;
      // The spare is the last other version, whole: never written through a link shared with
      // the site. A version the same as the current one replaces nothing.
      const before = versions.slice(0, at).findLast((earlier) => !isSame(earlier, version));
      expect(await contentsOf(await spareOf()), `spare after version ${at}`).toEqual(before);
    }
    expect(await folders(out)).toEqual(['es', 'es/about']);
  });

  it('keeps a file whose bytes did not change as it was, and corrects whatever a killed build left in the spare', async () => {
    const out = join(parent, 'dist');
    const writer = createFsWriter(out, { spareIn: join(parent, 'cache') });
    const site = { 'p1/index.html': 'page 1', 'p2/index.html': 'page 2', 'p3/index.html': 'page 3' };
    await writer.write(outputsOf(site));
    await writer.write(outputsOf({ ...site, 'p3/index.html': 'page 3, edited' }));
    const before = await stat(join(out, 'p1/index.html'));
    // A build that stops while updating the spare (here, a file where the next needs a folder)…
    await expect(writer.write(outputsOf({ ...site, 'p1/index.html/inside.txt': 'x' }))).rejects.toThrow(BuildError);
    // …may leave anything there: files half written, files and folders it did not need.
    const spare = await spareOf();
    await rm(join(spare, 'p1/index.html'));
    await writeFile(join(spare, 'p1/index.html'), 'pa');
    await rm(join(spare, 'p2/index.html'));
    await mkdir(join(spare, 'p2/index.html/inside'), { recursive: true });
    await writeFile(join(spare, 'stray.txt'), 'stray');
    const stamps = await writer.write(outputsOf({ ...site, 'p2/index.html': 'page 2, edited' }));
    expect(await contentsOf(out)).toEqual({ ...site, 'p2/index.html': 'page 2, edited' });
    const after = await stat(join(out, 'p1/index.html'));
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
    expect(stamps.get('p1/index.html')).toEqual(stampOf(before));
  });

  it('keeps no file added to or removed from the site by hand, though it trusts its record of the spare', async () => {
    const out = join(parent, 'dist');
    const writer = () => createFsWriter(out, { spareIn: join(parent, 'cache') });
    const site = { 'p1/index.html': 'page 1', 'p2/index.html': 'page 2' };
    await writer().write(outputsOf(site));
    await writer().write(outputsOf(site));
    await writeFile(join(out, 'p1/added.txt'), 'by hand');
    await rm(join(out, 'p2/index.html'));
    // The hand-edited version becomes the spare, and the versions after are made from it.
    const edited = { ...site, 'p2/index.html': 'page 2, edited' };
    for (const version of [site, site, edited, site, edited]) {
      await writer().write(outputsOf(version));
      expect(await contentsOf(out)).toEqual(version);
    }
    expect(await contentsOf(await spareOf())).toEqual(site);
  });

  it('trusts no record of a spare copied from elsewhere, as a CI cache is restored', async () => {
    const out = join(parent, 'dist');
    const cache = join(parent, 'cache');
    const writer = () => createFsWriter(out, { spareIn: cache });
    const site = { 'p1/index.html': 'page 1', 'p2/index.html': 'page 2' };
    await writer().write(outputsOf(site));
    await writer().write(outputsOf(site));
    // A copy holds the same bytes in other files: none is a link to the site any more.
    await cp(cache, `${cache}.copy`, { recursive: true });
    await rm(cache, { recursive: true });
    await rename(`${cache}.copy`, cache);
    const stamps = await writer().write(outputsOf(site));
    for (const path of Object.keys(site)) {
      expect(stamps.get(path), path).toEqual(stampOf(await stat(join(out, path))));
    }
    expect(await contentsOf(out)).toEqual(site);
  });

  it('writes files added while the build goes on, changing nothing of the site until it finishes', async () => {
    const out = join(parent, 'dist');
    const writer = () => createFsWriter(out, { spareIn: join(parent, 'cache') });
    const one = { 'index.html': 'one', 'a/b/index.html': 'b is a folder', 'c.txt': 'c' };
    const two = { 'index.html': 'two', 'a/b/index.html': 'b is a folder', 'c/index.html': 'c is a folder now' };
    await writer().write(outputsOf(one));
    await writer().write(outputsOf(two));
    // The spare holds the first version, where `c.txt` is a file and `a/b` a folder.
    const three = { 'index.html': 'three', 'a/b': 'b is a file now', 'c.txt/index.html': 'c.txt is a folder' };
    const draft = await writer().begin();
    const added = await draft.add(outputsOf(three));
    expect(added.every((output) => typeof output.contents === 'object' && 'copyOf' in output.contents)).toBe(true);
    expect(await contentsOf(out)).toEqual(two);
    await draft.finish(added);
    expect(await contentsOf(out)).toEqual(three);
    expect(await contentsOf(await spareOf())).toEqual(two);
    expect(await readdir(join(parent, 'cache'))).toEqual([
      basename(await spareOf()),
      `${basename(await spareOf())}.json`,
    ]);
    await writer().write(outputsOf(one));
    expect(await contentsOf(out)).toEqual(one);
  });

  it('still knows the current files, from its record, while a new version is under way', async () => {
    const out = join(parent, 'dist');
    const writer = () => createFsWriter(out, { spareIn: join(parent, 'cache') });
    const stamps = await writer().write(outputsOf({ 'index.html': 'home', 'index.html.br': 'home, compressed' }));
    const next = writer();
    const draft = await next.begin();
    await draft.add(outputsOf({ 'es/index.html': 'inici' }));
    // The copy of a page carried over is found without a stamp: the record has it.
    expect(next.current('index.html.br')).toEqual({
      copyOf: join(out, 'index.html.br'),
      stamp: stamps.get('index.html.br'),
    });
    expect(next.current('es/index.html')).toBeUndefined();
    await draft.discard();
  });

  it('leaves the site as it was when a build that added files is discarded, and the next build corrects the spare', async () => {
    const out = join(parent, 'dist');
    const writer = () => createFsWriter(out, { spareIn: join(parent, 'cache') });
    const site = { 'p1/index.html': 'page 1', 'p2/index.html': 'page 2' };
    await writer().write(outputsOf(site));
    await writer().write(outputsOf({ ...site, 'p2/index.html': 'page 2, edited' }));
    const draft = await writer().begin();
    await draft.add(outputsOf({ 'p1/index.html': 'page 1, never finished', 'p3/index.html': 'page 3' }));
    await draft.discard();
    expect(await contentsOf(out)).toEqual({ ...site, 'p2/index.html': 'page 2, edited' });
    expect(await readdir(parent)).toEqual(['cache', 'dist']);
    await writer().write(outputsOf(site));
    expect(await contentsOf(out)).toEqual(site);
    expect(await contentsOf(await spareOf())).toEqual({ ...site, 'p2/index.html': 'page 2, edited' });
  });

  it('swaps nothing when the new version is the current one, file for file', async () => {
    const out = join(parent, 'dist');
    const writer = () => createFsWriter(out, { spareIn: join(parent, 'cache') });
    const site = { 'index.html': 'home', 'es/index.html': 'inici' };
    await writer().write(outputsOf(site));
    const before = await stat(out);
    await writer().write(outputsOf(site));
    expect((await stat(out)).ino).toBe(before.ino);
    expect(await spareOf()).toBe(join(parent, 'cache', 'none'));
    // One byte different is a new version: swapped in, and the old one kept as the spare.
    await writer().write(outputsOf({ ...site, 'es/index.html': 'inicio' }));
    expect((await stat(out)).ino).not.toBe(before.ino);
    expect(await contentsOf(await spareOf())).toEqual(site);
  });

  it('swaps nothing in a folder of links when the files they link to are the same, as host folders are', async () => {
    const out = join(parent, 'dist');
    const linked = join(parent, 'netlify');
    const cache = join(parent, 'cache');
    const stamps = await createFsWriter(out, { spareIn: cache }).write(outputsOf({ 'index.html': 'home' }));
    const links = () => [
      { path: 'index.html', contents: { copyOf: join(out, 'index.html'), stamp: stamps.get('index.html') } },
    ];
    await createFsWriter(linked, { spareIn: cache }).write(links());
    const before = await stat(linked);
    await createFsWriter(linked, { spareIn: cache }).write(links());
    expect((await stat(linked)).ino).toBe(before.ino);
    expect((await stat(join(linked, 'index.html'))).ino).toBe((await stat(join(out, 'index.html'))).ino);
  });

  it('keeps the new site, and the old one as the spare, when a build was killed after its two renames', async () => {
    const out = join(parent, 'dist');
    const writer = createFsWriter(out, { spareIn: join(parent, 'cache') });
    await writer.write(outputsOf({ 'index.html': 'one' }));
    await writer.write(outputsOf({ 'index.html': 'two' }));
    const spare = await spareOf();
    await rename(spare, join(parent, '.dist.previous'));
    await writer.write(outputsOf({ 'index.html': 'two' }));
    expect(await contentsOf(out)).toEqual({ 'index.html': 'two' });
    expect(await readdir(parent)).toEqual(['cache', 'dist']);
  });
});

describe('memoryWriter', () => {
  it('keeps every file by path, and only the files of the last version', async () => {
    const writer = memoryWriter();
    await writer.write(outputsOf({ 'ca/index.html': '<p>hola</p>', 'old.html': 'x' }));
    await writer.write(outputsOf({ 'ca/index.html': '<p>hola</p>' }));
    expect([...writer.files]).toEqual([['ca/index.html', '<p>hola</p>']]);
  });
});
