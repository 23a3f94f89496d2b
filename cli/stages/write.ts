import {
  closeSync,
  copyFileSync,
  existsSync,
  fstatSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  type Stats,
} from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { BuildError } from '../errors.ts';
import { bytesOf, holdsBytes, isFileRef } from '../lib/file-ref.ts';
import { takeLock } from '../lib/folder-lock.ts';
import { writeWhole, writerOfPartial } from '../lib/whole-file.ts';
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
  /** The current version's file at `path` while it is as the record has it: carried over, it need not be written. */
  current(path: string): FileRef | undefined;
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
  const [parent, name] = [dirname(outDir), basename(outDir)];
  const staging = join(parent, `.${name}.next`);
  const journalFile = join(parent, `.${name}.journal`);
  const fail = (cause: unknown) =>
    cause instanceof BuildError
      ? cause
      : new BuildError('OutputError', `cannot write the site: ${(cause as Error).message}`, { file: outDir, cause });

  return {
    folder: outDir,
    async begin(last) {
      await mkdir(parent, { recursive: true }).catch((cause: unknown) => Promise.reject(fail(cause)));
      const unlock = await takeLock(join(parent, `.${name}.lock`), outDir);
      let holding: Holding | undefined;
      try {
        removeUnsavedJournals(parent, basename(journalFile));
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
      const staged = new Set<string>();
      let count = 0;
      const folders = new Set<string>(['.']);
      // Synchronous: a page's folder and file are a few system calls each, and as promises every
      // one of them cost the main thread more than the call itself (0.3 ms a page in all).
      const stage = (path: string, write: (file: string) => FileStamp): FileRef => {
        const folder = isWhole ? dirname(path) : '.';
        if (!folders.has(folder)) mkdirSync(join(staging, folder), { recursive: true });
        folders.add(folder);
        const file = join(staging, isWhole ? path : String((count += 1)));
        staged.add(file);
        return { file, stamp: write(file) };
      };
      /** The current file at `path`, as the record has it or else as it is. */
      const currentStamp = (path: string) =>
        holding?.files.has(path) ? (holding.files.get(path) ?? stampIfAny(join(outDir, path))) : undefined;
      /** Where the new version's file at `path` comes from: the current file when it is the same, else a staged one. */
      const place = async (path: string, contents: Output['contents']): Promise<FileRef> => {
        if (isFileRef(contents)) {
          if (staged.has(contents.file)) return contents;
          const there = currentStamp(path);
          if (there && isOneFile(there, contents.stamp)) return { file: join(outDir, path), stamp: there };
          // Another folder's file (the host folders link the site's).
          return stage(path, (file) => linkOrCopy(contents, file));
        }
        const bytes = await bytesOf(contents);
        const there = currentStamp(path);
        const file = join(outDir, path);
        const isSame = holdsBytes(file, there, bytes);
        return isSame ? { file, stamp: stampOf(statSync(file)) } : stage(path, (file) => writeNewFile(file, bytes));
      };
      let isSettled = false;
      const settle = async () => {
        isSettled = true;
        // A journal left by a failure while taking its steps needs the staged files: the next build takes the rest.
        if (!existsSync(journalFile)) rmSync(staging, { recursive: true, force: true });
        await unlock();
      };

      return {
        current(path) {
          const expected = holding?.files.get(path);
          const stats = expected && statIfAny(join(outDir, path));
          return stats && isAsStamped(stats, expected)
            ? { file: join(outDir, path), stamp: stampOf(stats) }
            : undefined;
        },
        add(outputs) {
          // A file that cannot be staged (two of one name, say) is kept in memory: the checks will name the problem.
          const added = outputs.map(async (output) =>
            isInside(output.path) ? { ...output, contents: await place(output.path, output.contents) } : output,
          );
          return Promise.all(added.map((adding, at) => adding.catch(() => outputs[at]!)));
        },
        async discard() {
          if (!isSettled) await settle().catch(() => undefined);
        },
        async finish(outputs) {
          try {
            const wanted = checkPaths(outputs, outDir);
            const files = new Map<string, FileStamp>();
            const moves: [string, string][] = [];
            for (const { path, contents } of outputs) {
              const ref = await place(path, contents);
              files.set(path, ref.stamp);
              if (staged.delete(ref.file)) moves.push([basename(ref.file), path]);
            }
            if (isWhole) {
              // What is still staged was for an output the version dropped (a duplicate): not part of it.
              for (const file of staged) rmSync(file);
              renameSync(staging, outDir);
              return { files, folders: folderTimes(outDir, wanted) };
            }
            const removals = [
              ...[...holding!.files.keys()].filter((path) => !files.has(path)),
              ...[...holding!.folders.keys()].filter((folder) => !wanted.has(folder)),
            ];
            const added = [...wanted].filter((folder) => !holding!.folders.has(folder));
            if (moves.length + removals.length + added.length > 0) {
              await writeWhole(journalFile, JSON.stringify({ removals, folders: added, moves } satisfies Journal));
              takeJournalSteps(outDir, staging, journalFile);
            }
            // A folder that gained or lost an entry has a new time; the others keep theirs.
            const touched = new Set([...moves.map(([, path]) => path), ...removals, ...added].map(dirname));
            const known = [...holding!.folders].filter(([folder, time]) => time !== undefined && !touched.has(folder));
            return { files, folders: folderTimes(outDir, wanted, new Map(known as [string, number][])) };
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
 * Removes the journals a killed build was still saving (writeWhole's partial files): it had not
 * begun the steps, so there is nothing to take. The lock is held, so no live build is saving one.
 */
function removeUnsavedJournals(parent: string, journal: string): void {
  for (const entry of readdirSync(parent)) {
    if (entry.startsWith(`${journal}.`) && writerOfPartial(entry) !== undefined) rmSync(join(parent, entry));
  }
}

/**
 * What `outDir` holds: with the last record, a folder whose time is as recorded holds what the
 * record says, and only the others are listed (an entry was added or removed by hand); without
 * one, all of it is listed. Undefined when there is no folder yet.
 */
function readHolding(outDir: string, last: Written | undefined): Holding | undefined {
  if (!statIfAny(outDir)?.isDirectory()) return undefined;
  const holding: Holding = { files: new Map(), folders: new Map() };
  const list = (folder: string) => {
    holding.folders.set(folder, undefined);
    for (const entry of readdirSync(join(outDir, folder), { withFileTypes: true })) {
      const path = folder === '.' ? entry.name : `${folder}/${entry.name}`;
      if (!entry.isDirectory()) holding.files.set(path, undefined);
      else if (!last?.folders.has(path)) list(path);
    }
  };
  for (const [folder, mtimeMs] of last?.folders ?? [['.', Number.NaN] as const]) {
    const stats = holding.folders.has(folder) ? undefined : statIfAny(join(outDir, folder));
    if (stats?.isDirectory() && stats.mtimeMs === mtimeMs) holding.folders.set(folder, mtimeMs);
    else if (stats?.isDirectory()) list(folder);
  }
  for (const [path, stamp] of last?.files ?? []) {
    if (holding.folders.get(dirname(path)) !== undefined) holding.files.set(path, stamp);
  }
  return holding;
}

/** Each wanted folder's time: as `known` has it, or asked. */
function folderTimes(
  outDir: string,
  wanted: ReadonlySet<string>,
  known = new Map<string, number>(),
): Map<string, number> {
  return new Map([...wanted].map((folder) => [folder, known.get(folder) ?? statSync(join(outDir, folder)).mtimeMs]));
}

/** The folders of the new version, once its paths are checked: inside the output folder, none twice, none a file and a folder. */
function checkPaths(outputs: readonly Output[], outDir: string): Set<string> {
  const [paths, folders] = [new Set<string>(), new Set<string>()];
  const refuse = (message: string) => new BuildError('OutputError', message, { file: outDir });
  for (const { path } of outputs) {
    if (!isInside(path))
      throw refuse(`refusing to write ${JSON.stringify(path)}: it is not a path inside the output folder`);
    if (paths.has(path)) throw refuse(`refusing to write ${JSON.stringify(path)} twice`);
    paths.add(path);
    for (let folder = dirname(path); !folders.has(folder); folder = dirname(folder)) {
      folders.add(folder);
      if (folder === '.') break;
    }
  }
  const clash = [...paths].find((path) => folders.has(path));
  if (clash) throw refuse(`cannot write the site: ${clash} would be a file and a folder`);
  return folders;
}

/** Whether a relative output path stays inside the output folder. */
function isInside(path: string): boolean {
  return path !== '' && !isAbsolute(path) && !path.includes('\0') && !path.split(/[\\/]/).includes('..');
}

/** Writes a new file (never through an existing one, which may be a link to another) and returns its stamp. */
function writeNewFile(file: string, bytes: Buffer): FileStamp {
  const descriptor = openSync(file, 'wx');
  try {
    writeFileSync(descriptor, bytes);
    return stampOf(fstatSync(descriptor));
  } finally {
    closeSync(descriptor);
  }
}

/**
 * A second name for a file (no bytes copied), which is the file as its stamp has it, or a copy
 * where the file system has no hard links.
 */
function linkOrCopy(from: FileRef, to: string): FileStamp {
  try {
    linkSync(from.file, to);
    return from.stamp;
  } catch {
    copyFileSync(from.file, to);
    return stampOf(statSync(to));
  }
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
