import { existsSync, statSync, type Stats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { contentHash } from '../lib/hash.ts';
import { writeWhole } from './whole-file.ts';
import type { FileStamp, FolderVersion } from './types.ts';

/**
 * The record's format: one of any other is not read, and the writer lists the folder instead.
 * Change it with any change to what the record holds.
 */
const FORMAT = 1;

/** The record as stored, plain JSON: stamps without their file system, which all files share. */
interface StoredVersion {
  format: number;
  folder: string;
  id: string;
  dev: number;
  files: [path: string, size: number, mtimeMs: number, ino: number][];
  folders: [path: string, mtimeMs: number][];
}

/**
 * A file the writer keeps beside `folder` while it works on it: `lock` (one build at a time),
 * `next` (the staging folder) and `journal` (the steps of a version under way).
 */
export const besideFolder = (folder: string, what: 'lock' | 'next' | 'journal'): string =>
  join(dirname(folder), `.${basename(folder)}.${what}`);

/** Where the record of the version last written into `folder` is saved, in `recordDir`. */
const recordFile = (recordDir: string, folder: string) => join(recordDir, `folder-${contentHash(folder)}.json`);

/** The version last written into `folder`, as its record says; undefined when there is none to read. */
export async function readVersion(recordDir: string, folder: string): Promise<FolderVersion | undefined> {
  const stored = await readFile(recordFile(recordDir, folder), 'utf8')
    .then((text) => JSON.parse(text) as StoredVersion)
    .catch(() => undefined);
  if (stored?.format !== FORMAT || stored.folder !== folder) return undefined;
  const { id, dev, files, folders } = stored;
  return {
    id,
    folder,
    files: new Map(files.map(([path, size, mtimeMs, ino]) => [path, { size, mtimeMs, ino, dev }])),
    folders: new Map(folders),
  };
}

/** Saves the record of `version`, whole or not at all: a build killed meanwhile leaves the last one. */
export async function saveVersion(recordDir: string, version: FolderVersion & { readonly folder: string }) {
  const stored: StoredVersion = {
    format: FORMAT,
    folder: version.folder,
    id: version.id,
    dev: version.files.values().next().value?.dev ?? 0,
    files: [...version.files].map(([path, stamp]) => [path, stamp.size, stamp.mtimeMs, stamp.ino]),
    folders: [...version.folders],
  };
  await writeWhole(recordFile(recordDir, version.folder), JSON.stringify(stored));
}

/**
 * The id of the version last written into `folder` when the folder still holds exactly it: no
 * build is under way or was cut short (a lock or a journal beside it), and nothing was added,
 * removed or edited by hand since (isUntouched).
 */
export async function untouchedVersion(recordDir: string, folder: string): Promise<string | undefined> {
  if (existsSync(besideFolder(folder, 'lock')) || existsSync(besideFolder(folder, 'journal'))) return undefined;
  const version = await readVersion(recordDir, folder);
  return version && isUntouched(folder, version) ? version.id : undefined;
}

/**
 * Whether `folder` holds exactly `version`: every folder with its time, so no entry was added
 * or removed, and every file as stamped, so none was replaced or edited.
 */
export function isUntouched(folder: string, version: FolderVersion): boolean {
  for (const [path, mtimeMs] of version.folders) if (statIfAny(join(folder, path))?.mtimeMs !== mtimeMs) return false;
  for (const [path, stamp] of version.files) {
    const stats = statIfAny(join(folder, path));
    if (!stats || !isAsStamped(stats, stamp)) return false;
  }
  return true;
}

export const stampOf = ({ size, mtimeMs, ino, dev }: Stats): FileStamp => ({ size, mtimeMs, ino, dev });

/** Whether a file is as its stamp has it: same file, same size, same time. */
export const isAsStamped = (stats: Stats, stamp: FileStamp): boolean =>
  stats.size === stamp.size && stats.mtimeMs === stamp.mtimeMs && isOneFile(stats, stamp);

/** Whether two stamps are of one file: one inode of one file system. */
export const isOneFile = (a: Pick<FileStamp, 'ino' | 'dev'>, b: Pick<FileStamp, 'ino' | 'dev'>): boolean =>
  a.ino === b.ino && a.dev === b.dev;

/** A file's status, or undefined when it is missing, or a folder of its path is a file (ENOTDIR). */
export function statIfAny(file: string): Stats | undefined {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}
