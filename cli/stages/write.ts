import {
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  type Stats,
} from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative } from 'node:path';
import { BuildError } from '../errors.ts';
import { contentHash } from '../lib/hash.ts';
import { isProcessRunning } from '../lib/process.ts';
import {
  markChanging,
  readWriterRecord,
  saveWriterRecord,
  unmarkChanging,
  type FolderRecord,
  type WriterRecord,
} from '../lib/folder-record.ts';
import type { FileStamp, Output } from '../types.ts';

/** Where the finished site goes: a folder on disk, or memory for tests. */
export interface Writer {
  /**
   * The file the current version has at `path`, if it is still as this writer left it (with
   * `stamp`, or, without one, as the writer's own record has it): its bytes, or where they are.
   */
  current(path: string, stamp?: FileStamp): Output['contents'] | undefined;
  /**
   * Makes `outputs` the whole new version of the site, or, when anything fails, leaves the
   * current version exactly as it was. Returns every file's stamp.
   */
  write(outputs: readonly Output[]): Promise<ReadonlyMap<string, FileStamp>>;
  /** Starts a new version whose files can be written as they are made (see Draft). */
  begin(): Promise<Draft>;
}

/**
 * A new version of the site under way. Files added are written into staging at once (or
 * beside it, when something of the spare is in the way), so that a build need not hold every
 * page until the end; nothing the current version holds changes until `finish`, and
 * `discard` drops them all.
 */
export interface Draft {
  /** Writes these files of the new version now; returns them as they stay in memory: without their bytes. */
  add(outputs: readonly Output[]): Promise<Output[]>;
  /** As `Writer.write`, with the files added (as `add` returned them) among `outputs`. */
  finish(outputs: readonly Output[]): Promise<ReadonlyMap<string, FileStamp>>;
  /** Drops the files added, and leaves the current version as it was; nothing once finished. */
  discard(): Promise<void>;
}

/** Keeps the files in a map, by path. */
export function memoryWriter(): Writer & { readonly files: Map<string, string | Buffer> } {
  const files = new Map<string, string | Buffer>();
  return {
    files,
    current(path, stamp) {
      const contents = files.get(path);
      return contents !== undefined && (!stamp || Buffer.byteLength(contents) === stamp.size) ? contents : undefined;
    },
    async begin() {
      return {
        add: async (outputs) => [...outputs],
        finish: (outputs) => this.write(outputs),
        discard: async () => {},
      };
    },
    async write(outputs) {
      const next = new Map<string, string | Buffer>();
      for (const { path, contents } of outputs) {
        next.set(
          path,
          typeof contents === 'object' && 'copyOf' in contents ? await readFile(contents.copyOf) : contents,
        );
      }
      files.clear();
      for (const [path, contents] of next) files.set(path, contents);
      return new Map(
        [...next].map(([path, contents]) => [path, { size: Buffer.byteLength(contents), mtimeMs: 0, ino: 0 }]),
      );
    },
  };
}

/** Files being written at once: enough to keep the disk busy, few enough to stay under open-file limits. */
const IN_FLIGHT = 32;

/**
 * Writes each new version of the site whole into a staging folder, then swaps it in with
 * renames. A file the new version shares with the current one is hard-linked, not written
 * again, so an unchanged page keeps its inode and time. With a `spareIn` folder on the same
 * file system (the build passes its cache folder), the version before the current one is
 * kept there and updated into the next version in place: only changed files are replaced, and
 * no folder is made or removed unless the site gained or lost it, which is most of what a
 * small rebuild costs on disk. A record of both folders (lib/folder-record.ts) saves listing
 * the spare and asking each of its files whether it is already the right one. Without a spare,
 * each version is staged in a new sibling folder and the replaced version is deleted. A build
 * that fails or is killed before the swap leaves the current folder untouched; one killed
 * between the renames leaves the current folder beside it, and the next build puts it back
 * first. A lock file keeps two builds from writing the same folder at once.
 */
