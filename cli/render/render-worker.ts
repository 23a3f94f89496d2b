// A render thread: receives the build's render context once, then batches of pages, and
// answers each batch with the rendered pages in the same order.
import { parentPort, workerData } from 'node:worker_threads';
import { createPageRenderer, type PageJob, type RenderContext } from './render-page.tsx';

const render = createPageRenderer(workerData as RenderContext);
parentPort!.on('message', async (jobs: PageJob[]) => {
  const results = [];
  for (const job of jobs) results.push(await render(job));
  parentPort!.postMessage(results);
});
