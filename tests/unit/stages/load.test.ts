import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadSources } from '../../../cli/stages/load.ts';

const root = await mkdtemp(join(tmpdir(), 'sitegen-load-'));
afterAll(() => rm(root, { recursive: true, force: true }));

it('reads every text file whole and as itself, the large and the small in any order', async () => {
  // Text files share one buffer as they are read: a large file grows it, and a short one read
  // after a longer one must not carry the longer one's end.
  const texts: Record<string, string> = {
    'a/large.md': `---\ntitle: Gran\n---\n${'Línia amb accents: àéèíòóú ç l·l €.\n'.repeat(40_000)}`,
    'b/short.md': '---\ntitle: Curt\n---\nUn.\n',
    'c/largest.yaml': `items:\n${'  - «cometes» i €\n'.repeat(90_000)}`,
    'd/empty.txt': '',
    'e/last.md': '---\ntitle: Últim\n---\nDos.\n',
  };
  for (const [path, text] of Object.entries(texts)) {
    await mkdir(join(root, 'content', path, '..'), { recursive: true });
    await writeFile(join(root, 'content', path), text);
  }
  const sources = await loadSources({ contentDir: join(root, 'content'), publicDir: join(root, 'public') });
  expect(Object.fromEntries(sources.content.map((file) => [file.path, file.text]))).toEqual(texts);
  expect(Buffer.byteLength(texts['c/largest.yaml']!)).toBeGreaterThan(1024 * 1024);
});
