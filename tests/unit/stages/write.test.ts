import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BuildError } from '../../../cli/errors.ts';
import { fsWriter, memoryWriter } from '../../../cli/stages/write.ts';

let parent: string;
beforeEach(async () => {
  parent = await mkdtemp(join(tmpdir(), 'sitegen-write-'));
});
afterEach(async () => {
  await rm(parent, { recursive: true, force: true });
});

describe('fsWriter', () => {
  it('replaces the whole previous site with the new one', async () => {
    const out = join(parent, 'dist');
    await fsWriter(out).write([{ path: 'old/index.html', contents: 'old' }]);
    await fsWriter(out).write([{ path: 'ca/index.html', contents: 'new' }, { path: 'a/b/c.txt', contents: Buffer.from('x') }]);
    expect((await readdir(out, { recursive: true })).sort()).toEqual(['a', 'a/b', 'a/b/c.txt', 'ca', 'ca/index.html']);
    expect(await readdir(parent)).toEqual(['dist']);
  });

  it('puts back the previous site when a build was killed between its two renames', async () => {
    const out = join(parent, 'dist');
    await mkdir(join(parent, '.dist.previous'));
    await writeFile(join(parent, '.dist.previous/index.html'), 'previous');
    await expect(fsWriter(out).write([{ path: 'bad\0name', contents: '' }])).rejects.toBeInstanceOf(BuildError);
    expect(await readFile(join(out, 'index.html'), 'utf8')).toBe('previous');
  });

  it('removes the staging folders that killed builds left, and keeps the site when writing fails', async () => {
    const out = join(parent, 'dist');
    await fsWriter(out).write([{ path: 'index.html', contents: 'good' }]);
    await mkdir(join(parent, '.dist.staging-999999999'));
    await expect(fsWriter(out).write([{ path: 'bad\0name', contents: '' }])).rejects.toThrow(/cannot write the site/);
    expect(await readFile(join(out, 'index.html'), 'utf8')).toBe('good');
    expect(await readdir(parent)).toEqual(['dist']);
  });

  it.each(['../escape.html', 'a/../../escape.html', '/etc/escape.html', ''])('refuses to write %j, outside the output folder', async (path) => {
    await expect(fsWriter(join(parent, 'dist')).write([{ path, contents: 'x' }])).rejects.toThrow(/not a path inside the output folder/);
    expect(await readdir(parent)).toEqual([]);
  });
});

describe('memoryWriter', () => {
  it('keeps every file by path', async () => {
    const writer = memoryWriter();
    await writer.write([{ path: 'ca/index.html', contents: '<p>hola</p>' }]);
    expect(writer.files.get('ca/index.html')).toBe('<p>hola</p>');
  });
});
