import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, ROOT, runCli } from '../helpers/cli.ts';
import { expectHostileHeadersAnswered } from '../helpers/hostile-headers.ts';

const SECRET = 'the-secret-beside-the-site';
let project: string;
let preview: ChildProcess;
let port: number;

/** Sends a request with the target exactly as written (no URL normalising), and reads the whole answer. */
function get(
  target: string,
  method = 'GET',
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((done, fail) => {
    const sent = request({ host: '127.0.0.1', port, path: target, method, headers }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => done({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    sent.on('error', fail);
    sent.end();
  });
}

/** The same over a bare socket, for targets node:http refuses to send (a backslash, a space). */
function rawGet(target: string): Promise<string> {
  return new Promise((done, fail) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`),
    );
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('end', () => done(answer));
    socket.on('error', fail);
  });
}

beforeAll(async () => {
  project = await copyProject();
  const built = await runCli(['build', '--quiet'], { cwd: project });
  expect(built.code, built.stderr).toBe(0);
  // A folder whose name starts like the served one, and a file above it: neither may ever be served.
  await mkdir(join(project, 'dist-secret'));
  await writeFile(join(project, 'dist-secret/x.txt'), SECRET);
  await writeFile(join(project, 'secret.txt'), SECRET);
  port = await new Promise<number>((found) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => found(free));
    });
  });
  preview = spawn(process.execPath, [join(ROOT, 'cli/bin.js'), 'preview', '--port', String(port)], { cwd: project });
  let output = '';
  preview.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (let waited = 0; !output.includes('Serving'); waited += 50) {
    if (waited > 20_000) throw new Error(`preview did not start: ${output}`);
    await new Promise((wait) => setTimeout(wait, 50));
  }
}, 60_000);

afterAll(async () => {
  if (preview?.pid) process.kill(preview.pid);
  await rm(project, { recursive: true, force: true });
});

describe('the preview server', () => {
  it.each([
    '/ca/100%',
    '/%E0%A4%A',
    '/%00',
    '/ca/%00index.html',
    '/..%2fdist-secret/x.txt',
    '/%2e%2e/dist-secret/x.txt',
    '/%2e%2e%2fdist-secret%2fx.txt',
    '/ca/..%5c..%5cdist-secret%5cx.txt',
    '/%2e%2e/%2e%2e/secret.txt',
    `/${'a'.repeat(10_000)}`,
    // Names the file system refuses (too long; below a file), not missing ones.
    `/ca/${'a'.repeat(256)}/`,
    '/favicon.svg/x',
  ])('answers %s with a 4xx, serves nothing outside the site, and keeps running', async (target) => {
    const answer = await get(target);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.body).not.toContain(SECRET);
    expect((await get('/ca/')).status).toBe(200);
  });

  it.each(['/../secret.txt', '/..\\dist-secret\\x.txt', '/ca/../../secret.txt', '/./../dist-secret/x.txt'])(
    'answers the raw target %s with a 4xx, never the file',
    async (target) => {
      const answer = await rawGet(target);
      expect(answer).toMatch(/^HTTP\/1\.1 4\d\d /);
      expect(answer).not.toContain(SECRET);
      expect((await get('/ca/')).status).toBe(200);
    },
  );

  it('answers hostile headers (ranges as nginx does, broken conditionals, a huge cookie, odd methods) and keeps serving', async () => {
    await expectHostileHeadersAnswered(
      `http://127.0.0.1:${port}`,
      '/robots.txt',
      await readFile(join(project, 'dist/robots.txt')),
    );
  });

  it('answers a form posted to a page as static hosts do: 405', async () => {
    const posted = await get('/ca/', 'POST');
    expect([posted.status, posted.headers.allow]).toEqual([405, 'GET, HEAD']);
  });

  it('never serves the host configuration files', async () => {
    for (const file of ['/_redirects', '/_headers', '/nginx.conf', '/vercel.json', '/.htaccess']) {
      expect((await get(file)).status, file).toBe(404);
    }
  });

  it('applies the host rules: redirects keep the query, folders get their slash, 404 pages by language, headers', async () => {
    const folder = await get('/ca/about');
    expect([folder.status, folder.headers.location]).toEqual([301, '/ca/about/']);
    const moved = await get('/technical-aids/?utm_source=x');
    expect([moved.status, moved.headers.location]).toEqual([301, '/ca/services/technical-aids/?utm_source=x']);
    const unprefixed = await get('/about?utm_source=x');
    expect([unprefixed.status, unprefixed.headers.location]).toEqual([302, '/ca/about/?utm_source=x']);
    const saved = await get('/about', 'GET', { cookie: 'language=en' });
    expect([saved.status, saved.headers.location]).toEqual([302, '/en/about/']);
    const missing = await get('/es/nothing-here/');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('<html lang="es"');
    const home = await get('/ca/');
    expect(home.headers['content-type']).toBe('text/html;charset=utf-8');
    expect(home.headers['content-security-policy']).toMatch(/^default-src 'self'/);
  });
});
