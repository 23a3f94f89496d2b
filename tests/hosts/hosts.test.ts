import { readFile, rm, writeFile } from 'node:fs/promises';
import { request, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { normalizeRoutes, type Route } from '@vercel/routing-utils';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostHeaders } from '../../cli/hosts/policy.ts';
import type { HostHeaders } from '../../cli/hosts/rules.ts';
import { serveBuiltSite } from '../../cli/serve/static-server.ts';
import { startApache } from '../helpers/apache.ts';
import { launchBrowser, openPage } from '../helpers/browser.ts';
import { copyProject, runCli } from '../helpers/cli.ts';
import { startNetlify, startWrangler } from '../helpers/host-servers.ts';
import { startNginx } from '../helpers/nginx.ts';
import { freePort } from '../helpers/ports.ts';
import { buildInMemory } from '../helpers/site.ts';
import { behaviourRows, runRows, type HostProfile, type Row } from './behaviour-table.ts';

let project: string;
let rows: Row[];
let headers: HostHeaders;
const dist = () => join(project, 'dist');
const hostFolder = (name: string) => join(project, 'dist-hosts', name);

/** Has nginx serve the built folder on a free port of 127.0.0.1, through the site's own settings. */
async function setNginxServer(): Promise<void> {
  const file = join(project, 'content/site.yaml');
  const text = await readFile(file, 'utf8');
  expect(text).toMatch(/^hosts: .*$/m);
  const server = `nginx: { listen: "127.0.0.1:${await freePort()}", root: "${dist()}" }`;
  await writeFile(file, text.replace(/^hosts: .*$/m, `$&\n${server}`));
}

beforeAll(async () => {
  project = await copyProject();
  await setNginxServer();
  const built = await runCli(['build', '--quiet'], { cwd: project });
  expect(built.code, built.stderr).toBe(0);
  const { site, files } = await buildInMemory();
  const sitemap = String(files.get('sitemap.xml'));
  const csp = /Content-Security-Policy: (.*)/.exec(
    await readFile(join(hostFolder('netlify'), '_headers'), 'utf8'),
  )![1]!;
  headers = hostHeaders(csp);
  const stylesheet = /href="(\/assets\/site\.[0-9a-f]+\.css)"/.exec(String(files.get('ca/index.html')))![1]!;
  rows = behaviourRows({
    pageUrls: [...sitemap.matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)].map((match) => match[1]!),
    filePaths: [stylesheet, '/favicon.svg', '/images/brands/woodys.svg', '/sitemap.xml', '/robots.txt'],
    compressedPaths: ['/ca/', stylesheet],
    redirects: site.redirects,
    languages: site.content.languages.map((language) => language.code),
    headers,
    notFoundPageUrls: site.routes.filter((route) => route.template === 'not-found').map((route) => route.url),
  });
}, 120_000);
afterAll(async () => {
  await rm(project, { recursive: true, force: true });
});

/** Runs the whole table against one host, started by `start`; prints the pass count. */
function describeHost(
  name: string,
  start: () => Promise<{ url: string; stop: () => Promise<void>; log?: () => string }>,
  profile: Omit<HostProfile, 'name' | 'url'>,
  extra: (server: () => { url: string; log?: () => string }) => void = () => undefined,
) {
  describe(`${name}, on its own server`, () => {
    let server: Awaited<ReturnType<typeof start>>;
    beforeAll(async () => {
      server = await start();
    }, 180_000);
    afterAll(async () => {
      await server?.stop();
    });
    it('passes every row of the HTTP behaviour table', async () => {
      const failures = await runRows({ name, url: server.url, ...profile }, rows, headers);
      console.log(`${name}: ${rows.length - failures.length} of ${rows.length} rows passed`);
      expect(failures).toEqual([]);
      expect(rows.length).toBeGreaterThan(400);
    }, 300_000);
    extra(() => server);
  });
}

describeHost('nginx', () => startNginx(join(hostFolder('nginx'), 'nginx.conf')), {
  choosesByCookie: true,
  headersOnRedirects: true,
  redirectsPrefixCase: true,
  encoding: 'br',
  sendsPrecompressed: true,
  answersHostileAddresses: true,
});

