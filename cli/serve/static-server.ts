import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
};

/** What the host configurations in a built folder say: redirects and headers by path. */
interface HostRules {
  readonly redirects: ReadonlyMap<string, { to: string; status: number }>;
  readonly headers: readonly { prefix: string; values: [string, string][] }[];
}

/** Where served files come from: a built folder on disk, or a build kept in memory. */
export interface SiteFiles {
  /** The bytes of a file by its path below the site root, or undefined. */
  read(path: string): Promise<Buffer | undefined>;
  /** Whether a path below the site root is a folder (a page's address without its slash). */
  isFolder(path: string): Promise<boolean>;
}

/** The files of a built folder on disk. */
export function filesOnDisk(root: string): SiteFiles {
  const inside = (path: string) => {
    const file = normalize(join(root, path));
    return file.startsWith(normalize(root)) ? file : undefined;
  };
  return {
    read: async (path) => {
      const file = inside(path);
      return file ? readFile(file).catch(() => undefined) : undefined;
    },
    isFolder: async (path) => {
      const file = inside(path);
      return file ? ((await stat(file).catch(() => undefined))?.isDirectory() ?? false) : false;
    },
  };
}

/** The files of a build kept in memory, by path. */
export function filesInMemory(files: ReadonlyMap<string, string | Buffer>): SiteFiles {
  return {
    read: async (path) => {
      const file = files.get(path);
      return file === undefined ? undefined : Buffer.from(file);
    },
    isFolder: async (path) => files.has(`${path}/index.html`),
  };
}

/** Reads `_redirects` (exact 301/302 lines) and `_headers` of a built site. */
async function readHostRules(files: SiteFiles): Promise<HostRules> {
  const text = async (file: string) => (await files.read(file))?.toString('utf8') ?? '';
  const redirects = new Map(
    (await text('_redirects'))
      .split('\n')
      .filter((line) => /^\/\S* \S+ 30[12]$/.test(line))
      .map((line) => line.split(' '))
      .map(([from, to, status]) => [from!, { to: to!, status: Number(status) }]),
  );
  const headers = (await text('_headers'))
    .split(/\n(?=\/)/)
    .filter((block) => block.startsWith('/'))
    .map((block) => {
      const [path, ...lines] = block.split('\n');
      return {
        prefix: path!.trim().replace(/\*$/, ''),
        values: lines
          .map((line) => /^ {2}([\w-]+): (.*)$/.exec(line))
          .filter((match) => match !== null)
          .map((match) => [match![1]!, match![2]!] as [string, string]),
      };
    });
  return { redirects, headers };
}

/**
 * Serves a built site on 127.0.0.1 as the generated host configurations describe: redirects
 * from `_redirects`, headers from `_headers`, a folder's index, and for a missing path the 404
 * page of its language with status 404. Port 0 picks a free port. `transformHtml` may change
 * pages as they are sent, and `handleFirst` answer requests of its own (the dev server's
 * reload script and events).
 */
export async function serveSite(
  files: SiteFiles | (() => SiteFiles),
  port = 0,
  transformHtml: (html: string) => string = (html) => html,
  handleFirst: (request: IncomingMessage, response: ServerResponse) => boolean = () => false,
): Promise<{ url: string; server: Server; close: () => Promise<void> }> {
  const current = typeof files === 'function' ? files : () => files;
  // Read once per served build: a new build comes as a new SiteFiles object.
  const rulesBySite = new WeakMap<SiteFiles, Promise<HostRules>>();
  const rulesOf = (site: SiteFiles) => {
    let rules = rulesBySite.get(site);
    if (!rules) rulesBySite.set(site, (rules = readHostRules(site)));
    return rules;
  };
  const server = createServer(async (request, response) => {
    if (handleFirst(request, response)) return;
    const site = current();
    const rules = await rulesOf(site);
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    for (const rule of rules.headers.filter((candidate) => path.startsWith(candidate.prefix)))
      for (const [name, value] of rule.values) response.setHeader(name, value);
    const redirect = rules.redirects.get(path);
    if (redirect) return void response.writeHead(redirect.status, { location: redirect.to }).end();
    const relative = path.slice(1);
    if (relative && !path.endsWith('/') && (await site.isFolder(relative)))
      return void response.writeHead(301, { location: `${path}/` }).end();
    const target = path.endsWith('/') ? `${relative}index.html` : relative;
    const body = await site.read(target);
    const send = (status: number, file: string, bytes: Buffer) => {
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      response
        .writeHead(status, { 'content-type': type })
        .end(type.startsWith('text/html') ? transformHtml(bytes.toString('utf8')) : bytes);
    };
    if (body) return send(200, target, body);
    const language = /^\/(ca|es|en)\//.exec(path)?.[1];
    const notFound = language ? `${language}/404.html` : '404.html';
    send(404, notFound, (await site.read(notFound)) ?? Buffer.from('Not found'));
  });
  await new Promise<void>((listening) => server.listen(port, '127.0.0.1', listening));
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    server,
    close: () => new Promise((closed) => server.close(() => closed())),
  };
}

/** Serves a built folder from disk (preview, check). */
export function serveBuiltSite(root: string, port = 0) {
  return serveSite(filesOnDisk(root), port);
}
