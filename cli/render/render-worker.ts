// A render thread: receives the build's render context once, then batches of pages, and
// answers each page with its result as soon as it is rendered, in the order given.
import { parentPort, workerData } from 'node:worker_threads';
import { createPageRenderer, type PageJob, type RenderContext } from './render-page.tsx';

const render = createPageRenderer(workerData as RenderContext);
const encoder = new TextEncoder();
parentPort!.on('message', async (jobs: PageJob[]) => {
  for (const job of jobs) {
    const { html, ...result } = await render(job);
    // As bytes in a buffer of their own, moved to the main thread rather than copied: it
    // writes bytes, and a page's text would otherwise be cloned and then encoded there.
    const bytes = html === undefined ? undefined : encoder.encode(html);
    parentPort!.postMessage({ ...result, bytes }, bytes ? [bytes.buffer] : []);
  }
});
