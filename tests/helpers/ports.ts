import type { ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';

/** A port of 127.0.0.1 that is free right now. */
export async function freePort(): Promise<number> {
  return new Promise((found) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => found(port));
    });
  });
}

/** Waits until `url` answers, failing with `describe()` if `child` exits first or it takes over `seconds`. */
export async function waitForServer(
  url: string,
  child: ChildProcess,
  describe: () => string,
  seconds = 10,
): Promise<void> {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited (${child.exitCode}): ${describe()}`);
    try {
      await fetch(url, { redirect: 'manual' });
      return;
    } catch {
      if (Date.now() > until) throw new Error(`did not start in ${seconds} s: ${describe()}`);
      await new Promise((wait) => setTimeout(wait, 100));
    }
  }
}

/**
 * Waits until a server process started by a test answers on 127.0.0.1; then its address, and a
 * stop that ends it by its pid with `signal` (its own graceful stop), waits for its exit and
 * removes its temporary folder.
 */
export async function serverProcess(
  child: ChildProcess,
  port: number,
  name: string,
  signal: NodeJS.Signals,
  folder: string,
): Promise<{ url: string; stop: () => Promise<void> }> {
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const url = `http://127.0.0.1:${port}`;
  await waitForServer(url, child, () => `${name}: ${stderr}`);
  return {
    url,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        process.kill(child.pid!, signal);
        await exited;
      }
      await rm(folder, { recursive: true, force: true });
    },
  };
}