export function fsWriter(outDir: string, options: { readonly spareIn?: string } = {}): Writer {
  const parent = dirname(outDir);
  const name = basename(outDir);
  const previous = join(parent, `.${name}.previous`);
  const lock = join(parent, `.${name}.lock`);
  const spareDir = options.spareIn && join(options.spareIn, `spare-${contentHash(outDir)}`);
  const recordFile = spareDir && `${spareDir}.json`;
  // Read on first use; `null` until then.
  let record: WriterRecord | undefined | null = null;
  const known = () =>
    record === null ? (record = recordFile ? readWriterRecord(recordFile, outDir) : undefined) : record;
  const fail = (message: string, cause?: unknown) =>
    cause instanceof BuildError ? cause : new BuildError('OutputError', message, { file: outDir, cause });

  return {
    current(path, stamp) {
      const expected = stamp ?? known()?.current.files.get(path);
      if (!expected) return undefined;
      const file = join(outDir, path);
      const stats = statIfAny(file);
      return stats && isAsStamped(stats, expected) ? { copyOf: file, stamp: stampOf(stats) } : undefined;
    },
    async write(outputs) {
      return (await this.begin()).finish(outputs);
    },
    async begin() {
      await mkdir(parent, { recursive: true }).catch((cause: Error) => {
        throw fail(`cannot create the output folder: ${cause.message}`, cause);
      });
      await takeLock(lock, outDir);
      const unlock = () => rm(lock, { force: true }).catch(() => undefined);
      const spare = spareDir && isOnSameDisk(parent, spareDir) ? spareDir : undefined;
      const staging = spare ?? join(parent, `.${name}.staging-${process.pid}`);
      // A file added where staging has something in the way waits here, and is moved into place at the end.
      const aside = `${staging}.aside`;
      let last: WriterRecord | undefined;
      let spareKnown: FolderRecord | undefined;
      try {
        const wasInterrupted = await restoreInterruptedSwap(outDir, previous, spare);
        last = spare && !wasInterrupted ? known() : undefined;
        spareKnown = spare && last?.spare && statIfAny(spare)?.ino === last.spare.ino ? last.spare : undefined;
        await removeAbandonedStaging(parent, name);
        // One build at a time writes this folder (the lock): anything aside is a killed build's.
        await rm(aside, { recursive: true, force: true });
        await mkdir(aside);
        // Files are added to the spare from now on.
        if (recordFile && spare) await markChanging(recordFile);
      } catch (cause) {
        await unlock();
        throw fail(`cannot write the site: ${(cause as Error).message}`, cause);
      }
      const hasCurrent = existsSync(outDir);
      // Folders staging has, and those whose entries the files added changed (their times are asked at the end).
      const folders = new Set(spareKnown ? spareKnown.folders.keys() : []);
      const touched = new Set<string>();
      const mayHold = existsSync(staging) ? (path: string) => !spareKnown || spareKnown.files.has(path) : () => false;
      /**
       * Frees `path` in staging for a new file, and returns where to write it; undefined when
       * staging holds something else in the way (a file where a folder goes, a folder where the
       * file goes), which the end sorts out: the file waits aside meanwhile.
       */
      // Each folder made once, asynchronously: the main thread keeps handing pages to the render threads meanwhile.
      const making = new Map<string, Promise<void>>();
      const madeFolder = (folder: string) => {
        let made = making.get(folder);
        if (!made) {
          made = mkdir(join(staging, folder), { recursive: true }).then(() => {
            for (let above = folder; !folders.has(above); above = dirname(above)) {
              folders.add(above);
              touched.add(above);
              touched.add(dirname(above));
              if (above === '.') break;
            }
          });
          making.set(folder, made);
        }
        return made;
      };
      const placeInStaging = async (path: string): Promise<string | undefined> => {
        const folder = dirname(path);
        const file = join(staging, path);
        try {
          if (!folders.has(folder)) await madeFolder(folder);
          // Removed, never written through: a spare file may be a link to the live site's.
          if (mayHold(path)) await rm(file, { force: true });
        } catch {
          return undefined;
        }
        touched.add(folder);
        return file;
      };
      let added = 0;
      let hasWritten = false;
      // Finished or discarded: the lock is no longer this build's to remove.
      let isSettled = false;
      const dropAside = () => rm(aside, { recursive: true, force: true }).catch(() => undefined);
      /**
       * The draft ends without a swap. The spare may have changed: this writer, like the next
       * build, no longer knows it. A spare half updated is still a spare: the next build, finding
       * it marked, lists and corrects it; a staging folder of its own is deleted.
       */
      const abandonStaging = async () => {
        record = undefined;
        if (!spare) await rm(staging, { recursive: true, force: true }).catch(() => undefined);
      };

      return {
        async add(outputs) {
          return Promise.all(
            outputs.map(async (output): Promise<Output> => {
              const { path, contents } = output;
              if (typeof contents === 'object' && 'copyOf' in contents) return output;
              const same = hasCurrent && isInside(path) ? sameFileIn(outDir, path, contents) : undefined;
              if (same) return { ...output, contents: same };
              const file = isInside(path) ? await placeInStaging(path) : undefined;
              // Only a new file ('wx'): whatever is there, no record foresaw.
              const isWritten =
                file &&
                (await writeFile(file, contents, { flag: 'wx' }).then(
                  () => true,
                  () => false,
                ));
              hasWritten = true;
              if (file && isWritten) {
                return { ...output, contents: { copyOf: file, stamp: stampOf(await stat(file)) } };
              }
              const asideFile = join(aside, String((added += 1)));
              await writeFile(asideFile, contents);
              return { ...output, contents: { copyOf: asideFile, stamp: stampOf(await stat(asideFile)) } };
            }),
          ).catch(async (cause: unknown) => {
            throw fail(`cannot write the site: ${(cause as Error).message}`, cause);
          });
        },
        async discard() {
          if (isSettled) return;
          isSettled = true;
          await dropAside();
          await abandonStaging();
          await unlock();
        },
        async finish(outputs) {
          isSettled = true;
          try {
            const unsafe = outputs.find((output) => !isInside(output.path));
            if (unsafe) {
              throw fail(`refusing to write ${JSON.stringify(unsafe.path)}: it is not a path inside the output folder`);
            }
            if (last && !hasWritten && isCurrentVersion(outputs, outDir, last.current)) {
              // Nothing to swap: staging was not touched, so the record holds as it was.
              if (recordFile) await unmarkChanging(recordFile);
              record = last;
              return last.current.files;
            }
            const written = await writeStaging(staging, outDir, outputs, spareKnown, aside, touched);
            const hadCurrent = existsSync(outDir);
            // The swap: two renames, back to back; then the replaced version becomes the spare.
            if (hadCurrent) renameSync(outDir, previous);
            renameSync(staging, outDir);
            if (spare && existsSync(previous)) renameSync(previous, spare);
            else rmSync(previous, { recursive: true, force: true });
            if (recordFile && spare) {
              // The replaced version is known only if nobody added or removed a file of it since its build.
              const nextSpare = hadCurrent && last && isUnchanged(spare, last.current) ? last.current : undefined;
              const next = { current: written, ...(nextSpare ? { spare: nextSpare } : {}) };
              // Unsaved, the record is only missed: the next build lists the spare.
              await saveWriterRecord(recordFile, outDir, next).then(
                () => (record = next),
                () => undefined,
              );
            }
            return written.files;
          } catch (cause) {
            await abandonStaging();
            throw fail(`cannot write the site: ${(cause as Error).message}`, cause);
          } finally {
            await dropAside();
            await unlock();
          }
        },
      };
    },
  };
}

