import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8', css: 'text/css; charset=utf-8', js: 'text/javascript; charset=utf-8', svg: 'image/svg+xml',
  png: 'image/png', xml: 'application/xml; charset=utf-8', txt: 'text/plain; charset=utf-8', json: 'application/json',
};

/** The headers `_headers` gives every path (`/*`), as Netlify or Cloudflare Pages would send them. */
function headersForEveryPath(files: ReadonlyMap<string, string | Buffer>): Record<string, string> {
  const block = String(files.get('_headers') ?? '').split(/\n(?=\/)/).find((part) => part.startsWith('/*\n')) ?? '';
  return Object.fromEntries([...block.matchAll(/^ {2}([\w-]+): (.*)$/gm)].map((match) => [match[1]!.toLowerCase(), match[2]!]));
}

/**
 * A static host for a built site in memory, on 127.0.0.1 and a free port: pages, then
 * /404.html with status 404, every response with the site's security headers (so browser
 * tests run under its Content-Security-Policy).
 */
export async function serveSite(files: ReadonlyMap<string, string | Buffer>): Promise<{ url: string; close: () => Promise<void> }> {
  const headers = headersForEveryPath(files);
  const server: Server = createServer((request, response) => {
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname).slice(1);
    const candidates = path === '' || path.endsWith('/') ? [`${path}index.html`] : [path, `${path}/index.html`];
    const found = candidates.find((candidate) => files.has(candidate));
    if (found && found !== path && !path.endsWith('/') && path !== '') {
      response.writeHead(301, { location: `/${path}/` }).end();
      return;
    }
    const file = found ?? '404.html';
    response.writeHead(found ? 200 : 404, { 'content-type': TYPES[file.split('.').pop() ?? ''] ?? 'application/octet-stream' });
    response.end(files.get(file));
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((closed) => server.close(() => closed())) };
}
