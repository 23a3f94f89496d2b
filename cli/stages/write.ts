import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  type Stats,
} from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { BuildError } from '../errors.ts';
import { bytesOf, isFileRef } from '../lib/file-ref.ts';
import { takeLock } from '../lib/folder-lock.ts';
import { writeWhole } from '../lib/whole-file.ts';
import type { FileRef, FileStamp, Output, Written } from '../types.ts';

/** Where a version of the site goes: a folder on disk, or memory for tests. */
export interface Writer {
  /** The folder on disk it writes; none in memory. */
  readonly folder?: string;
  /**
   * Starts the next version. `last` is what the last build recorded of the folder (the
   * incremental manifest keeps it); without it, the folder is listed.
   */
  begin(last?: Written): Promise<Draft>;
}

/** A new version under way: nothing of the current one changes until `finish`. */
export interface Draft {
  /** The current version's file at `path` while it is as stamped (by `stamp`, or as the record has it). */
  current(path: string, stamp?: FileStamp): FileRef | undefined;
  /** Stages these files of the new version now, so the build need not hold their bytes; returns them as files. */
  add(outputs: readonly Output[]): Promise<Output[]>;
  /** Makes `outputs` (staged or not) the whole new version, and returns its record. */
  finish(outputs: readonly Output[]): Promise<Written>;
  /** Drops what was staged and leaves the current version as it was; nothing once finished. */
  discard(): Promise<void>;
}

/** Writes `outputs` as the whole new version in one step. */
export async function writeVersion(writer: Writer, outputs: readonly Output[], last?: Written): Promise<Written> {
  const draft = await writer.begin(last);
  try {
    return await draft.finish(outputs);
  } finally {
    await draft.discard();
  }
}

/** Keeps each version's files in a map, by path. */
export function memoryWriter(): Writer & { readonly files: Map<string, Buffer> } {
  const files = new Map<string, Buffer>();
  return {
    files,
    async begin() {
      return {
        current: () => undefined,
        add: async (outputs) => [...outputs],
        async finish(outputs) {
          const next = await Promise.all(
            outputs.map(async ({ path, contents }) => [path, await bytesOf(contents)] as const),
          );
          files.clear();
          for (const [path, bytes] of next) files.set(path, bytes);
          const stamp = (bytes: Buffer): FileStamp => ({ size: bytes.length, mtimeMs: 0, ino: 0, dev: 0 });
          return { files: new Map(next.map(([path, bytes]) => [path, stamp(bytes)])), folders: new Map() };
        },
        discard: async () => undefined,
      };
    },
  };
}

/** What the output folder holds now, with each file's stamp and each folder's time where the record vouches for them. */
interface Holding {
  readonly files: Map<string, FileStamp | undefined>;
  readonly folders: Map<string, number | undefined>;
}

/** The steps that turn the current version into the new one, saved before the first is taken. */
interface Journal {
  /** Files and folders the new version has not (or has as the other kind). */
  readonly removals: readonly string[];
  /** Folders the new version adds. */
  readonly folders: readonly string[];
  /** Staged file (its name in the staging folder) → its path in the site. */
  readonly moves: readonly (readonly [string, string])[];
}

/**
 * Writes versions of the site into `outDir` (docs/behaviour.md#building). The first is written
 * whole into a staging folder beside it and renamed into place. Later ones change the folder in
 * place, and only where they differ: each new or changed file is staged first, and once every
 * one is, a journal of the steps (removals, new folders, one rename per file) is saved and the
 * steps are taken. A build that fails or is killed before the journal changes nothing; one
 * killed while taking the steps leaves the journal, and the next build takes the rest before
 * anything else. A file is always replaced by a rename, so a reader sees the old file or the
 * new one, never half of one. A lock file keeps two builds apart.
 */
