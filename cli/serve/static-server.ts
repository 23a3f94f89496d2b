import { statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { resolve, sep } from 'node:path';
import { acceptedCodings } from './accept-encoding.ts';
import { readRange } from './byte-range.ts';
import { listenOnFreePort, localUrl, LOOPBACK } from './listen.ts';
import { createHostRules } from './host-rules.ts';
import { parseRequestPath } from './request-path.ts';
import { parseCookies, routeRequest } from './route-table.ts';

/** What the dev server adds to serving a folder: a change to every page, and requests of its own. */
export interface ServeOptions {
  /** The port asked for; 0 (the default) picks a free one. */
  readonly port?: number;
  /** 127.0.0.1 unless `--host` names another address. */
  readonly host?: string;
  /** Fail when the port is taken instead of taking the next free one. */
  readonly strictPort?: boolean;
  /** Changes every HTML page as it is sent (the dev server's reload script). */
  readonly transformHtml?: (html: string) => string;
  /** Answers a request before the site does; true when it did (the dev server's events). */
  readonly handleFirst?: (request: IncomingMessage, response: ServerResponse) => boolean;
}

/** A server listening (on 127.0.0.1 unless asked otherwise). */
export interface RunningServer {
  /** Its address for a browser on this machine. */
  readonly url: string;
  readonly port: number;
  readonly server: Server;
  close(): Promise<void>;
}

/**
 * Serves the built folder `root` on 127.0.0.1 as the generated host configurations describe
 * (docs/behaviour.md#static-hosts): the route table of its `vercel.json` (headers, redirects
 * with the saved-language cookie, the 404 page of each language), and a folder's address
 * without its slash redirected to it, and the build's precompressed copies sent to browsers that
 * take them. Files come through sirv, looked up afresh on every request
 * (a rebuild swaps the folder while the server runs). A malformed or hostile address gets a
 * 400 and nothing outside `root` is ever read; a `Range` is answered as nginx answers it
 * (byte-range.ts). Port 0 picks a free port.
 */
export async function serveFolder(root: string, options: ServeOptions = {}): Promise<RunningServer> {
  const folder = resolve(root);
  const rulesOf = createHostRules(folder);
  // Loaded here, not with the command line: only the servers of preview, dev and check need it.
  const { default: sirv } = await import('sirv');
  // The build's .br and .gz copies, as the hosts send them, when the browser takes them.
  const files = sirv(folder, { dev: true, etag: true, dotfiles: false, brotli: true, gzip: true });
  // Only after parseRequestPath has refused every `..`: the result is inside the folder.
  const inFolder = (path: string) => {
    const file = resolve(folder, `.${path}`);
    return file === folder || file.startsWith(folder + sep) ? file : undefined;
  };
  const sendHtml = async (response: ServerResponse, status: number, file: string | undefined) => {
    const html = file === undefined ? undefined : await readFile(file, 'utf8').catch(() => undefined);
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html === undefined ? 'Not found' : (options.transformHtml?.(html) ?? html));
  };

  const server = createServer((request, response) => {
    if (options.handleFirst?.(request, response)) return;
    const address = parseRequestPath(request.url);
    if (!address) {
      response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Bad Request');
      return;
    }
    const { path, search } = address;
    const exists = (candidate: string) => {
      const file = inFolder(candidate);
      const stats = file === undefined ? undefined : statIfAny(file);
      if (!stats?.isDirectory()) return stats?.isFile() ?? false;
      return !candidate.endsWith('/') || statIfAny(`${file}/index.html`)?.isFile() === true;
    };
    const answer = routeRequest(rulesOf(), { path, search, cookies: parseCookies(request.headers.cookie) }, exists);
    // Every answer carries the site's headers, a refusal too.
    for (const [name, value] of Object.entries(answer.headers)) response.setHeader(name, value);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      // As static hosts answer: nothing here takes a form or any other body.
      response
        .writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' })
        .end('Method Not Allowed');
      return;
    }
    if (answer.kind === 'redirect') {
      response.writeHead(answer.status, { location: answer.location }).end();
      return;
    }
    const isHidden = path.split('/').some((segment) => segment.startsWith('.'));
    const notFound = () => sendHtml(response, 404, inFolder(answer.kind === 'not-found' ? answer.page : '/404.html'));
    if (answer.kind === 'not-found' || isHidden) return void notFound();
    void (async () => {
      const file = inFolder(path);
      const stats = file === undefined ? undefined : await stat(file).catch(() => undefined);
      if (stats?.isDirectory() && !path.endsWith('/')) {
        response.writeHead(301, { location: `${path}/${search}` }).end();
      } else if (options.transformHtml && (path.endsWith('/') || path.endsWith('.html'))) {
        const page = path.endsWith('/') ? inFolder(`${path}index.html`) : file;
        if (page && (await stat(page).catch(() => undefined))?.isFile()) await sendHtml(response, 200, page);
        else await notFound();
      } else {
        const served = stats?.isDirectory() ? inFolder(`${path}index.html`) : file;
        const size = served === undefined ? undefined : (await stat(served).catch(() => undefined))?.size;
        // A range asked `If-Range` it is unchanged gets the whole file: nothing here checks the validator.
        if (request.headers['if-range'] !== undefined) delete request.headers.range;
        if (request.headers.range !== undefined && size !== undefined) {
          const range = readRange(request.headers.range, size);
          if (range === 'unsatisfiable') {
            response.writeHead(416, { 'content-range': `bytes */${size}` }).end();
            return;
          }
          // sirv reads one plain `first-last` range, of the file itself, not of a .br or .gz copy.
          if (range === undefined) delete request.headers.range;
          else request.headers.range = `bytes=${range.first}-${range.last}`;
          delete request.headers['accept-encoding'];
        }
        request.headers['accept-encoding'] = acceptedCodings(request.headers['accept-encoding']);
        files(request, response, () => void notFound());
      }
    })().catch((error: Error) => {
      // A request the code above did not foresee costs that request, never the server.
      console.error(`${request.method} ${request.url}: ${error.message}`);
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Internal Server Error');
    });
  });
  const host = options.host ?? LOOPBACK;
  const port = await listenOnFreePort(server, {
    port: options.port ?? 0,
    host,
    strictPort: options.strictPort ?? false,
  });
  return {
    url: localUrl(host, port),
    port,
    server,
    close: () => new Promise((closed) => server.close(() => closed())),
  };
}

/** A file's stats; none for a missing path, a name too long, or a file used as a folder (ENOTDIR). */
function statIfAny(file: string) {
  try {
    return statSync(file, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** Serves a built folder (preview, check). */
export function serveBuiltSite(
  root: string,
  listen: Pick<ServeOptions, 'port' | 'host' | 'strictPort'> = {},
): Promise<RunningServer> {
  return serveFolder(root, listen);
}
