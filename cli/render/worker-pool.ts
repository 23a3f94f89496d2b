import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PageJob, PageResult, RenderContext } from './render-page.tsx';

/** Pages sent to a thread at once: enough to keep messaging cheap, few enough to share work evenly. */
const BATCH = 24;
/**
 * Heap of a render thread, MB. It keeps nothing between pages but the context, and a small old
 * generation makes it collect early: unlimited, two threads took a 15,000-page build from under
 * 500 MB to over 750 MB, for about a quarter less time. A page's garbage is young, though: at
 * 3,000 pages a 32 MB young generation spent 1.05 s of each thread's CPU on collection against
 * 1.6–2.6 s with 16 MB (`--cpu-prof`), with the same peak memory; a 128 MB old generation added
 * little more (0.9–1.1 s).
 */
const THREAD_HEAP = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 32 };

/**
 * Renders `jobs` on one worker thread per core, each loading the templates once and taking
 * batches of pages; `onResult` sees every page as it arrives. A thread answers each page when it
 * is rendered, not the whole batch at its end: a batch's results kept until then outlived two
 * collections of the young generation and went to the old one, garbage the heap limit below
 * then collected over and over (a 15,000-page render took 49.6 s instead of 42.3 s). The main
 * thread only writes: rendering there would grow its heap, which has no such limit, by the
 * garbage of every page.
 */
export async function renderInThreads(
  workerScript: string,
  context: RenderContext,
  jobs: readonly PageJob[],
  onResult: (result: PageResult) => Promise<void>,
): Promise<void> {
  const batches: PageJob[][] = [];
  for (let start = 0; start < jobs.length; start += BATCH) batches.push(jobs.slice(start, start + BATCH));
  const threads = Math.max(1, Math.min(availableParallelism(), batches.length));
  const workers = Array.from(
    { length: threads },
    () => new Worker(workerScript, { workerData: context, env: process.env, resourceLimits: THREAD_HEAP }),
  );
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            let pending = Promise.resolve();
            // Pages sent and not yet answered: the next batch waits in the thread's queue
            // while it renders the current one, so it never waits for the main thread.
            let unanswered = 0;
            const send = () => {
              const batch = batches.shift();
              if (!batch) return false;
              unanswered += batch.length;
              worker.postMessage(batch);
              return true;
            };
            worker.on('message', (result: PageResult) => {
              pending = pending.then(() => onResult(result));
              pending.catch(reject);
              unanswered -= 1;
              if (unanswered < BATCH) send();
              if (unanswered === 0) pending.then(resolve, reject);
            });
            worker.on('error', reject);
            worker.on('exit', (code) => {
              if (code !== 0) reject(new Error(`a render thread stopped with exit code ${code}`));
            });
            send();
            send();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
