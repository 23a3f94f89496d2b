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
} from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { BuildError } from '../errors.ts';
import { randomUUID } from 'node:crypto';
import { bytesOf, holdsBytes, isFileRef } from './file-ref.ts';
import { takeLock } from './folder-lock.ts';
import { besideFolder, isAsStamped, isOneFile, readVersion, saveVersion, stampOf, statIfAny } from './folder-record.ts';
import { writeWhole, writerOfPartial } from './whole-file.ts';
import type { Contents, FileRef, FileStamp, FolderVersion } from './types.ts';
import type { Writer } from './writer.ts';

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
 * new one, never half of one. A lock file keeps two builds apart. With `recordDir`, the record
 * of each version is saved there (folder-record.ts), and the next version starts from it: a
 * folder whose time is as recorded is not listed, and a file as stamped is not read.
 */
export function fsWriter(outDir: string, recordDir?: string): Writer {
  const parent = dirname(outDir);
  const staging = besideFolder(outDir, 'next');
  const journalFile = besideFolder(outDir, 'journal');
  const fail = (cause: unknown) =>
    cause instanceof BuildError
      ? cause
      : new BuildError('OutputError', `cannot write the site: ${(cause as Error).message}`, { file: outDir, cause });

  return {
    async begin() {
      await mkdir(parent, { recursive: true }).catch((cause: unknown) => Promise.reject(fail(cause)));
      const unlock = await takeLock(besideFolder(outDir, 'lock'), outDir);
      let holding: Holding | undefined;
      let last: FolderVersion | undefined;
      try {
        last = recordDir === undefined ? undefined : await readVersion(recordDir, outDir);
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
      const place = async (path: string, contents: Contents): Promise<FileRef> => {
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

      /** The new version, its record saved; with nothing changed, it is the current one, and keeps its id. */
      const saved = async (files: Map<string, FileStamp>, folders: Map<string, number>, isChanged: boolean) => {
        const id = !isChanged && last ? last.id : randomUUID();
        const version = { id, folder: outDir, files, folders };
        if (recordDir !== undefined) await saveVersion(recordDir, version);
        return version;
      };

      return {
        ...(last ? { from: last.id } : {}),
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
              return await saved(files, folderTimes(outDir, wanted), true);
            }
            const removals = [
              ...[...holding!.files.keys()].filter((path) => !files.has(path)),
              ...[...holding!.folders.keys()].filter((folder) => !wanted.has(folder)),
            ];
            const added = [...wanted].filter((folder) => !holding!.folders.has(folder));
            const isChanged = moves.length + removals.length + added.length > 0;
            if (isChanged) {
              await writeWhole(journalFile, JSON.stringify({ removals, folders: added, moves } satisfies Journal));
              takeJournalSteps(outDir, staging, journalFile);
            }
            // A folder that gained or lost an entry has a new time; the others keep theirs.
            const touched = new Set([...moves.map(([, path]) => path), ...removals, ...added].map(dirname));
            const known = [...holding!.folders].filter(([folder, time]) => time !== undefined && !touched.has(folder));
            return await saved(files, folderTimes(outDir, wanted, new Map(known as [string, number][])), isChanged);
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
function readHolding(outDir: string, last: FolderVersion | undefined): Holding | undefined {
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
function checkPaths(outputs: readonly { readonly path: string }[], outDir: string): Set<string> {
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

const stampIfAny = (file: string) => {
  const stats = statIfAny(file);
  return stats && stampOf(stats);
};