export function fsWriter(outDir: string): Writer {
  const parent = dirname(outDir);
  const name = basename(outDir);
  const staging = join(parent, `.${name}.next`);
  const journalFile = join(parent, `.${name}.journal`);
  const fail = (cause: unknown) =>
    cause instanceof BuildError
      ? cause
      : new BuildError('OutputError', `cannot write the site: ${(cause as Error).message}`, { file: outDir, cause });

  return {
    folder: outDir,
    async begin(last) {
      await mkdir(parent, { recursive: true }).catch((cause: unknown) => {
        throw fail(cause);
      });
      const unlock = await takeLock(join(parent, `.${name}.lock`), outDir);
      let holding: Holding | undefined;
      try {
        takeJournalSteps(outDir, staging, journalFile);
        rmSync(staging, { recursive: true, force: true });
        holding = readHolding(outDir, last);
        mkdirSync(staging);
      } catch (cause) {
        await unlock();
        throw fail(cause);
      }
      // Without a current version, staging becomes it whole: files go to their own paths there.
      const isWhole = holding === undefined;
      let staged = 0;
      let isSettled = false;
      /** Every file staged, and the folders made for them when staging is the whole version. */
      const stagedFiles = new Set<string>();
      const madeFolders = new Map<string, Promise<unknown>>([['.', Promise.resolve()]]);
      const stage = async (path: string, write: (file: string) => Promise<FileStamp>): Promise<FileRef> => {
        const folder = dirname(path);
        if (isWhole && !madeFolders.has(folder))
          madeFolders.set(folder, mkdir(join(staging, folder), { recursive: true }));
        await madeFolders.get(isWhole ? folder : '.');
        const file = join(staging, isWhole ? path : String((staged += 1)));
        const stamp = await write(file);
        stagedFiles.add(file);
        return { file, stamp };
      };
      const stageBytes = (path: string, bytes: Buffer) => stage(path, (file) => writeNewFile(file, bytes));
      const stageLink = (path: string, to: FileRef) => stage(path, async (file) => linkOrCopy(to.file, file));
      /** The current file at `path` when it holds exactly `bytes` (only a file of the same size is read). */
      const sameFile = (path: string, bytes: Buffer): FileRef | undefined => {
        if (!holding?.files.has(path)) return undefined;
        const file = join(outDir, path);
        const stats = statIfAny(file);
        return stats?.size === bytes.length && readFileSync(file).equals(bytes)
          ? { file, stamp: stampOf(stats) }
          : undefined;
      };
      const settle = async () => {
        isSettled = true;
        // A journal left by a failure while taking its steps needs the staged files: the next build takes the rest.
        if (!existsSync(journalFile)) rmSync(staging, { recursive: true, force: true });
        await unlock();
      };

      return {
        current(path, stamp) {
          const expected = stamp ?? holding?.files.get(path);
          const stats = expected && statIfAny(join(outDir, path));
          return stats && isAsStamped(stats, expected)
            ? { file: join(outDir, path), stamp: stampOf(stats) }
            : undefined;
        },
        async add(outputs) {
          try {
            return await Promise.all(
              outputs.map(async (output): Promise<Output> => {
                if (isFileRef(output.contents) || !isInside(output.path)) return output;
                const bytes = await bytesOf(output.contents);
                const contents =
                  sameFile(output.path, bytes) ?? (await stageBytes(output.path, bytes).catch(() => bytes));
                return { ...output, contents };
              }),
            );
          } catch (cause) {
            throw fail(cause);
          }
        },
        async discard() {
          if (!isSettled) await settle().catch(() => undefined);
        },
        async finish(outputs) {
          try {
            const wanted = checkPaths(outputs, outDir);
            const files = new Map<string, FileStamp>();
            const moves: [string, string][] = [];
            const placed = new Set<string>();
            for (const { path, contents } of outputs) {
              const place = (ref: FileRef) => {
                files.set(path, ref.stamp);
                placed.add(ref.file);
                if (!isWhole && stagedFiles.has(ref.file)) moves.push([basename(ref.file), path]);
              };
              if (!isFileRef(contents)) {
                const bytes = await bytesOf(contents);
                place(sameFile(path, bytes) ?? (await stageBytes(path, bytes)));
              } else if (contents.file === join(outDir, path) || stagedFiles.has(contents.file)) {
                place(contents);
              } else {
                // Another folder's file (the host folders link the site's): kept while it is that very file.
                const there = holding?.files.has(path)
                  ? (holding.files.get(path) ?? stampIfAny(join(outDir, path)))
                  : undefined;
                const isThat = there !== undefined && isOneFile(there, contents.stamp);
                place(isThat ? { file: join(outDir, path), stamp: there } : await stageLink(path, contents));
              }
            }
            if (isWhole) {
              // Staged for an output the version dropped (a build's duplicate): not part of it.
              for (const file of stagedFiles) if (!placed.has(file)) rmSync(file);
              renameSync(staging, outDir);
              return { files, folders: folderTimes(outDir, wanted, undefined, new Set()) };
            }
            const removals = [
              ...[...holding!.files.keys()].filter((path) => !files.has(path)),
              ...[...holding!.folders.keys()].filter((folder) => !wanted.has(folder)),
            ];
            const added = [...wanted].filter((folder) => !holding!.folders.has(folder));
            if (moves.length + removals.length + added.length > 0) {
              const journal: Journal = { removals, folders: added, moves };
              await writeWhole(journalFile, JSON.stringify(journal));
              takeJournalSteps(outDir, staging, journalFile);
            }
            // Folders that gained or lost an entry have a new time.
            const touched = new Set([...moves.map(([, path]) => path), ...removals, ...added].map(dirname));
            return { files, folders: folderTimes(outDir, wanted, holding, touched) };
          } catch (cause) {
            throw fail(cause);
          } finally {
            await settle();
          }
        },
      };
    },
  };
}

