/**
 * How a written file looked when the build wrote it: a file still like this was not touched
 * since. Its inode tells whether two names are one file (a hard link), with no bytes compared.
 */
export interface FileStamp {
  readonly size: number;
  readonly mtimeMs: number;
  readonly ino: number;
  /** The file system: an inode number names one file only within one. */
  readonly dev: number;
}

/** A file on disk that holds an output's bytes: the site's own (kept from the last build) or one the writer staged. */
export interface FileRef {
  /** Absolute path. */
  readonly file: string;
  readonly stamp: FileStamp;
}

/** A version of an output folder as the writer left it: the record the next build's writer starts from. */
export interface FolderVersion {
  /**
   * Names this version: the incremental record says which version its pages were written into,
   * so that a build killed between writing and remembering is never taken for the one remembered.
   */
  readonly id: string;
  /** The folder, absolute; none for a version held in memory. */
  readonly folder?: string;
  /** Every file, by path below the folder. */
  readonly files: ReadonlyMap<string, FileStamp>;
  /**
   * Every folder's modification time, by path (`.` for the folder itself): the system changes
   * it whenever an entry is added to the folder or removed from it.
   */
  readonly folders: ReadonlyMap<string, number>;
}

/** A file's bytes, or the file on disk that holds them (file-ref.ts reads either). */
export type Contents = string | Buffer | FileRef;

/** A file of a version: its path below the folder, with forward slashes, and its contents. */
export interface OutputFile {
  readonly path: string;
  readonly contents: Contents;
}
