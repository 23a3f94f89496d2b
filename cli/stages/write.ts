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
import type { Output } from '../types.ts';

/** How a written file looked when the build wrote it: a file still like this was not touched since. */
export interface FileStamp {
  readonly size: number;
  readonly mtimeMs: number;
}

/** Where the finished site goes: a folder on disk, or memory for tests. */
export interface Writer {
  /** The file the current version has at `path`, if it still has `stamp`: its bytes, or where they are. */
  current(path: string, stamp: FileStamp): Output['contents'] | undefined;
  /**
   * Makes `outputs` the whole new version of the site, or, when anything fails, leaves the
   * current version exactly as it was. Returns every file's stamp, or none with `stamps: false`
   * (a folder nothing reads back saves a `stat` of each file).
   */
  write(outputs: readonly Output[], options?: { readonly stamps?: boolean }): Promise<ReadonlyMap<string, FileStamp>>;
}

/** Keeps the files in a map, by path. */
export function memoryWriter(): Writer & { readonly files: Map<string, string | Buffer> } {
  const files = new Map<string, string | Buffer>();
  return {
    files,
    current(path, stamp) {
      const contents = files.get(path);
      return contents !== undefined && Buffer.byteLength(contents) === stamp.size ? contents : undefined;
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
      return new Map([...next].map(([path, contents]) => [path, { size: Buffer.byteLength(contents), mtimeMs: 0 }]));
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
 * small rebuild costs on disk. Without one, each version is staged in a new sibling folder
 * and the replaced version is deleted. A build that fails or is killed before the swap leaves
 * the current folder untouched; one killed between the renames leaves the current folder
 * beside it, and the next build puts it back first. A lock file keeps two builds from writing
 * the same folder at once.
 */
export function fsWriter(outDir: string, options: { readonly spareIn?: string } = {}): Writer {
  const parent = dirname(outDir);
  const name = basename(outDir);
  const previous = join(parent, `.${name}.previous`);
  const lock = join(parent, `.${name}.lock`);
  const fail = (message: string, cause?: unknown) =>
    cause instanceof BuildError ? cause : new BuildError('OutputError', message, { file: outDir, cause });

  return {
    current(path, stamp) {
      const file = join(outDir, path);
      const stats = statIfAny(file);
      return stats?.size === stamp.size && stats.mtimeMs === stamp.mtimeMs ? { copyOf: file } : undefined;
    },
    async write(outputs, { stamps: wantsStamps = true } = {}) {
      await mkdir(parent, { recursive: true }).catch((cause: Error) => {
        throw fail(`cannot create the output folder: ${cause.message}`, cause);
      });
      await takeLock(lock, outDir);
      const spareDir = options.spareIn && join(options.spareIn, `spare-${contentHash(outDir)}`);
      const spare = spareDir && isOnSameDisk(parent, spareDir) ? spareDir : undefined;
      const staging = spare ?? join(parent, `.${name}.staging-${process.pid}`);
      try {
        await restoreInterruptedSwap(outDir, previous, spare);
        await removeAbandonedStaging(parent, name);
        const unsafe = outputs.find((output) => !isInside(output.path));
        if (unsafe) {
          throw fail(`refusing to write ${JSON.stringify(unsafe.path)}: it is not a path inside the output folder`);
        }
        const stamps = await writeStaging(staging, outDir, outputs, wantsStamps);
        // The swap: two renames, back to back; then the replaced version becomes the spare.
        if (existsSync(outDir)) renameSync(outDir, previous);
        renameSync(staging, outDir);
        if (spare && existsSync(previous)) renameSync(previous, spare);
        else rmSync(previous, { recursive: true, force: true });
        return stamps;
      } catch (cause) {
        // A spare half updated is still a spare: the next build corrects every file of it.
        if (!spare) await rm(staging, { recursive: true, force: true }).catch(() => undefined);
        throw fail(`cannot write the site: ${(cause as Error).message}`, cause);
      } finally {
        await rm(lock, { force: true }).catch(() => undefined);
      }
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

/**
 * Makes `staging` hold exactly `outputs`. What it already holds (a spare version) is kept where
 * it is still right: a folder the site still has, a file that is the very file (same inode) the
 * new version links to. Everything else there is removed, and never written through: a spare
 * file may share its inode with the live site. A file the current version already has, byte
 * for byte, is hard-linked to it (synchronously: a link is one quick system call); every other
 * file is written, at most IN_FLIGHT at once. Returns each file's stamp, when wanted.
 */
async function writeStaging(
  staging: string,
  outDir: string,
  outputs: readonly Output[],
  wantsStamps: boolean,
): Promise<Map<string, FileStamp>> {
  const present = removeUnwanted(staging, outputs);
  const hasCurrent = existsSync(outDir);
  const toWrite: [string, string | Buffer][] = [];
  for (const { path, contents } of outputs) {
    const file = join(staging, path);
    const folder = dirname(path);
    if (!present.has(folder)) mkdirSync(join(staging, folder), { recursive: true });
    present.add(folder);
    const isCarried = typeof contents === 'object' && 'copyOf' in contents;
    const same = isCarried ? contents.copyOf : hasCurrent ? sameFileIn(outDir, path, contents) : undefined;
    if (present.has(path)) {
      if (same && isSameFile(file, same)) continue;
      rmSync(file, { force: true });
    }
    if (same) linkOrCopy(same, file);
    else toWrite.push([path, contents as string | Buffer]);
  }
  await Promise.all(
    Array.from({ length: Math.min(IN_FLIGHT, toWrite.length) }, async () => {
      for (let next = toWrite.pop(); next; next = toWrite.pop()) await writeFile(join(staging, next[0]), next[1]);
    }),
  );
  const stamps = new Map<string, FileStamp>();
  if (!wantsStamps) return stamps;
  for (const { path } of outputs) {
    const stats = statSync(join(staging, path));
    stamps.set(path, { size: stats.size, mtimeMs: stats.mtimeMs });
  }
  return stamps;
}

/**
 * Removes from `staging` every file that is not an output and every folder that holds none,
 * and returns what is left: relative paths of files and folders (`.` for the folder itself).
 */
function removeUnwanted(staging: string, outputs: readonly Output[]): Set<string> {
  const files = new Set(outputs.map((output) => output.path));
  const folders = new Set<string>();
  for (const path of files) {
    for (let folder = dirname(path); !folders.has(folder); folder = dirname(folder)) {
      folders.add(folder);
      if (folder === '.') break;
    }
  }
  const present = new Set<string>();
  if (!existsSync(staging)) return present;
  present.add('.');
  for (const entry of readdirSync(staging, { recursive: true, withFileTypes: true })) {
    const path = relative(staging, join(entry.parentPath, entry.name));
    const isWanted = entry.isDirectory() ? folders.has(path) : entry.isFile() && files.has(path);
    if (isWanted) present.add(path);
    else rmSync(join(staging, path), { recursive: true, force: true });
  }
  // Nothing wanted is inside a folder removed here: a wanted file's folders are all wanted.
  return present;
}

/** Whether two names are one file (one inode): the staged file is already the one to link. */
function isSameFile(staged: string, source: string): boolean {
  const a = lstatSync(staged, { throwIfNoEntry: false });
  const b = statSync(source, { throwIfNoEntry: false });
  return a !== undefined && b !== undefined && a.isFile() && a.ino === b.ino && a.dev === b.dev;
}

/** The current version's file at `path` when it holds exactly `contents` (only a file of the same size is read). */
function sameFileIn(outDir: string, path: string, contents: string | Buffer): string | undefined {
  const file = join(outDir, path);
  const stats = statIfAny(file);
  if (stats?.size !== Buffer.byteLength(contents)) return undefined;
  const bytes = typeof contents === 'string' ? Buffer.from(contents) : contents;
  return readFileSync(file).equals(bytes) ? file : undefined;
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
 */
async function restoreInterruptedSwap(outDir: string, previous: string, spare: string | undefined): Promise<void> {
  if (!(await exists(previous))) return;
  if (!(await exists(outDir))) await rename(previous, outDir);
  else if (spare && !(await exists(spare))) await rename(previous, spare);
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