/** Whether `folder` (made if missing) is on the same file system as `parent`, so a rename can move between them. */
function isOnSameDisk(parent: string, folder: string): boolean {
  try {
    mkdirSync(dirname(folder), { recursive: true });
    return statSync(parent).dev === statSync(dirname(folder)).dev;
  } catch {
    return false;
  }
}

const stampOf = (stats: Stats): FileStamp => ({
  size: stats.size,
  mtimeMs: stats.mtimeMs,
  ino: stats.ino,
  dev: stats.dev,
});
/** Whether two stamps are of one file: one inode of one file system. */
const isOneFile = (a: FileStamp, b: FileStamp) => a.ino === b.ino && a.dev !== undefined && a.dev === b.dev;
const isAsStamped = (stats: Stats, stamp: FileStamp) =>
  stats.size === stamp.size && stats.mtimeMs === stamp.mtimeMs && stats.ino === stamp.ino;

/**
 * Whether `outputs` are exactly the files of the current version, as its record has them:
 * each one the very file (inode) the folder holds, carried over or read and found the same,
 * and nothing else there.
 */
function isCurrentVersion(outputs: readonly Output[], outDir: string, current: FolderRecord): boolean {
  if (outputs.length !== current.files.size) return false;
  for (const { path, contents } of outputs) {
    const stamp = current.files.get(path);
    if (!stamp) return false;
    const same = typeof contents === 'object' && 'copyOf' in contents ? contents : sameFileIn(outDir, path, contents);
    // One inode, one file: a link from elsewhere (a host folder's to the site's) is the same file too.
    if (!same?.stamp || !isOneFile(same.stamp, stamp)) return false;
  }
  return isUnchanged(outDir, current);
}

