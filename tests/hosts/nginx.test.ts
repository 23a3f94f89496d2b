import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, runCli } from '../helpers/cli.ts';
import { startNginx } from '../helpers/nginx.ts';

let project: string;
let nginx: Awaited<ReturnType<typeof startNginx>>;
let pages: string[];
let redirects: { from: string; to: string; status: number }[];
beforeAll(async () => {
  project = await copyProject();
  const built = await runCli(['build', '--verbose'], { cwd: project });
  expect(built.code, built.stderr).toBe(0);
  pages = [...built.stdout.matchAll(/^ {2}(\/\S+\/) {2}/gm)].map((match) => match[1]!);
  redirects = (await readFile(join(project, 'dist/_redirects'), 'utf8'))
    .split('\n')
    .filter((line) => /^\/\S* \S+ 30[12]$/.test(line))
    .map((line) => {
      const [from, to, status] = line.split(' ');
      return { from: from!, to: to!, status: Number(status) };
    });
  nginx = await startNginx(join(project, 'dist'));
});
afterAll(async () => {
  await nginx?.stop();
  await rm(project, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(nginx.url + path, { redirect: 'manual', headers });

describe('the generated nginx server block, served by nginx', () => {
  it('answers every page with 200 and text/html', async () => {
    expect(pages.length).toBe(108);
    for (const page of pages) {
      const response = await get(page);
      expect(response.status, page).toBe(200);
      expect(response.headers.get('content-type'), page).toBe('text/html; charset=utf-8');
    }
  });

  it('redirects every legacy and unprefixed path, with and without slash, with 301 to its page, and the root with 302', async () => {
    expect(redirects.length).toBe(87);
    for (const { from, to, status } of redirects) {
      const response = await get(from);
      expect([response.status, response.headers.get('location')], from).toEqual([status, to]);
    }
    expect([(await get('/')).status, (await get('/')).headers.get('location')]).toEqual([302, '/ca/']);
    const spec = {
      '/lentillas-poblenou-barcelona/': '/es/services/lents-contacte/',
      '/technical-aids': '/ca/services/technical-aids/',
      '/cat/?noredirect=ca-ES': '/ca/',
      '/services/orto-k': '/ca/services/orto-k/',
    };
    for (const [from, to] of Object.entries(spec)) expect((await get(from)).headers.get('location'), from).toBe(to);
  });

  it('answers unknown paths with 404 and the 404 page of their language', async () => {
    for (const [path, title] of [
      ['/es/nada/', 'Página no encontrada'],
      ['/en/services/nothing', 'Page Not Found'],
      ['/ca/res', 'Pàgina no trobada'],
      ['/no-such-page', 'Pàgina no trobada'],
    ]) {
      const response = await get(path!);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain(`<h1>${title}</h1>`);
    }
  });

  it('sends the security headers with every response, including redirects and 404s', async () => {
    const csp = (await readFile(join(project, 'dist/_headers'), 'utf8')).match(/Content-Security-Policy: (.*)/)![1];
    for (const path of ['/ca/', '/about', '/es/nada/', '/favicon.svg']) {
      const response = await get(path);
      expect(response.headers.get('content-security-policy'), path).toBe(csp);
      expect(response.headers.get('strict-transport-security'), path).toBe('max-age=63072000; includeSubDomains');
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('permissions-policy'), path).toContain('camera=()');
    }
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('caches hashed assets for a year and makes pages revalidate', async () => {
    const home = await get('/ca/');
    expect(home.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const stylesheet = (await home.text()).match(/href="(\/assets\/site\.[0-9a-f]+\.css)"/)![1]!;
    expect((await get(stylesheet)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get('/images/brands/woodys.svg')).headers.get('cache-control')).toBe('public, max-age=86400');
  });

  it('compresses text responses', async () => {
    const response = await get('/es/services/hearing-aids/', { 'accept-encoding': 'gzip' });
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });

  it('does not serve the host configuration files', async () => {
    for (const file of ['/nginx.conf', '/_redirects', '/_headers', '/vercel.json', '/.htaccess'])
      expect((await get(file)).status, file).toBe(404);
  });
});
