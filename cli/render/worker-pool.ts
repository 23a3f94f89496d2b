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
 * The main thread only writes: rendering there would grow its heap by the garbage of every page.
 */
export async function renderInThreads(
  workerScript: string,
  context: RenderContext,
  jobs: readonly PageJob[],
  onResult: (result: PageResult) => Promise<void>,
  { compress = false }: { compress?: boolean } = {},
): Promise<void> {
  const threads = startRenderThreads(workerScript, Math.ceil(jobs.length / BATCH));
  try {
    await threads.render(context, jobs, onResult, { compress });
  } finally {
    await threads.stop();
  }
}

/** Render threads started before their pages are known: `render` hands them the context and the pages. */
export interface RenderThreads {
  render(
    context: RenderContext,
    jobs: readonly PageJob[],
    onResult: (result: PageResult) => Promise<void>,
    options?: { compress?: boolean },
  ): Promise<void>;
  /** Ends the threads; a build that fails before rendering ends them unused. */
  stop(): Promise<void>;
}

/**
 * Starts one render thread per core (at most `most`): each loads its bundle and the templates
 * while this thread still validates and bundles, and waits for the context and its pages.
 * Started so with every clean build of the 3 × 1,000 corpus, the build took 8.34 s instead of
 * 8.65 s (median of 7 pairs).
 */
export function startRenderThreads(workerScript: string, most = Infinity): RenderThreads {
  const count = Math.max(1, Math.min(availableParallelism(), most));
  const workers = Array.from({ length: count }, () => new Worker(workerScript, { env: process.env }));
  // A thread that fails before it is given work is reported by `render`, not as an unhandled error.
  const early = workers.map((worker) => {
    const failure = new Promise<never>((_, reject) => {
      worker.on('error', reject);
      worker.on('exit', (code) => reject(new Error(`a render thread stopped with exit code ${code}`)));
    });
    failure.catch(() => undefined);
    return failure;
  });
  return {
    async render(context, jobs, onResult, { compress = false } = {}) {
      const batches: PageJob[][] = [];
      for (let start = 0; start < jobs.length; start += BATCH) batches.push(jobs.slice(start, start + BATCH));
      const busy = workers.slice(0, Math.max(1, Math.min(workers.length, batches.length)));
      await Promise.all(
        busy.map((worker, at) =>
          Promise.race([
            early[at]!,
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
              worker.postMessage({ context, compress } satisfies ThreadSetup);
              if (!send()) resolve();
              else send();
            }),
          ]),
        ),
      );
    },
    async stop() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

/** A render thread's first message: what every page it renders reads, and whether it makes their copies. */
export interface ThreadSetup {
  readonly context: RenderContext;
  readonly compress: boolean;
}