/**
 * Whether `dir` is the folder `known` describes, and each of its folders still has the time
 * recorded: no entry was added or removed since.
 */
function isUnchanged(dir: string, known: FolderRecord): boolean {
  if (statIfAny(dir)?.ino !== known.ino) return false;
  for (const [folder, mtimeMs] of known.folders) {
    if (statIfAny(join(dir, folder))?.mtimeMs !== mtimeMs) return false;
  }
  return true;
}

/**
 * Makes `staging` hold exactly `outputs`, and returns its record. What it already holds (a
 * spare version) is kept where it is still right: a folder the site still has, a file that is
 * the very file (same inode) the new version links to. Everything else there is removed, and
 * never written through: a spare file may share its inode with the live site. `known` is the
 * record of what staging holds; without one, staging is listed and its files asked. A file the
 * current version already has, byte for byte, is hard-linked to it (synchronously: a link is
 * one quick system call); every other file is written, at most IN_FLIGHT at once.
 */
async function writeStaging(
  staging: string,
  outDir: string,
  outputs: readonly Output[],
  known: FolderRecord | undefined,
  aside: string,
  touched: ReadonlySet<string>,
): Promise<FolderRecord> {
  const wanted = foldersOf(outputs);
  const {
    files: present,
    folders,
    changed,
  } = known ? removeUnwantedKnown(staging, outputs, known, wanted) : removeUnwanted(staging, outputs, wanted);
  for (const folder of touched) changed.add(folder);
  const hasCurrent = existsSync(outDir);
  const stamps = new Map<string, FileStamp>();
  const toStamp: string[] = [];
  // A file's stamp as its source gave it, or asked of the file once staging is written.
  const stampAs = (path: string, stamp: FileStamp | undefined) =>
    stamp ? stamps.set(path, stamp) : toStamp.push(path);
  const toWrite: [string, string | Buffer][] = [];
  for (const { path, contents } of outputs) {
    const file = join(staging, path);
    const folder = dirname(path);
    if (!folders.has(folder)) {
      mkdirSync(join(staging, folder), { recursive: true });
      for (let made = folder; !folders.has(made); made = dirname(made)) {
        folders.set(made, 0);
        changed.add(made);
        changed.add(dirname(made));
      }
    }
    const isCarried = typeof contents === 'object' && 'copyOf' in contents;
    if (isCarried && contents.copyOf === file) {
      // Added while the build went on, in its place already.
      stampAs(path, contents.stamp);
      continue;
    }
    if (isCarried && dirname(contents.copyOf) === aside) {
      // Written aside while the build went on: moved into place, its stamp unchanged by the move.
      if (present.has(path)) rmSync(file, { force: true });
      renameSync(contents.copyOf, file);
      changed.add(folder);
      stampAs(path, contents.stamp);
      continue;
    }
    const same = isCarried ? contents : hasCurrent ? sameFileIn(outDir, path, contents) : undefined;
    if (same) {
      const there = present.get(path);
      const isThere =
        present.has(path) && (there && same.stamp ? isOneFile(there, same.stamp) : isSameFile(file, same.copyOf));
      if (!isThere) {
        if (present.has(path)) rmSync(file, { force: true });
        linkOrCopy(same.copyOf, file);
        changed.add(folder);
      }
      stampAs(path, same.stamp);
      continue;
    }
    if (present.has(path)) rmSync(file, { force: true });
    toWrite.push([path, contents as string | Buffer]);
    toStamp.push(path);
    changed.add(folder);
  }
  await Promise.all(
    Array.from({ length: Math.min(IN_FLIGHT, toWrite.length) }, async () => {
      for (let next = toWrite.pop(); next; next = toWrite.pop()) await writeFile(join(staging, next[0]), next[1]);
    }),
  );
  for (const path of toStamp) stamps.set(path, stampOf(statSync(join(staging, path))));
  for (const folder of changed) if (folders.has(folder)) folders.set(folder, statSync(join(staging, folder)).mtimeMs);
  const { ino, dev } = statSync(staging);
  return {
    ino,
    dev,
    // In the outputs' order, as callers list them.
    files: new Map(outputs.map(({ path }) => [path, stamps.get(path)!])),
    folders,
  };
}

