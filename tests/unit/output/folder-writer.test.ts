import { spawn } from 'node:child_process';
import type { Stats } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fsWriter } from '../../../cli/output/folder-writer.ts';
import type { FolderVersion, OutputFile } from '../../../cli/output/types.ts';
import { memoryWriter, writeVersion } from '../../../cli/output/writer.ts';

let parent: string;
let out: string;
/** Where the writers keep their records, as a build's cache folder: not beside the site. */
let records: string;
beforeEach(async () => {
  parent = await mkdtemp(join(tmpdir(), 'sitegen-write-'));
  out = join(parent, 'dist');
  records = await mkdtemp(join(tmpdir(), 'sitegen-records-'));
});
afterEach(async () => {
  await rm(parent, { recursive: true, force: true });
  await rm(records, { recursive: true, force: true });
});
/** The writer of a folder as builds make it: each new one starts from the record the last one saved. */
const writer = (folder = out) => fsWriter(folder, records);

const outputsOf = (files: Record<string, string>): OutputFile[] =>
  Object.entries(files).map(([path, contents]) => ({ path, contents }));
/** The stamp the writer gives a file with these statistics. */
const stampOf = ({ size, mtimeMs, ino, dev }: Stats) => ({ size, mtimeMs, ino, dev });
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
const foldersOf = async (dir: string) =>
  (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();

/** Writes each version in turn as builds do: each starting from the record the last one left. */
async function writeVersions(versions: readonly Record<string, string>[], check: (at: number) => Promise<void>) {
  for (const [at, version] of versions.entries()) {
    await writeVersion(writer(), outputsOf(version));
    await check(at);
  }
}

describe('fsWriter', () => {
  it('writes each version exactly, whatever became a file or a folder, and nothing beside the site', async () => {
    const versions: Record<string, string>[] = [
      { 'index.html': 'home', 'es/about/index.html': 'sobre', 'a/b/c.txt': 'c' },
      { 'index.html': 'home', 'es/about/index.html': 'sobre, editada', 'a/b': 'b is a file now' },
      { 'index.html': 'home 3', 'es/index.html': 'inicio', 'a/b/c.txt': 'c again', 'x/y/z/w.txt': 'deep' },
      { 'index.html': 'home 3', 'es/about/index.html': 'sobre' },
      { 'index.html': 'home 3', 'es/about/index.html': 'sobre' },
    ];
    await writeVersions(versions, async (at) => {
      expect(await contentsOf(out), `version ${at}`).toEqual(versions[at]);
      expect(await readdir(parent), `version ${at}`).toEqual(['dist']);
    });
    expect(await foldersOf(out)).toEqual(['es', 'es/about']);
  });

  it('saves its record of each version, and the next writer starts from it, with its id; without it, from the disk', async () => {
    const site = { 'index.html': 'home', 'es/index.html': 'inici' };
    const first = await writeVersion(writer(), outputsOf(site));
    const draft = await writer().begin();
    expect(draft.from).toBe(first.id);
    expect(draft.current('es/index.html')).toEqual({
      file: join(out, 'es/index.html'),
      stamp: first.files.get('es/index.html'),
    });
    const second = await draft.finish(outputsOf({ ...site, 'es/index.html': 'inicio' }));
    expect(second.id).not.toBe(first.id);
    expect((await writer().begin()).from).toBe(second.id);
    // No record (another cache folder, or none): nothing is vouched for, every file is compared.
    const unrecorded = await fsWriter(out).begin();
    expect(unrecorded.from).toBeUndefined();
    expect(unrecorded.current('index.html')).toBeUndefined();
    await unrecorded.discard();
  });

  it('keeps a file whose bytes did not change as it was: same inode, same time', async () => {
    const site = Object.fromEntries(
      Array.from({ length: 20 }, (_, index) => [`p${index}/index.html`, `page ${index}`]),
    );
    await writeVersion(writer(), outputsOf(site));
    const before = await stat(join(out, 'p1/index.html'));
    const written = await writeVersion(writer(), outputsOf({ ...site, 'p0/index.html': 'page 0, edited' }));
    expect(await readFile(join(out, 'p0/index.html'), 'utf8')).toBe('page 0, edited');
    const after = await stat(join(out, 'p1/index.html'));
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
    expect(written.files.get('p1/index.html')).toEqual(stampOf(before));
    expect(written.files.get('p0/index.html')).toEqual(stampOf(await stat(join(out, 'p0/index.html'))));
  });

  it('changes nothing, not even the folder, when the new version is the current one', async () => {
    const site = { 'index.html': 'home', 'es/index.html': 'inici' };
    const first = await writeVersion(writer(), outputsOf(site));
    const before = await stat(out);
    const second = await writeVersion(writer(), outputsOf(site));
    expect((await stat(out)).mtimeMs).toBe(before.mtimeMs);
    expect(second).toEqual(first);
  });

  it('carries a file over by its stamp, and refuses when the file was changed since', async () => {
    const written = await writeVersion(writer(), outputsOf({ 'a.html': 'a', 'b.html': 'b' }));
    await writeFile(join(out, 'b.html'), 'changed by hand');
    const draft = await writer().begin();
    expect(draft.current('a.html')).toEqual({ file: join(out, 'a.html'), stamp: written.files.get('a.html') });
    expect(draft.current('b.html')).toBeUndefined();
    await draft.finish([{ path: 'a.html', contents: draft.current('a.html')! }]);
    expect(await contentsOf(out)).toEqual({ 'a.html': 'a' });
  });

  it('keeps no file added to or removed from the site by hand, though it trusts its record', async () => {
    const site = { 'p1/index.html': 'page 1', 'p2/index.html': 'page 2' };
    await writeVersion(writer(), outputsOf(site));
    await writeFile(join(out, 'p1/added.txt'), 'by hand');
    await mkdir(join(out, 'p1/folder/inside'), { recursive: true });
    await rm(join(out, 'p2/index.html'));
    const edited = { ...site, 'p2/index.html': 'page 2, edited' };
    for (const version of [site, site, edited, site]) {
      await writeVersion(writer(), outputsOf(version));
      expect(await contentsOf(out)).toEqual(version);
      expect(await foldersOf(out)).toEqual(['p1', 'p2']);
    }
  });

  it('reads the folder again when it was replaced by a copy, as a CI cache is restored: its record no longer holds', async () => {
    const site = { 'p1/index.html': 'page 1', 'p2/index.html': 'page 2' };
    await writeVersion(writer(), outputsOf(site));
    await cp(out, `${out}.copy`, { recursive: true });
    await rm(out, { recursive: true });
    await rename(`${out}.copy`, out);
    const draft = await writer().begin();
    expect(draft.current('p1/index.html')).toBeUndefined();
    const written = await draft.finish(outputsOf(site));
    for (const path of Object.keys(site)) {
      expect(written.files.get(path), path).toEqual(stampOf(await stat(join(out, path))));
    }
    expect(await contentsOf(out)).toEqual(site);
  });

  it('stages files added while the build goes on, changing nothing of the site until it finishes', async () => {
    const one = { 'index.html': 'one', 'a/b/index.html': 'b is a folder', 'c.txt': 'c' };
    await writeVersion(writer(), outputsOf(one));
    const two = { 'index.html': 'two', 'a/b': 'b is a file now', 'c.txt/index.html': 'c.txt is a folder' };
    const draft = await writer().begin();
    const added = await draft.add(outputsOf(two));
    expect(added.every((output) => typeof output.contents === 'object' && 'file' in output.contents)).toBe(true);
    expect(await contentsOf(out)).toEqual(one);
    await draft.finish(added);
    expect(await contentsOf(out)).toEqual(two);
    expect(await readdir(parent)).toEqual(['dist']);
  });

  it('leaves the site as it was when a draft that staged files is discarded', async () => {
    const site = { 'p1/index.html': 'page 1', 'p2/index.html': 'page 2' };
    await writeVersion(writer(), outputsOf(site));
    const draft = await writer().begin();
    await draft.add(outputsOf({ 'p1/index.html': 'page 1, never finished', 'p3/index.html': 'page 3' }));
    await draft.discard();
    expect(await contentsOf(out)).toEqual(site);
    expect(await readdir(parent)).toEqual(['dist']);
  });

  it('never lets a reader see a file half written, or miss one that every version has: each read is a whole version', async () => {
    const site = Object.fromEntries(
      Array.from({ length: 20 }, (_, index) => [`p${index}/index.html`, `page ${index}`]),
    );
    const page = (round: number) => `page 0, version ${round} `.repeat(2000);
    await writeVersion(writer(), outputsOf({ ...site, 'p0/index.html': page(0) }));
    // Another process reads the page as fast as it can while the site is written 40 times, and
    // says which version each first whole read found; each version is written only once the
    // reader has seen the one before, so every one is read, while the next is being written.
    // The page is in every version and is replaced by a rename, which never leaves its path
    // empty: a read that finds no file (ENOENT) fails the test as a torn one does, as any other error.
    const reader = spawn(process.execPath, [
      '-e',
      `const fs = require('node:fs'); const seen = new Set(); let torn = 0; let missing = 0; const errors = [];
      process.stdin.on('data', () => { process.stdout.write(JSON.stringify({ torn, missing, errors }) + '\\n'); process.exit(0); });
      (function read() { for (let i = 0; i < 50; i++) { try { const text = fs.readFileSync(${JSON.stringify(join(out, 'p0/index.html'))}, 'utf8'); const m = /^page 0, version (\\d+) /.exec(text); if (!m || text !== ('page 0, version ' + m[1] + ' ').repeat(2000)) torn++; else if (!seen.has(m[1])) { seen.add(m[1]); process.stdout.write(m[1] + '\\n'); } } catch (error) { if (error.code === 'ENOENT') missing++; else errors.push(String(error)); } } setImmediate(read); })();`,
    ]);
    const lines = createInterface({ input: reader.stdout })[Symbol.asyncIterator]();
    const next = async () => ((await lines.next()).value as string | undefined) ?? '';
    const seen = [await next()];
    for (let round = 1; round <= 40; round++) {
      await writeVersion(writer(), outputsOf({ ...site, 'p0/index.html': page(round) }));
      seen.push(await next());
    }
    reader.stdin.write('done');
    expect(JSON.parse(await next())).toEqual({ torn: 0, missing: 0, errors: [] });
    expect(seen).toEqual(Array.from({ length: 41 }, (_, round) => String(round)));
    expect(await readFile(join(out, 'p0/index.html'), 'utf8')).toBe(page(40));
  });

  it('takes the rest of the steps a build killed while taking them left in its journal', async () => {
    await writeVersion(writer(), outputsOf({ 'index.html': 'one', 'old/index.html': 'old' }));
    // The killed build staged two files and saved its journal; it had moved the first into place, and no more.
    await mkdir(join(parent, '.dist.next'));
    await writeFile(join(parent, '.dist.next/2'), 'new page');
    await writeFile(join(parent, 'index.html'), 'two');
    await rename(join(parent, 'index.html'), join(out, 'index.html'));
    const journal = {
      removals: ['old'],
      folders: ['new'],
      moves: [
        ['1', 'index.html'],
        ['2', 'new/index.html'],
      ],
    };
    await writeFile(join(parent, '.dist.journal'), JSON.stringify(journal));
    const draft = await writer().begin();
    expect(await contentsOf(out)).toEqual({ 'index.html': 'two', 'new/index.html': 'new page' });
    await draft.discard();
    expect(await readdir(parent)).toEqual(['dist']);
  });

  it('removes a journal a killed build was still saving, and takes none of its steps', async () => {
    await writeVersion(writer(), outputsOf({ 'index.html': 'one' }));
    // Killed between writing its journal beside the real name and renaming it into place (see writeWhole).
    await writeFile(join(parent, '.dist.journal.999999999.1'), JSON.stringify({ removals: ['index.html'] }));
    await writeVersion(writer(), outputsOf({ 'index.html': 'one' }));
    expect(await contentsOf(out)).toEqual({ 'index.html': 'one' });
    expect(await readdir(parent)).toEqual(['dist']);
  });

  it('removes what a killed build staged, and keeps the site when a version cannot be written', async () => {
    await writeVersion(writer(), outputsOf({ 'index.html': 'good' }));
    await mkdir(join(parent, '.dist.next'));
    await writeFile(join(parent, '.dist.next/1'), 'staged by a killed build');
    await expect(writeVersion(writer(), outputsOf({ a: 'a file', 'a/b': 'and a file inside it' }))).rejects.toThrow(
      /cannot write the site: a would be a file and a folder/,
    );
    expect(await contentsOf(out)).toEqual({ 'index.html': 'good' });
    expect(await readdir(parent)).toEqual(['dist']);
  });

  it('refuses to start while another live build holds the folder, and takes over a dead build’s lock', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
    try {
      await writeFile(join(parent, '.dist.lock'), String(other.pid));
      await expect(writeVersion(writer(), outputsOf({ 'index.html': 'x' }))).rejects.toThrow(
        new RegExp(`another build \\(process ${other.pid}\\) is writing this folder`),
      );
    } finally {
      other.kill();
    }
    await writeFile(join(parent, '.dist.lock'), '999999999');
    await writeVersion(writer(), outputsOf({ 'index.html': 'mine' }));
    expect(await readdir(parent)).toEqual(['dist']);
  });

  it.each(['../escape.html', 'a/../../escape.html', '/etc/escape.html', '', 'bad\0name'])(
    'refuses to write %j, outside the output folder',
    async (path) => {
      await expect(writeVersion(writer(), outputsOf({ [path]: 'x' }))).rejects.toThrow(
        /not a path inside the output folder/,
      );
      expect(await readdir(parent)).toEqual([]);
    },
  );

  it('links the files of another folder, and keeps the links while they are the very files', async () => {
    const written = await writeVersion(writer(), outputsOf({ 'index.html': 'home', 'es/index.html': 'inici' }));
    const linked = join(parent, 'netlify');
    const links = (site: FolderVersion) =>
      [...site.files].map(([path, stamp]) => ({ path, contents: { file: join(out, path), stamp } }));
    await writeVersion(writer(linked), links(written));
    const before = await stat(join(linked, 'index.html'));
    expect(before.ino).toBe((await stat(join(out, 'index.html'))).ino);
    const edited = await writeVersion(writer(), outputsOf({ 'index.html': 'home', 'es/index.html': 'inicio' }));
    await writeVersion(writer(linked), links(edited));
    expect(await contentsOf(linked)).toEqual({ 'index.html': 'home', 'es/index.html': 'inicio' });
    expect((await stat(join(linked, 'index.html'))).mtimeMs).toBe(before.mtimeMs);
    expect((await stat(join(linked, 'es/index.html'))).ino).toBe((await stat(join(out, 'es/index.html'))).ino);
  });
});

describe('memoryWriter', () => {
  it('keeps every file by path, and only the files of the last version', async () => {
    const writer = memoryWriter();
    await writeVersion(writer, outputsOf({ 'ca/index.html': '<p>hola</p>', 'old.html': 'x' }));
    await writeVersion(writer, outputsOf({ 'ca/index.html': '<p>hola</p>' }));
    expect([...writer.files]).toEqual([['ca/index.html', Buffer.from('<p>hola</p>')]]);
  });
});
