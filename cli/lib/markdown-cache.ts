import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Rendered markdown by the hash of everything that shaped it. */
export type MarkdownCache = ReadonlyMap<string, string>;

const cacheFile = (cacheDir: string, generatorKey: string) => join(cacheDir, `markdown-${generatorKey}.json`);

/** The cache a previous build of this generator version left; empty when there is none or it is unreadable. */
export async function loadMarkdownCache(cacheDir: string, generatorKey: string | undefined): Promise<MarkdownCache> {
  if (!generatorKey) return new Map();
  try {
    return new Map(Object.entries(JSON.parse(await readFile(cacheFile(cacheDir, generatorKey), 'utf8')) as Record<string, string>));
  } catch {
    return new Map();
  }
}

/**
 * Keeps exactly the entries this build used, so the cache never outgrows the site; writes
 * nothing when those are the entries the cache already held.
 */
export async function saveMarkdownCache(cacheDir: string, generatorKey: string | undefined, entries: MarkdownCache, previous: MarkdownCache): Promise<void> {
  if (!generatorKey || (entries.size === previous.size && [...entries.keys()].every((key) => previous.has(key)))) return;
  const file = cacheFile(cacheDir, generatorKey);
  await mkdir(cacheDir, { recursive: true });
  await writeFile(`${file}.${process.pid}`, JSON.stringify(Object.fromEntries([...entries].sort(([a], [b]) => a.localeCompare(b)))));
  await rename(`${file}.${process.pid}`, file);
}