describeHost(
  'Apache (Debian defaults)',
  () => startApache(dist()),
  {
    choosesByCookie: true,
    headersOnRedirects: true,
    redirectsPrefixCase: true,
    encoding: 'br',
    sendsPrecompressed: true,
    // Debian's apache2.conf forbids .ht* files before the site's .htaccess is read; the body is still the site's 404 page.
    hiddenStatus: (path) => (path === '/.htaccess' ? 403 : 404),
    answersHostileAddresses: true,
  },
  (server) =>
    it('answers an expectation it cannot meet (417), refused before .htaccess is read, with the site’s headers', async () => {
      const answer = await new Promise<IncomingMessage>((done, fail) =>
        request(`${server().url}/ca/`, { headers: { expect: 'the-impossible' } }, done)
          .on('error', fail)
          .end(),
      );
      answer.resume();
      expect(answer.statusCode).toBe(417);
      for (const [name, value] of headers.security) expect(answer.headers[name.toLowerCase()], name).toBe(value);
    }),
);

describeHost(
  'Vercel (its route table, served by sitegen preview)',
  async () => {
    const server = await serveBuiltSite(dist());
    return { url: server.url, stop: () => server.close() };
  },
  // Vercel compresses what it sends; the preview sends the build's Brotli copies, in a coding the browser accepts.
  {
    choosesByCookie: true,
    headersOnRedirects: true,
    redirectsPrefixCase: true,
    encoding: 'br',
    sendsPrecompressed: true,
  },
);

describe('vercel.json', () => {
  it("is a route table Vercel's own routing library accepts as it is", async () => {
    const { routes } = JSON.parse(await readFile(join(dist(), 'vercel.json'), 'utf8')) as { routes: Route[] };
    const normalized = normalizeRoutes(routes);
    expect(normalized.error).toBeNull();
    expect(normalized.routes).toHaveLength(routes.length);
    // Headers come first and go on, so redirects and 404s carry them.
    expect(routes[0]).toMatchObject({ src: '^/.*$', continue: true });
  });
});

/** Warnings about the generated files; a request for one of them (a row of the table) is not one. */
const noWarningAbout = (log: string) =>
  log
    .split('\n')
    .filter(
      (line) => /_redirects|_headers|redirect rule|header rule/i.test(line) && /warn|invalid|error|ignor/i.test(line),
    )
    .filter((line) => !line.includes('Could not serve static asset'));

describeHost(
  'Cloudflare Pages (wrangler pages dev)',
  () => startWrangler(hostFolder('cloudflare-pages')),
  {
    choosesByCookie: false,
    headersOnRedirects: true,
    // It has no rule by language prefix: its root 404 page's script sends /EN/ on.
    redirectsPrefixCase: false,
    // wrangler pages dev 4.86.0 holds a TRACE open and never answers it.
    answersTrace: false,
    encoding: 'br',
    // wrangler's local server fails on the two files it keeps out of the upload (they are never deployed).
    hiddenStatus: (path) => (path === '/_redirects' || path === '/_headers' ? 502 : 404),
    // It sends its own Cache-Control with every 404, over the _headers rules.
    notFoundCache: 'no-store',
  },
  (server) =>
    it('logs no warning about the generated files', () => {
      expect(noWarningAbout(server().log!())).toEqual([]);
    }),
);

describeHost(
  'Netlify (netlify dev)',
  () => startNetlify(hostFolder('netlify')),
  {
    choosesByCookie: true,
    // netlify dev sends its redirects without the _headers rules, and its static server's own Cache-Control wins over them.
    headersOnRedirects: false,
    redirectsPrefixCase: true,
    encoding: undefined,
    fileCache: 'public, max-age=0',
  },
  (server) =>
    it('logs no warning about the generated files', () => {
      expect(noWarningAbout(server().log!())).toEqual([]);
    }),
);

describe('a visitor who saved English, in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const [name, start] of [
    ['nginx', () => startNginx(join(hostFolder('nginx'), 'nginx.conf'))],
    ['Cloudflare Pages', () => startWrangler(hostFolder('cloudflare-pages'))],
  ] as const) {
    it(`lands on the English pages from / and /about on ${name}, and English stays saved`, async () => {
      const server = await start();
      try {
        const { page } = await openPage(browser, server.url, { width: 1280, height: 800 });
        await page.goto(`${server.url}/en/`);
        await page.waitForFunction(() => document.cookie.includes('language=en'));
        for (const [from, to] of [
          ['/', '/en/'],
          ['/about', '/en/about/'],
        ]) {
          await page.goto(server.url + from);
          await page.waitForURL(`${server.url}${to}`);
          expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
          expect((await page.context().cookies()).find((cookie) => cookie.name === 'language')?.value).toBe('en');
        }
      } finally {
        await server.stop();
      }
    }, 180_000);
  }
});
