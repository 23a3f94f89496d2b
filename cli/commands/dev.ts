import { watch } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { rm } from 'node:fs/promises';
import { build } from '../build.ts';
import type { BuildMemory } from '../lib/build-memory.ts';
import { loadConfig, type BuildFlags } from '../config.ts';
import { BuildError, BuildErrors, formatError } from '../errors.ts';
import { filesInMemory, serveSite } from '../serve/static-server.ts';
import { memoryWriter } from '../stages/write.ts';

/** The page script that reloads on a new build and shows a build error over the page. */
const CLIENT = `const events = new EventSource('/__dev/events');
const overlay = () => document.getElementById('__dev-error') ?? Object.assign(document.body.appendChild(document.createElement('pre')), { id: '__dev-error' });
events.addEventListener('reload', () => location.reload());
events.addEventListener('failed', (event) => {
  Object.assign(overlay().style, { position: 'fixed', inset: '0', zIndex: '2147483647', margin: '0', padding: '2rem', overflow: 'auto', background: 'rgb(20 10 10 / 0.94)', color: '#ffd7d7', font: '14px/1.5 monospace', whiteSpace: 'pre-wrap' });
  overlay().textContent = JSON.parse(event.data);
});
`;
const WATCHED = ['content', 'public', 'templates', 'widgets'];

/**
 * The development server: builds into memory, serves on 127.0.0.1 with the host behaviour of
 * `preview`, rebuilds when content, public files, templates or widgets change, and reloads the
 * open tabs. A bad edit is shown in the terminal and over the page, and the last good build
 * stays served until the file is fixed.
 */
export async function runDev(
  flags: BuildFlags & { port: number },
  packageRoot: string,
  generatorKey: string | undefined,
  print: (line: string) => void,
): Promise<void> {
  const clients = new Set<ServerResponse>();
  const send = (event: string, data: unknown) => {
    for (const client of clients) client.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  let lastError: string | undefined;
  let site = filesInMemory(new Map());
  let buildSite = build;
  // One writer and the last build's memory for the whole session: a rebuild renders only the
  // pages an edit touches and carries the others over; a failed one leaves the files as they were.
  const writer = memoryWriter();
  let memory: BuildMemory | undefined;

  const rebuild = async (reason: string) => {
    const started = performance.now();
    try {
      const result = await buildSite(
        loadConfig({ ...flags, quiet: true }, process.env, packageRoot, generatorKey),
        writer,
        { timings: [], task: async (_stage, work) => work() },
        memory,
      );
      memory = result.memory;
      site = filesInMemory(writer.files);
      lastError = undefined;
      print(
        `${reason}: rendered ${result.rendered} of ${result.rendered + result.kept} pages in ${Math.round(performance.now() - started)} ms`,
      );
      send('reload', null);
    } catch (error) {
      lastError =
        error instanceof BuildErrors
          ? error.errors.map(formatError).join('\n')
          : error instanceof BuildError
            ? formatError(error)
            : String((error as Error).stack ?? error);
      print(`${reason}: the build failed; the last good build is still served.\n${lastError}`);
      send('failed', lastError);
    }
  };

  await rebuild('start');
  const { url } = await serveSite(
    () => site,
    flags.port,
    (html) => html.replace('</body>', '<script type="module" src="/__dev/client.js"></script></body>'),
    (request, response) => {
      if (request.url === '/__dev/client.js')
        return (void response.writeHead(200, { 'content-type': 'text/javascript' }).end(CLIENT), true);
      if (request.url !== '/__dev/events') return false;
      response.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      // A comment line sends the headers now, so the page's EventSource opens at once.
      response.write(': connected\n\n');
      clients.add(response);
      if (lastError) response.write(`event: failed\ndata: ${JSON.stringify(lastError)}\n\n`);
      request.on('close', () => clients.delete(response));
      return true;
    },
  );
  print(`Serving at ${url}/ca/ — watching ${WATCHED.join(', ')} (Ctrl+C stops)`);

  let timer: NodeJS.Timeout | undefined;
  const changed = new Set<string>();
  for (const folder of WATCHED) {
    const root = join(
      folder === 'content' ? (flags.content ?? 'content') : folder === 'public' ? 'public' : join(packageRoot, folder),
    );
    watch(root, { recursive: true }, (_event, file) => {
      if (!file || file.split(/[\\/]/).some((part) => part.startsWith('.'))) return;
      changed.add(`${folder}/${file}`);
      clearTimeout(timer);
      timer = setTimeout(async () => {
        const paths = [...changed];
        changed.clear();
        if (paths.some((path) => path.startsWith('templates/'))) {
          buildSite = await reloadTemplates(packageRoot);
          memory = undefined;
        }
        await rebuild(paths.join(', '));
      }, 30);
    });
  }
}

/** Bundles the generator again so edited templates take effect without restarting. */
async function reloadTemplates(packageRoot: string): Promise<typeof build> {
  const { build: bundle } = await import('esbuild');
  const outfile = join(packageRoot, 'node_modules/.cache/sitegen', `dev-build-${Date.now()}.mjs`);
  await bundle({
    entryPoints: [join(packageRoot, 'cli/build.ts')],
    outfile,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    logLevel: 'error',
  });
  try {
    return ((await import(outfile)) as { build: typeof build }).build;
  } finally {
    await rm(outfile, { force: true });
  }
}