/** Every folder that holds an output, with all the folders above it; `.` is the top. */
function foldersOf(outputs: readonly Output[]): Set<string> {
  const folders = new Set<string>();
  for (const { path } of outputs) {
    for (let folder = dirname(path); !folders.has(folder); folder = dirname(folder)) {
      folders.add(folder);
      if (folder === '.') break;
    }
  }
  return folders;
}

/** What staging holds once the unwanted is gone: its files (with stamps where known) and folders (with times). */
interface Present {
  readonly files: ReadonlyMap<string, FileStamp | undefined>;
  readonly folders: Map<string, number>;
  /** Folders whose entries changed: their times are asked again once staging is written. */
  readonly changed: Set<string>;
}

/**
 * Removes from `staging` every file that is not an output and every folder that holds none,
 * as its record says, without listing it.
 */
function removeUnwantedKnown(
  staging: string,
  outputs: readonly Output[],
  known: FolderRecord,
  wanted: ReadonlySet<string>,
): Present {
  const paths = new Set(outputs.map((output) => output.path));
  const files = new Map<string, FileStamp | undefined>();
  for (const [path, stamp] of known.files) {
    if (paths.has(path)) files.set(path, stamp);
    else rmSync(join(staging, path), { force: true });
  }
  const folders = new Map<string, number>();
  // Shallowest first, so that a folder inside one already removed is skipped.
  const byDepth = [...known.folders].sort(([a], [b]) => a.split('/').length - b.split('/').length);
  const removed: string[] = [];
  for (const [folder, mtimeMs] of byDepth) {
    if (wanted.has(folder)) folders.set(folder, mtimeMs);
    else if (!removed.some((above) => folder.startsWith(`${above}/`))) {
      rmSync(join(staging, folder), { recursive: true, force: true });
      removed.push(folder);
    }
  }
  // A folder that lost a file or a folder has a new time, asked at the end.
  const changed = new Set<string>();
  for (const path of known.files.keys()) if (!paths.has(path)) changed.add(dirname(path));
  for (const folder of removed) changed.add(dirname(folder));
  return { files, folders, changed };
}