/**
 * Whether `folder` holds exactly what `written` records: every folder with its time, so no
 * entry was added or removed, and every file as stamped, so none was replaced or edited.
 */
export function isAsWritten(folder: string, written: Written): boolean {
  for (const [path, mtimeMs] of written.folders) if (statIfAny(join(folder, path))?.mtimeMs !== mtimeMs) return false;
  for (const [path, stamp] of written.files) {
    const stats = statIfAny(join(folder, path));
    if (!stats || !isAsStamped(stats, stamp)) return false;
  }
  return true;
}

/**
 * Takes the steps of the journal, if one was saved (by this build, or by one killed while
 * taking them), then removes it. Each step may have been taken already: a removal removes
 * what is there, and a staged file that is gone was moved.
 */
function takeJournalSteps(outDir: string, staging: string, journalFile: string): void {
  if (!existsSync(journalFile)) return;
  const { removals, folders, moves } = JSON.parse(readFileSync(journalFile, 'utf8')) as Journal;
  for (const path of removals) rmSync(join(outDir, path), { recursive: true, force: true });
  for (const folder of folders) mkdirSync(join(outDir, folder), { recursive: true });
  for (const [staged, path] of moves) {
    if (existsSync(join(staging, staged))) renameSync(join(staging, staged), join(outDir, path));
  }
  rmSync(journalFile);
}

/**
 * What `outDir` holds: with the last record, each folder whose time is as recorded holds what
 * the record says, and only the others are listed (an entry added or removed by hand); without
 * one, all of it is listed. Undefined when there is no folder yet.
 */
