import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, ROOT } from '../helpers/cli.ts';

let project: string;
let dev: ChildProcess;
let url: string;
const events: string[] = [];
let output = '';

beforeAll(async () => {
  project = await copyProject();
  const port = await new Promise<number>((found) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => found(free));
    });
  });
  url = `http://127.0.0.1:${port}`;
  dev = spawn(process.execPath, [join(ROOT, 'cli/bin.js'), 'dev', '--port', String(port)], {
    cwd: project,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  dev.stdout!.on('data', (chunk) => (output += chunk));
  dev.stderr!.on('data', (chunk) => (output += chunk));
  for (let waited = 0; !output.includes('Serving at'); waited += 100) {
    if (waited > 30_000) throw new Error(`the dev server did not start:\n${output}`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
  const stream = await fetch(`${url}/__dev/events`);
  const reader = stream.body!.getReader();
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      events.push(...new TextDecoder().decode(value).split('\n\n').filter(Boolean));
    }
  })();
});
afterAll(async () => {
  if (dev?.pid) process.kill(dev.pid);
  await rm(project, { recursive: true, force: true });
});

const page = async (path: string) => (await fetch(url + path)).text();

describe('dev server', () => {
  it('serves the site from memory with its reload script, and the host behaviour of preview', async () => {
    expect(await page('/es/about/')).toContain('<script type="module" src="/__dev/client.js"></script></body>');
    expect((await fetch(`${url}/about`, { redirect: 'manual' })).headers.get('location')).toBe('/ca/about/');
    expect((await fetch(`${url}/es/nada/`)).status).toBe(404);
  });

  it('rebuilds only the page whose file changed, reports the time, and tells open pages to reload', async () => {
    const file = join(project, 'content/en/about.md');
    const text = await readFile(file, 'utf8');
    await writeFile(file, `${text}\nA paragraph added while the server runs.\n`);
    await expect.poll(() => events.some((event) => event.startsWith('event: reload')), { timeout: 15_000 }).toBe(true);
    const [, milliseconds] = /content\/en\/about\.md: rendered 1 of 109 pages in (\d+) ms/.exec(output) ?? [];
    expect(milliseconds, output).toBeDefined();
    // Under 100 ms on an idle machine; the bound leaves room for a loaded CI runner.
    expect(Number(milliseconds)).toBeLessThan(1000);
    expect(await page('/en/about/')).toContain('A paragraph added while the server runs.');
  });

  it('shows a bad edit in the terminal and over the page, keeps the last good build, and recovers when it is fixed', async () => {
    const file = join(project, 'content/es/about.md');
    const text = await readFile(file, 'utf8');
    events.length = 0;
    await writeFile(file, text.replace('template: page', 'template: nonsense'));
    await expect
      .poll(() => events.find((event) => event.startsWith('event: failed')), { timeout: 15_000 })
      .toMatch(/content\/es\/about\.md:\d+:\d+ InvalidFrontmatter/);
    expect(output).toContain('the build failed; the last good build is still served');
    expect(await page('/es/about/')).toContain('<h1>');
    events.length = 0;
    await writeFile(file, text);
    await expect.poll(() => events.some((event) => event.startsWith('event: reload')), { timeout: 15_000 }).toBe(true);
  });
});
