/** The signals that stop a command: Ctrl+C in a terminal, and a service manager's or CI's polite stop. */
export type StopSignal = 'SIGINT' | 'SIGTERM';

/** The exit code of a command stopped by a signal, as a shell reports one: 128 and the signal's number. */
export const STOPPED_EXIT: Readonly<Record<StopSignal, number>> = { SIGINT: 130, SIGTERM: 143 };

/** What to do before the process ends when a signal stops it, latest first. */
const cleanups = new Set<(signal: StopSignal) => void | Promise<void>>();

/**
 * Runs `cleanup` if a signal stops the process before the returned function is called: a lock
 * to remove, a line to print, a child process to end. A signal is process-wide, so this list is
 * too; each entry belongs to whoever added it, and is removed by them.
 */
export function whenStopped(cleanup: (signal: StopSignal) => void | Promise<void>): () => void {
  cleanups.add(cleanup);
  return () => void cleanups.delete(cleanup);
}

let isStopping = false;

/**
 * Ends the process as a signal would, cleanly: every cleanup runs, latest first, then it exits
 * with 130 or 143. Asked again while the cleanups run, it ends the process at once.
 */
export async function stopProcess(signal: StopSignal): Promise<void> {
  if (isStopping) process.exit(STOPPED_EXIT[signal]);
  isStopping = true;
  for (const cleanup of [...cleanups].reverse()) {
    try {
      await cleanup(signal);
    } catch {
      // The process is ending: what a cleanup could not finish, the next run takes over.
    }
  }
  process.exit(STOPPED_EXIT[signal]);
}

/** From now on, SIGINT and SIGTERM stop the process cleanly (docs/behaviour.md#building); a second one at once. */
export function handleStopSignals(): void {
  process.on('SIGINT', () => void stopProcess('SIGINT'));
  process.on('SIGTERM', () => void stopProcess('SIGTERM'));
}
