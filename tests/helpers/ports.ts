import type { ChildProcess } from 'node:child_process';
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