/**
 * Removes from `staging` every file that is not an output and every folder that holds none,
 * listing it: the way to start from a spare no record describes.
 */
function removeUnwanted(staging: string, outputs: readonly Output[], wanted: ReadonlySet<string>): Present {
  const paths = new Set(outputs.map((output) => output.path));
  const files = new Map<string, FileStamp | undefined>();
  const folders = new Map<string, number>();
  if (!existsSync(staging)) return { files, folders, changed: new Set() };
  folders.set('.', 0);
  for (const entry of readdirSync(staging, { recursive: true, withFileTypes: true })) {
    const path = relative(staging, join(entry.parentPath, entry.name));
    if (entry.isDirectory() && wanted.has(path)) folders.set(path, 0);
    else if (entry.isFile() && paths.has(path)) files.set(path, undefined);
    else rmSync(join(staging, path), { recursive: true, force: true });
  }
  // Nothing wanted is inside a folder removed here: a wanted file's folders are all wanted.
  return { files, folders, changed: new Set(folders.keys()) };
}

/** Whether two names are one file (one inode): the staged file is already the one to link. */
function isSameFile(staged: string, source: string): boolean {
  const a = lstatSync(staged, { throwIfNoEntry: false });
  const b = statSync(source, { throwIfNoEntry: false });
  return a !== undefined && b !== undefined && a.isFile() && a.ino === b.ino && a.dev === b.dev;
}

/** The current version's file at `path` when it holds exactly `contents` (only a file of the same size is read). */
function sameFileIn(
  outDir: string,
  path: string,
  contents: string | Buffer,
): { readonly copyOf: string; readonly stamp: FileStamp } | undefined {
  const file = join(outDir, path);
  const stats = statIfAny(file);
  if (stats?.size !== Buffer.byteLength(contents)) return undefined;
  const bytes = typeof contents === 'string' ? Buffer.from(contents) : contents;
  return readFileSync(file).equals(bytes) ? { copyOf: file, stamp: stampOf(stats) } : undefined;
}

/** A file's status, or undefined when it is missing, or a folder of its path is a file (ENOTDIR). */
function statIfAny(file: string): Stats | undefined {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}

/** A second name for a file (no bytes copied), or a copy where the file system has no hard links. */
function linkOrCopy(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

/**
 * Puts back the folder a build killed between its renames left aside, or, when the new
 * version was already in place, keeps it as the spare (or removes it when there is none).
 * Returns whether there was one: the writer's record no longer describes the folders then.
 */
async function restoreInterruptedSwap(outDir: string, previous: string, spare: string | undefined): Promise<boolean> {
  if (!(await exists(previous))) return false;
  if (!(await exists(outDir))) await rename(previous, outDir);
  else if (spare && !(await exists(spare))) await rename(previous, spare);
  else await rm(previous, { recursive: true, force: true });
  return true;
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
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        const message = `cannot lock the output folder: ${(error as Error).message}`;
        throw new BuildError('OutputError', message, { file: outDir, cause: error });
      }
      const holder = Number(await readFile(lock, 'utf8').catch(() => ''));
      if (isProcessRunning(holder)) {
        const message = `another build (process ${holder}) is writing this folder; wait for it to finish`;
        throw new BuildError('OutputError', message, { file: outDir, hint: `If no build is running, delete ${lock}.` });
      }
      await rm(lock, { force: true });
    }
  }
  throw new BuildError('OutputError', 'another build took the lock of this folder at the same moment', {
    file: outDir,
  });
}

/** Whether a relative output path stays inside the output folder. */
function isInside(path: string): boolean {
  return path !== '' && !isAbsolute(path) && !path.includes('\0') && !path.split(/[\\/]/).includes('..');
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
