import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.webp': 'image/webp', '.avif': 'image/avif',
  '.xml': 'application/xml; charset=utf-8', '.txt': 'text/plain; charset=utf-8', '.json': 'application/json; charset=utf-8',
};

/** What the host configurations in a built folder say: redirects and headers by path. */
interface HostRules {
  readonly redirects: ReadonlyMap<string, { to: string; status: number }>;
  readonly headers: readonly { prefix: string; values: [string, string][] }[];
}

/** Reads `_redirects` (exact 301/302 lines) and `_headers` of a built folder. */
async function readHostRules(root: string): Promise<HostRules> {
  const text = async (file: string) => readFile(join(root, file), 'utf8').catch(() => '');
  const redirects = new Map((await text('_redirects')).split('\n').filter((line) => /^\/\S* \S+ 30[12]$/.test(line))
    .map((line) => line.split(' ')).map(([from, to, status]) => [from!, { to: to!, status: Number(status) }]));
  const headers = (await text('_headers')).split(/\n(?=\/)/).filter((block) => block.startsWith('/')).map((block) => {
    const [path, ...lines] = block.split('\n');
    return {
      prefix: path!.trim().replace(/\*$/, ''),
      values: lines.map((line) => /^ {2}([\w-]+): (.*)$/.exec(line)).filter((match) => match !== null).map((match) => [match![1]!, match![2]!] as [string, string]),
    };
  });
  return { redirects, headers };
}

/**
 * Serves a built site from disk on 127.0.0.1 as the generated host configurations describe:
 * redirects from `_redirects`, headers from `_headers`, a directory's index, and for a
 * missing path the 404 page of its language with status 404. Port 0 picks a free port.
 */
export async function serveBuiltSite(root: string, port = 0): Promise<{ url: string; server: Server; close: () => Promise<void> }> {
  const rules = await readHostRules(root);
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    for (const rule of rules.headers.filter((candidate) => path.startsWith(candidate.prefix))) for (const [name, value] of rule.values) response.setHeader(name, value);
    const redirect = rules.redirects.get(path);
    if (redirect) return void response.writeHead(redirect.status, { location: redirect.to }).end();
    const file = normalize(join(root, path));
    if (!file.startsWith(normalize(root))) return void response.writeHead(400).end();
    const found = await stat(file).catch(() => undefined);
    if (found?.isDirectory() && !path.endsWith('/')) return void response.writeHead(301, { location: `${path}/` }).end();
    const target = found?.isDirectory() ? join(file, 'index.html') : file;
    const body = await readFile(target).catch(() => undefined);
    if (body) return void response.writeHead(200, { 'content-type': TYPES[extname(target)] ?? 'application/octet-stream' }).end(body);
    const language = /^\/(ca|es|en)\//.exec(path)?.[1];
    const notFound = await readFile(join(root, language ? `${language}/404.html` : '404.html')).catch(() => Buffer.from('Not found'));
    response.writeHead(404, { 'content-type': TYPES['.html']! }).end(notFound);
  });
  await new Promise<void>((listening) => server.listen(port, '127.0.0.1', listening));
  const { port: actual } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${actual}`, server, close: () => new Promise((closed) => server.close(() => closed())) };
}
