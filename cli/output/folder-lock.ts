import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { BuildError } from '../errors.ts';
import { isProcessRunning } from '../lib/process.ts';
import { whenStopped } from '../lib/stop-signals.ts';

/**
 * Takes a folder's lock: `lock`, a file holding this process's id, created only if absent. A
 * lock whose process is gone was left by a killed build and is taken over; a live one is
 * another build's, and this one stops with a message. Returns the function that releases it;
 * a signal that stops the process (Ctrl+C) releases it too.
 */
export async function takeLock(lock: string, folder: string): Promise<() => Promise<void>> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      // Made, and removed, in one turn of the event loop each: a signal is handled before the
      // lock exists or once its removal is registered; and before the writer's last step or
      // after the build has noted that the new version is in place.
      const handle = openSync(lock, 'wx');
      try {
        writeSync(handle, String(process.pid));
      } finally {
        closeSync(handle);
      }
      const release = () => {
        forget();
        rmSync(lock, { force: true });
      };
      const forget = whenStopped(release);
      return async () => {
        try {
          release();
        } catch {
          // A lock that cannot be removed is a dead build's to the next one, which takes it over.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        const message = `cannot lock the output folder: ${(error as Error).message}`;
        throw new BuildError('OutputError', message, { file: folder, cause: error });
      }
      const holder = Number(await readFile(lock, 'utf8').catch(() => ''));
      if (isProcessRunning(holder)) {
        const message = `another build (process ${holder}) is writing this folder; wait for it to finish`;
        throw new BuildError('OutputError', message, { file: folder, hint: `If no build is running, delete ${lock}.` });
      }
      await rm(lock, { force: true });
    }
  }
  throw new BuildError('OutputError', 'another build took the lock of this folder at the same moment', {
    file: folder,
  });
}
