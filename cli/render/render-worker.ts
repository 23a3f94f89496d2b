// A render thread: receives the build's render context once, then batches of pages, and
// answers each page with its result as soon as it is rendered, in the order given.
import { parentPort, workerData } from 'node:worker_threads';
import { pageCopiesOf } from '../lib/compression.ts';
import { createPageRenderer, type PageJob, type RenderContext } from './render-page.tsx';

const { context, compress } = workerData as { context: RenderContext; compress: boolean };
const render = createPageRenderer(context);
const encoder = new TextEncoder();
parentPort!.on('message', async (jobs: PageJob[]) => {
  for (const job of jobs) {
    const { html, ...result } = await render(job);
    // As bytes in a buffer of their own, moved to the main thread rather than copied: it
    // writes bytes, and a page's text would otherwise be cloned and then encoded there.
    const bytes = html === undefined ? undefined : encoder.encode(html);
    // The copies are made here, where the page is in hand, beside the other thread's pages:
    // made after rendering, from the files read back, they were a stage of their own.
    const copies = compress && bytes ? pageCopiesOf(bytes, job.paths[0]!) : undefined;
    const buffers = [bytes, copies?.br, copies?.gz].flatMap((buffer) => (buffer ? [buffer.buffer] : []));
    parentPort!.postMessage({ ...result, bytes, ...(copies ? { copies } : {}) }, buffers);
  }
});
