import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { bytesOf } from './file-ref.ts';
import type { FileRef, FileStamp, FolderVersion, OutputFile } from './types.ts';

/**
 * Where versions of an output folder go: a folder on disk (folder-writer.ts), or memory for
 * tests. The writer owns what it wrote: it keeps its own record of each version, and trusts it
 * only where the disk still matches.
 */
export interface Writer {
  /** Starts the next version. */
  begin(): Promise<Draft>;
}

/** A new version under way: nothing of the current one changes until `finish`. */
export interface Draft {
  /** The id of the version this one starts from, when the writer has its record. */
  readonly from?: string;
  /** The current version's file at `path` while it is as the record has it: kept, it need not be written. */
  current(path: string): FileRef | undefined;
  /** Stages these files of the new version now, so the build need not hold their bytes; returns them as files. */
  add<T extends OutputFile>(outputs: readonly T[]): Promise<T[]>;
  /** Makes `outputs` (staged or not) the whole new version, and returns its record. */
  finish(outputs: readonly OutputFile[]): Promise<FolderVersion>;
  /** Drops what was staged and leaves the current version as it was; nothing once finished. */
  discard(): Promise<void>;
}

/** Writes `outputs` as the whole new version in one step. */
export async function writeVersion(writer: Writer, outputs: readonly OutputFile[]): Promise<FolderVersion> {
  const draft = await writer.begin();
  try {
    return await draft.finish(outputs);
  } finally {
    await draft.discard();
  }
}

/**
 * `outputs` as the files of `version` that hold them, where it is on disk: what another folder
 * links to instead of writing the bytes again (the host folders link the site's files).
 */
export function filesOf<T extends OutputFile>(version: FolderVersion, outputs: readonly T[]): T[] {
  const { folder } = version;
  if (!folder) return [...outputs];
  return outputs.map((output) => ({
    ...output,
    contents: { file: join(folder, output.path), stamp: stampIn(version, output.path) },
  }));
}

/** The stamp of the file at `path` of `version`: one of the files it was given. */
export function stampIn(version: FolderVersion, path: string): FileStamp {
  const stamp = version.files.get(path);
  if (!stamp) throw new Error(`${path} is not a file of the version written`);
  return stamp;
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
          const stamps = new Map(next.map(([path, bytes]) => [path, stamp(bytes)]));
          return { id: randomUUID(), files: stamps, folders: new Map() };
        },
        discard: async () => undefined,
      };
    },
  };
}