function readHolding(outDir: string, last: Written | undefined): Holding | undefined {
  if (!statIfAny(outDir)?.isDirectory()) return undefined;
  const holding: Holding = { files: new Map(), folders: new Map() };
  const list = (folder: string, isRecursive: boolean) => {
    holding.folders.set(folder, undefined);
    for (const entry of readdirSync(join(outDir, folder), { withFileTypes: true })) {
      const path = folder === '.' ? entry.name : `${folder}/${entry.name}`;
      if (!entry.isDirectory()) holding.files.set(path, undefined);
      else if (isRecursive || !last?.folders.has(path)) list(path, true);
    }
  };
  if (!last) {
    list('.', true);
    return holding;
  }
  const byFolder = new Map<string, string[]>();
  for (const path of last.files.keys()) byFolder.set(dirname(path), [...(byFolder.get(dirname(path)) ?? []), path]);
  for (const [folder, mtimeMs] of last.folders) {
    const stats = statIfAny(join(outDir, folder));
    if (!stats?.isDirectory() || holding.folders.has(folder)) continue;
    if (stats.mtimeMs !== mtimeMs) list(folder, false);
    else {
      holding.folders.set(folder, mtimeMs);
      for (const path of byFolder.get(folder) ?? []) holding.files.set(path, last.files.get(path));
    }
  }
  return holding;
}

/** Each folder's time once the new version is in place: as it was where no entry was added or removed, asked again elsewhere. */
function folderTimes(
  outDir: string,
  wanted: ReadonlySet<string>,
  holding: Holding | undefined,
  touched: ReadonlySet<string>,
): Map<string, number> {
  const times = new Map<string, number>();
  for (const folder of wanted) {
    const known = touched.has(folder) ? undefined : holding?.folders.get(folder);
    times.set(folder, known ?? statSync(join(outDir, folder)).mtimeMs);
  }
  return times;
}

/**
 * The folders of the new version, once its paths are checked: each inside the output
 * folder, none twice, none both a file and a folder.
 */
function checkPaths(outputs: readonly Output[], outDir: string): Set<string> {
  const paths = new Set<string>();
  const folders = new Set<string>();
  for (const { path } of outputs) {
    const problem = !isInside(path)
      ? 'it is not a path inside the output folder'
      : paths.has(path)
        ? 'two files have it'
        : undefined;
    if (problem)
      throw new BuildError('OutputError', `refusing to write ${JSON.stringify(path)}: ${problem}`, { file: outDir });
    paths.add(path);
    for (let folder = dirname(path); !folders.has(folder); folder = dirname(folder)) {
      folders.add(folder);
      if (folder === '.') break;
    }
  }
  const clash = [...paths].find((path) => folders.has(path));
  if (clash)
    throw new BuildError('OutputError', `cannot write the site: ${clash} would be a file and a folder`, {
      file: outDir,
    });
  return folders;
}

/** Whether a relative output path stays inside the output folder. */
function isInside(path: string): boolean {
  return path !== '' && !isAbsolute(path) && !path.includes('\0') && !path.split(/[\\/]/).includes('..');
}

/** Writes a new file (never through an existing one, which may be a link to another) and returns its stamp. */
async function writeNewFile(file: string, bytes: Buffer): Promise<FileStamp> {
  const handle = await open(file, 'wx');
  try {
    await handle.writeFile(bytes);
    return stampOf(await handle.stat());
  } finally {
    await handle.close();
  }
}

/** A second name for a file (no bytes copied), or a copy where the file system has no hard links. */
function linkOrCopy(from: string, to: string): FileStamp {
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
  return stampOf(statSync(to));
}

const stampOf = ({ size, mtimeMs, ino, dev }: Stats): FileStamp => ({ size, mtimeMs, ino, dev });
const isAsStamped = (stats: Stats, stamp: FileStamp) =>
  stats.size === stamp.size && stats.mtimeMs === stamp.mtimeMs && isOneFile(stats, stamp);
/** Whether two stamps are of one file: one inode of one file system. */
const isOneFile = (a: Pick<FileStamp, 'ino' | 'dev'>, b: Pick<FileStamp, 'ino' | 'dev'>) =>
  a.ino === b.ino && a.dev === b.dev;

const stampIfAny = (file: string) => {
  const stats = statIfAny(file);
  return stats && stampOf(stats);
};

/** A file's status, or undefined when it is missing, or a folder of its path is a file (ENOTDIR). */
function statIfAny(file: string): Stats | undefined {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}
