// A render thread: receives the build's render context once, then batches of pages, and
// answers each page with its result as soon as it is rendered, in the order given. It may be
// started before the context is known (worker-pool.ts): its bundle and templates load meanwhile.
import { parentPort } from 'node:worker_threads';
import { pageCopiesOf } from '../lib/compression.ts';
import { createPageRenderer, type PageJob } from './render-page.tsx';
import type { ThreadSetup } from './worker-pool.ts';

const encoder = new TextEncoder();
let render: ReturnType<typeof createPageRenderer> | undefined;
let compress = false;
parentPort!.on('message', async (message: ThreadSetup | PageJob[]) => {
  if (!Array.isArray(message)) {
    render = createPageRenderer(message.context);
    compress = message.compress;
    return;
  }
  for (const job of message) {
    const { html, ...result } = await render!(job);
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
