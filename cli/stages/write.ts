import { link, mkdir, open, readdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { BuildError } from '../errors.ts';
import type { FileStamp } from '../lib/build-memory.ts';
import { isProcessRunning } from '../lib/process.ts';

/** Where the finished site goes: the disk, or memory for tests and the dev server. */
export interface Writer {
  /** Starts the next version of the site; the current one stays as it is until `commit`. */
  begin(): Promise<WriteSession>;
}

/** One build's writing: files are handed over as they are finished. */
export interface WriteSession {
  /** Adds a file to the next version. */
  put(path: string, contents: string | Buffer): Promise<void>;
  /**
   * Carries the current version's file over unchanged, if it still has `stamp`; false if it does
   * not. Synchronous: a large site asks this of thousands of files in a row.
   */
  keep(path: string, stamp: FileStamp): boolean;
  /**
   * Makes the next version the current one; returns the stamp of every file. `previousFiles`,
   * the files the last build wrote, spares listing a large site's folder to find what went.
   */
  commit(previousFiles?: readonly string[]): Promise<ReadonlyMap<string, FileStamp>>;
  /** Drops the next version; the current one is left exactly as it was. */
  abort(): Promise<void>;
}

/** Keeps the files in a map, by path. */
export function memoryWriter(): Writer & { readonly files: Map<string, string | Buffer> } {
  const files = new Map<string, string | Buffer>();
  return {
    files,
    async begin() {
      const next = new Map<string, string | Buffer>();
      return {
        async put(path, contents) {
          next.set(path, contents);
        },
        keep(path, stamp) {
          const contents = files.get(path);
          if (contents === undefined || Buffer.byteLength(contents) !== stamp.size) return false;
          next.set(path, contents);
          return true;
        },
        async commit() {
          files.clear();
          for (const [path, contents] of next) files.set(path, contents);
          return new Map(
            [...next].map(([path, contents]) => [path, { size: Buffer.byteLength(contents), mtimeMs: 0 }]),
          );
        },
        async abort() {
          next.clear();
        },
      };
    },
  };
}

/** Above this share of changed files, the new version is assembled whole and swapped in. */
const SWAP_SHARE = 0.3;
/** Files being written at once. */
const IN_FLIGHT = 64;

/**
 * Writes a new version of the site without ever leaving a mix of two. New and changed files go
 * to a sibling staging folder while the build runs; on commit, either the whole folder is
 * swapped in (many changes, or no site yet), or the few changed files are moved into place
 * under a journal that the next build rolls back if this one was killed halfway. A lock file
 * keeps two builds from writing the same folder at once.
 */
export function fsWriter(outDir: string): Writer {
  const parent = dirname(outDir);
  const name = basename(outDir);
  const staging = join(parent, `.${name}.staging-${process.pid}`);
  const previous = join(parent, `.${name}.previous`);
  const journal = join(parent, `.${name}.journal`);
  const lock = join(parent, `.${name}.lock`);
  const fail = (message: string, cause?: unknown) => new BuildError('OutputError', message, { file: outDir, cause });

  return {
    async begin() {
      await mkdir(parent, { recursive: true }).catch((cause: Error) => {
        throw fail(`cannot create the output folder: ${cause.message}`, cause);
      });
      await takeLock(lock, outDir);
      try {
        await restoreInterruptedWrite(outDir, previous, journal);
        await removeAbandonedStaging(parent, name);
        await mkdir(staging, { recursive: true });
      } catch (cause) {
        await rm(lock, { force: true });
        throw fail(`cannot prepare the output folder: ${(cause as Error).message}`, cause);
      }
      const hasCurrent = await exists(outDir);
      const written = new Map<string, FileStamp>();
      const kept = new Map<string, FileStamp>();
      const ensureFolder = folderMaker();
      // Files are written on the I/O threads while the build goes on: a file costs a fraction
      // of a millisecond of waiting, and thousands of them one after another would add up to
      // seconds. At most IN_FLIGHT at once; the first failure fails the commit.
      const inFlight = new Set<Promise<void>>();
      let failure: BuildError | undefined;
      const store = async (path: string, contents: string | Buffer) => {
        try {
          const stored = await storeFile({ outDir, staging, hasCurrent }, path, contents, ensureFolder);
          (stored.isKept ? kept : written).set(path, stored.stamp);
        } catch (cause) {
          failure ??= fail(`cannot write the site: ${(cause as Error).message}`, cause);
        }
      };
      const settle = async () => {
        await Promise.all(inFlight);
        if (failure) throw failure;
      };
      const finish = async () => {
        await rm(staging, { recursive: true, force: true }).catch(() => undefined);
        await rm(lock, { force: true }).catch(() => undefined);
      };

      return {
        async put(path, contents) {
          if (!isInside(path))
            throw fail(`refusing to write ${JSON.stringify(path)}: it is not a path inside the output folder`);
          if (failure) throw failure;
          const pending = store(path, contents).finally(() => inFlight.delete(pending));
          inFlight.add(pending);
          if (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
        },
        keep(path, stamp) {
          const stats = statSync(join(outDir, path), { throwIfNoEntry: false });
          if (!stats || stats.size !== stamp.size || stats.mtimeMs !== stamp.mtimeMs) return false;
          kept.set(path, stamp);
          return true;
        },
        async commit(previousFiles) {
          try {
            await settle();
            const current = previousFiles ?? (await listFiles(outDir));
            const present = (path: string) => statSync(join(outDir, path), { throwIfNoEntry: false }) !== undefined;
            const removed = current.filter((path) => !written.has(path) && !kept.has(path) && present(path));
            const isWhole = kept.size === 0 || written.size + removed.length > SWAP_SHARE * (written.size + kept.size);
            if (isWhole) await swapWhole(outDir, staging, previous, [...kept.keys()], ensureFolder);
            else
              await applyChanges(
                outDir,
                staging,
                previous,
                journal,
                [...written.keys()].filter(present),
                [...written.keys()].filter((path) => !present(path)),
                removed,
              );
          } catch (cause) {
            await finish();
            throw cause instanceof BuildError
              ? cause
              : fail(`cannot write the site: ${(cause as Error).message}`, cause);
          }
          await finish();
          return new Map([...kept, ...written]);
        },
        async abort() {
          await Promise.all(inFlight);
          await finish();
        },
      };
    },
  };
}

/** The current version of a site and the staging folder of the next. */
interface StoreTarget {
  readonly outDir: string;
  readonly staging: string;
  /** False when there is no current version: nothing to compare with, no `stat` to fail per file. */
  readonly hasCurrent: boolean;
}

/**
 * Stores one file of the next version: a file equal to the current one is kept as it is (only
 * a file of the same size is read to compare), so an unchanged site is not rewritten; any
 * other goes to the staging folder. Returns the file's stamp and which of the two happened.
 */
async function storeFile(
  target: StoreTarget,
  path: string,
  contents: string | Buffer,
  ensureFolder: (folder: string) => Promise<unknown>,
): Promise<{ stamp: FileStamp; isKept: boolean }> {
  const currentStats = target.hasCurrent ? await stat(join(target.outDir, path)).catch(() => undefined) : undefined;
  if (currentStats?.size === Buffer.byteLength(contents)) {
    const current = await readFile(join(target.outDir, path));
    if (current.equals(typeof contents === 'string' ? Buffer.from(contents) : contents)) {
      return { stamp: { size: currentStats.size, mtimeMs: currentStats.mtimeMs }, isKept: true };
    }
  }
  const file = join(target.staging, path);
  await ensureFolder(dirname(file));
  const handle = await open(file, 'w');
  try {
    await handle.writeFile(contents);
    const stats = await handle.stat();
    return { stamp: { size: stats.size, mtimeMs: stats.mtimeMs }, isKept: false };
  } finally {
    await handle.close();
  }
}

/** mkdir -p, once per folder. */
function folderMaker(): (folder: string) => Promise<unknown> {
  const folders = new Map<string, Promise<unknown>>();
  return (folder) => {
    let made = folders.get(folder);
    if (!made) folders.set(folder, (made = mkdir(folder, { recursive: true })));
    return made;
  };
}

/** Assembles the whole new version in staging (unchanged files as hard links) and swaps the folders. */
async function swapWhole(
  outDir: string,
  staging: string,
  previous: string,
  kept: readonly string[],
  ensureFolder: (folder: string) => Promise<unknown>,
): Promise<void> {
  for (const path of kept) {
    await ensureFolder(dirname(join(staging, path)));
    await linkOrCopy(join(outDir, path), join(staging, path));
  }
  const hadSite = await exists(outDir);
  if (hadSite) await rename(outDir, previous);
  await rename(staging, outDir);
  if (hadSite) await rm(previous, { recursive: true, force: true });
}

/**
 * Moves the changed files into the current version in place. The journal, written first, lists
 * every move; a copy of each file replaced or removed (a hard link, so no bytes are copied) waits
 * in `previous` until the last move is done. Each new file is renamed over the old one, so a file
 * is always either its old or its new self, never missing: a change of one file is atomic.
 */
async function applyChanges(
  outDir: string,
  staging: string,
  previous: string,
  journal: string,
  replaced: readonly string[],
  added: readonly string[],
  removed: readonly string[],
): Promise<void> {
  const moves = { added, replaced, removed };
  await writeFile(`${journal}.tmp`, JSON.stringify(moves));
  await rename(`${journal}.tmp`, journal);
  for (const path of [...replaced, ...removed]) {
    await mkdir(dirname(join(previous, path)), { recursive: true });
    await linkOrCopy(join(outDir, path), join(previous, path));
  }
  for (const path of [...replaced, ...added]) {
    await mkdir(dirname(join(outDir, path)), { recursive: true });
    await rename(join(staging, path), join(outDir, path));
  }
  for (const path of removed) await rm(join(outDir, path), { force: true });
  await rm(journal);
  await rm(previous, { recursive: true, force: true });
  await removeEmptyFolders(outDir, removed);
}

/** A second name for a file (no bytes copied), or a copy where the file system has no hard links. */
async function linkOrCopy(from: string, to: string): Promise<void> {
  await link(from, to).catch(async () => writeFile(to, await readFile(from)));
}

/** Puts back what a killed build left half done: a half-applied journal, or a half-done swap. */
async function restoreInterruptedWrite(outDir: string, previous: string, journal: string): Promise<void> {
  const moves = await readFile(journal, 'utf8').then(
    (text) => JSON.parse(text) as { added: string[]; replaced: string[]; removed: string[] },
    () => undefined,
  );
  if (moves) {
    for (const path of moves.added) await rm(join(outDir, path), { force: true });
    for (const path of [...moves.replaced, ...moves.removed]) {
      if (await exists(join(previous, path))) await rename(join(previous, path), join(outDir, path));
    }
    await removeEmptyFolders(outDir, moves.added);
    await rm(journal);
    await rm(previous, { recursive: true, force: true });
    return;
  }
  if ((await exists(previous)) && !(await exists(outDir))) await rename(previous, outDir);
  else await rm(previous, { recursive: true, force: true });
}

/**
 * Takes the output folder's lock: a file holding the builder's process id, created only if
 * absent. A lock whose process is gone was left by a killed build and is taken over.
 */
async function takeLock(lock: string, outDir: string): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lock, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
        throw new BuildError('OutputError', `cannot lock the output folder: ${(error as Error).message}`, {
          file: outDir,
          cause: error,
        });
      const holder = Number(await readFile(lock, 'utf8').catch(() => ''));
      if (isProcessRunning(holder)) {
        throw new BuildError(
          'OutputError',
          `another build (process ${holder}) is writing this folder; wait for it to finish`,
          { file: outDir, hint: `If no build is running, delete ${lock}.` },
        );
      }
      await rm(lock, { force: true });
    }
  }
  throw new BuildError('OutputError', 'another build took the lock of this folder at the same moment', {
    file: outDir,
  });
}

