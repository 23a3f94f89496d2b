import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BuildError } from '../../../cli/errors.ts';
import { fsWriter, memoryWriter, type Writer } from '../../../cli/stages/write.ts';

let parent: string;
beforeEach(async () => {
  parent = await mkdtemp(join(tmpdir(), 'sitegen-write-'));
});
afterEach(async () => {
  await rm(parent, { recursive: true, force: true });
});

/** Writes a whole version of the site as a build does: every file, then commit; abort on failure. */
async function writeAll(writer: Writer, files: Record<string, string>) {
  const session = await writer.begin();
  try {
    for (const [path, contents] of Object.entries(files)) await session.put(path, contents);
    return await session.commit();
  } catch (error) {
    await session.abort();
    throw error;
  }
}

const listing = async (dir: string) => (await readdir(dir, { recursive: true })).map(String).sort();

describe('fsWriter', () => {
  it('replaces the whole previous site with the new one', async () => {
    const out = join(parent, 'dist');
    await writeAll(fsWriter(out), { 'old/index.html': 'old' });
    await writeAll(fsWriter(out), { 'ca/index.html': 'new', 'a/b/c.txt': 'x' });
    expect(await listing(out)).toEqual(['a', 'a/b', 'a/b/c.txt', 'ca', 'ca/index.html']);
    expect(await readdir(parent)).toEqual(['dist']);
  });

  it('changes a few files in place, leaving the unchanged ones untouched and removing the ones that went', async () => {
    const out = join(parent, 'dist');
    const site = Object.fromEntries(
      Array.from({ length: 20 }, (_, index) => [`p${index}/index.html`, `page ${index}`]),
    );
    await writeAll(fsWriter(out), { ...site, 'gone/index.html': 'gone' });
    const before = await stat(join(out, 'p1/index.html'));
    const stamps = await writeAll(fsWriter(out), {
      ...site,
      'p0/index.html': 'page 0, edited',
      'new/index.html': 'new',
    });
    expect(await readFile(join(out, 'p0/index.html'), 'utf8')).toBe('page 0, edited');
    expect(await readFile(join(out, 'new/index.html'), 'utf8')).toBe('new');
    expect(await listing(out)).not.toContain('gone');
    const after = await stat(join(out, 'p1/index.html'));
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
    expect(stamps.get('p1/index.html')).toEqual({ size: before.size, mtimeMs: before.mtimeMs });
    expect(await readdir(parent)).toEqual(['dist']);
  });

  it('replaces a changed file in one step: a reader never finds it missing', async () => {
    const out = join(parent, 'dist');
    const site = Object.fromEntries(
      Array.from({ length: 20 }, (_, index) => [`p${index}/index.html`, `page ${index}`]),
    );
    await writeAll(fsWriter(out), site);
    // Another process reads the page as fast as it can while it is changed 40 times, one file at a time.
    const reader = spawn(process.execPath, [
      '-e',
      `
      const fs = require('node:fs'); let missing = 0; const end = Date.now() + 60000;
      process.stdin.on('data', () => { process.stdout.write(String(missing)); process.exit(0); });
      (function read() { for (let i = 0; i < 200; i++) { try { fs.readFileSync(${JSON.stringify(join(out, 'p0/index.html'))}); } catch { missing++; } } if (Date.now() < end) setImmediate(read); })();
      process.stdout.write('reading');
    `,
    ]);
    await new Promise((resolve) => reader.stdout.once('data', resolve));
    for (let round = 0; round < 40; round++)
      await writeAll(fsWriter(out), { ...site, 'p0/index.html': `page 0, version ${round}` });
    const missing = await new Promise<string>((resolve) => {
      reader.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString()));
      reader.stdin.write('done');
    });
    expect(missing).toBe('0');
    expect(await readFile(join(out, 'p0/index.html'), 'utf8')).toBe('page 0, version 39');
  });

  it('carries a file over by its stamp, and refuses when the file was changed since', async () => {
    const out = join(parent, 'dist');
    const stamps = await writeAll(fsWriter(out), { 'a.html': 'a', 'b.html': 'b' });
    await writeFile(join(out, 'b.html'), 'changed by hand');
    const session = await fsWriter(out).begin();
    expect(await session.keep('a.html', stamps.get('a.html')!)).toBe(true);
    expect(await session.keep('b.html', stamps.get('b.html')!)).toBe(false);
    await session.abort();
  });

  it('rolls back a change that a killed build left half applied', async () => {
    const out = join(parent, 'dist');
    await writeAll(fsWriter(out), { 'a.html': 'old a', 'b.html': 'old b', 'c.html': 'c' });
    // As left by a kill after a.html was moved aside and the new a.html moved in, before b.html.
    await mkdir(join(parent, '.dist.previous'));
    await writeFile(
      join(parent, '.dist.journal'),
      JSON.stringify({ added: ['new.html'], replaced: ['a.html', 'b.html'], removed: [] }),
    );
    await writeFile(join(parent, '.dist.previous/a.html'), 'old a');
    await writeFile(join(out, 'a.html'), 'new a');
    await writeFile(join(out, 'new.html'), 'new');
    const session = await fsWriter(out).begin();
    await session.abort();
    expect(await listing(out)).toEqual(['a.html', 'b.html', 'c.html']);
    expect([await readFile(join(out, 'a.html'), 'utf8'), await readFile(join(out, 'b.html'), 'utf8')]).toEqual([
      'old a',
      'old b',
    ]);
    expect(await readdir(parent)).toEqual(['dist']);
  });

  it('puts back the previous site when a build was killed between its two renames', async () => {
    const out = join(parent, 'dist');
    await mkdir(join(parent, '.dist.previous'));
    await writeFile(join(parent, '.dist.previous/index.html'), 'previous');
    await expect(writeAll(fsWriter(out), { 'bad\0name': '' })).rejects.toBeInstanceOf(BuildError);
    expect(await readFile(join(out, 'index.html'), 'utf8')).toBe('previous');
  });

  it('removes the staging folders that killed builds left, and keeps the site when writing fails', async () => {
    const out = join(parent, 'dist');
    await writeAll(fsWriter(out), { 'index.html': 'good' });
    await mkdir(join(parent, '.dist.staging-999999999'));
    await expect(writeAll(fsWriter(out), { 'bad\0name': '' })).rejects.toThrow(/cannot write the site/);
    expect(await readFile(join(out, 'index.html'), 'utf8')).toBe('good');
    expect(await readdir(parent)).toEqual(['dist']);
  });

  it('refuses to start while another live build holds the folder, and takes over a dead build’s lock', async () => {
    const out = join(parent, 'dist');
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
    try {
      await writeFile(join(parent, '.dist.lock'), String(other.pid));
      await expect(fsWriter(out).begin()).rejects.toThrow(
        new RegExp(`another build \\(process ${other.pid}\\) is writing this folder`),
      );
    } finally {
      other.kill();
    }
    await writeFile(join(parent, '.dist.lock'), '999999999');
    await writeAll(fsWriter(out), { 'index.html': 'mine' });
    expect(await readdir(parent)).toEqual(['dist']);
  });

  it.each(['../escape.html', 'a/../../escape.html', '/etc/escape.html', ''])(
    'refuses to write %j, outside the output folder',
    async (path) => {
      await expect(writeAll(fsWriter(join(parent, 'dist')), { [path]: 'x' })).rejects.toThrow(
        /not a path inside the output folder/,
      );
      expect(await readdir(parent)).toEqual([]);
    },
  );
});

describe('memoryWriter', () => {
  it('keeps every file by path, and only the files of the last version', async () => {
    const writer = memoryWriter();
    await writeAll(writer, { 'ca/index.html': '<p>hola</p>', 'old.html': 'x' });
    await writeAll(writer, { 'ca/index.html': '<p>hola</p>' });
    expect([...writer.files]).toEqual([['ca/index.html', '<p>hola</p>']]);
  });
});
