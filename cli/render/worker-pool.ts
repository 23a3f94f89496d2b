import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PageJob, PageResult, RenderContext } from './render-page.tsx';

/** Pages sent to a thread at once: enough to keep messaging cheap, few enough to share work evenly. */
const BATCH = 24;

/**
 * Renders `jobs` on one worker thread per core, each loading the templates once and taking
 * batches of pages; `onResult` sees every page as it arrives, with its compressed copies when
 * `compress` asks for them. A thread answers each page as it is rendered: a batch's results
 * kept to its end outlived two young collections and filled the old generation (with a 64 MB
 * one, a 15,000-page render took 49.6 s instead of 42.3 s); without that limit the two ways
 * measured the same (clean builds of the 3 × 1,000 corpus, five pairs).
 *
 * The threads' heaps have V8's own limits. Given a small old generation (64 MB), V8 sizes it as
 * a memory-constrained device would: it collected it whenever it grew by a third, and a page
 * grows it by about 80 KB, micromark's event arrays for the whole document, which a young
 * collection promotes whenever it meets them in the middle of a parse. Unlimited, the render of
 * the 3 × 5,000 corpus took 23.4 s instead of 40.5 s, for a peak of 748 MB instead of 565 MB.
 * Any limit under V8's own (about 4 GB here) makes V8 let the old generation grow less past what
 * survives a full collection (35–40 MB a thread at 15,000 pages): a limit of 512 to 1,536 MB,
 * never reached, kept the peak at 540–590 MB instead of 700, and cost 1–5 % of the time in
 * the collections it added (1,024 MB, pairs: +2.7 % at 15,000 pages, +1 % at 3,000), so the
 * limits stay V8's. The main thread only writes: rendering there would grow its heap by the
 * garbage of every page.
 */
export async function renderInThreads(
  workerScript: string,
  context: RenderContext,
  jobs: readonly PageJob[],
  onResult: (result: PageResult) => Promise<void>,
  { compress = false }: { compress?: boolean } = {},
): Promise<void> {
  const batches: PageJob[][] = [];
  for (let start = 0; start < jobs.length; start += BATCH) batches.push(jobs.slice(start, start + BATCH));
  const threads = Math.max(1, Math.min(availableParallelism(), batches.length));
  const workers = Array.from(
    { length: threads },
    () => new Worker(workerScript, { workerData: { context, compress }, env: process.env }),
  );
  // Every thread gets one batch before any gets a second (which waits in its queue while it
  // renders the first): sent thread by thread, two at a time, fewer than twice as many batches
  // as threads left the last thread none, and the build waiting for it for ever.
  const seconds: (() => boolean)[] = [];
  try {
    const runs = workers.map(
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
          seconds.push(send);
        }),
    );
    for (const second of seconds) second();
    await Promise.all(runs);
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