/** Every file below `dir`, as relative paths with forward slashes; none when it does not exist. */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      join(entry.parentPath, entry.name)
        .slice(dir.length + 1)
        .split('\\')
        .join('/'),
    );
}

/** Removes the folders that removing `paths` left empty, deepest first. */
async function removeEmptyFolders(root: string, paths: readonly string[]): Promise<void> {
  const folders = new Set<string>();
  for (const path of paths)
    for (let folder = dirname(path); folder !== '.'; folder = dirname(folder)) folders.add(folder);
  for (const folder of [...folders].sort((a, b) => b.length - a.length))
    await rmdir(join(root, folder)).catch(() => undefined);
}

/** Whether a relative output path stays inside the output folder. */
function isInside(path: string): boolean {
  return path !== '' && !isAbsolute(path) && !path.split(/[\\/]/).includes('..');
}

/** Removes staging folders of builds that were killed: their process no longer exists. */
async function removeAbandonedStaging(parent: string, name: string): Promise<void> {
  const prefix = `.${name}.staging-`;
  const entries = await readdir(parent).catch(() => [] as string[]);
  const abandoned = entries.filter(
    (entry) => entry.startsWith(prefix) && !isProcessRunning(Number(entry.slice(prefix.length))),
  );
  await Promise.all(abandoned.map((entry) => rm(join(parent, entry), { recursive: true, force: true })));
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
