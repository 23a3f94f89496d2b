import { existsSync, readFileSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import type { FileStamp } from '../types.ts';

/**
 * What the writer left in a folder: each file's stamp, and each folder's modification time,
 * which the system changes whenever an entry is added to the folder or removed from it. With
 * it, a rebuild updates its spare folder without listing it or asking each file's status,
 * which at 15,000 pages was most of a rebuild (a listing per folder, on a cold directory cache).
 */
export interface FolderRecord {
  /** The folder's own inode: a folder copied or restored from elsewhere (a CI cache) is another folder. */
  readonly ino: number;
  /** Its file system, which every file of it shares. */
  readonly dev: number;
  /** By path below the folder. */
  readonly files: ReadonlyMap<string, FileStamp>;
  /** By path below the folder, `.` for the folder itself. */
  readonly folders: ReadonlyMap<string, number>;
}

/** What the writer knows of an output folder and of its spare. */
export interface WriterRecord {
  readonly current: FolderRecord;
  /** Absent when nothing is known of the spare: the writer lists it once, and knows it again after. */
  readonly spare?: FolderRecord;
}

/** Change with any change to what the record holds; a record of another format is not read. */
const FORMAT = 2;

interface StoredFolder {
  ino: number;
  dev: number;
  files: [path: string, size: number, mtimeMs: number, ino: number][];
  folders: [path: string, mtimeMs: number][];
}
interface StoredRecord {
  format: number;
  outDir: string;
  current: StoredFolder;
  spare: StoredFolder | null;
}

/**
 * A build marks the record as changing before it touches the spare, and unmarks it once the
 * new record is saved: a build killed in between leaves a spare nobody knows, which the next
 * build lists whole.
 */
const markerOf = (file: string) => `${file}.changing`;

/** The record saved in `file` for `outDir`; undefined when there is none to trust. */
export function readWriterRecord(file: string, outDir: string): WriterRecord | undefined {
  // Marked: a build stopped while changing the spare.
  if (existsSync(markerOf(file))) return undefined;
  let stored: StoredRecord;
  try {
    stored = JSON.parse(readFileSync(file, 'utf8')) as StoredRecord;
  } catch {
    return undefined;
  }
  if (stored.format !== FORMAT || stored.outDir !== outDir) return undefined;
  const folderOf = ({ ino, dev, ...folder }: StoredFolder): FolderRecord => ({
    ino,
    dev,
    files: new Map(folder.files.map(([path, size, mtimeMs, ino]) => [path, { size, mtimeMs, ino, dev }])),
    folders: new Map(folder.folders),
  });
  return { current: folderOf(stored.current), ...(stored.spare ? { spare: folderOf(stored.spare) } : {}) };
}

/** Marks the record as changing (see markerOf). */
export async function markChanging(file: string): Promise<void> {
  await writeFile(markerOf(file), String(process.pid));
}

/** Takes the changing mark back: the build changed nothing the record describes. */
export async function unmarkChanging(file: string): Promise<void> {
  await rm(markerOf(file), { force: true });
}

/** Saves the record whole (written aside, then renamed into place) and removes the changing mark. */
export async function saveWriterRecord(file: string, outDir: string, record: WriterRecord): Promise<void> {
  const folderOf = (folder: FolderRecord): StoredFolder => ({
    ino: folder.ino,
    dev: folder.dev,
    files: [...folder.files].map(([path, stamp]) => [path, stamp.size, stamp.mtimeMs, stamp.ino]),
    folders: [...folder.folders],
  });
  const stored: StoredRecord = {
    format: FORMAT,
    outDir,
    current: folderOf(record.current),
    spare: record.spare ? folderOf(record.spare) : null,
  };
  await writeFile(`${file}.${process.pid}`, JSON.stringify(stored));
  await rename(`${file}.${process.pid}`, file);
  await rm(markerOf(file), { force: true });
}
