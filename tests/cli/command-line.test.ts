import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_GATES } from '../../cli/check/gate-names.ts';
import { exposedWarning } from '../../cli/serve/listen.ts';
import { copyProject, ROOT, runCli } from '../helpers/cli.ts';
import { freePort } from '../helpers/ports.ts';
import { laneSteps } from '../lane-plan.js';

let taken: Server;
let takenPort: number;
/** One built project for the commands that serve or check a site. */
let project: string;
/** A machine with every tool doctor looks for (`fakeMachine`). */
let machine: { dir: string; env: NodeJS.ProcessEnv };

beforeAll(async () => {
  taken = createServer();
  await new Promise<void>((listening) => taken.listen(0, '127.0.0.1', listening));
  takenPort = (taken.address() as { port: number }).port;
  project = await copyProject();
  machine = await fakeMachine();
  const built = await runCli(['build', '--quiet'], { cwd: project });
  expect(built.code, built.stderr).toBe(0);
});
afterAll(async () => {
  await new Promise<void>((closed) => taken.close(() => closed()));
  await rm(project, { recursive: true, force: true });
  await rm(machine.dir, { recursive: true, force: true });
});

/** What a usage or set-up problem must look like: exit 2, no stack trace, no "Internal error". */
function expectSetupProblem(result: { code: number; stderr: string }): void {
  expect(result.code, result.stderr).toBe(2);
  expect(result.stderr).not.toMatch(/Internal error|\n\s+at /);
}

/** The host tools npm test installs, by name. */
const HOST_TOOLS = JSON.parse(await readFile(join(ROOT, 'tests/hosts/host-tools.json'), 'utf8')) as Record<
  string,
  { version: string; bin: string }
>;

/**
 * A machine with every tool doctor looks for, each a script that answers `--version` as the
 * real one does and writes how it was called into `calls`; `env` points doctor at them.
 */
async function fakeMachine(): Promise<{ dir: string; env: NodeJS.ProcessEnv }> {
  const dir = await mkdtemp(join(tmpdir(), 'sitegen-doctor-'));
  const script = async (path: string, answer: string) => {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, `#!/bin/sh\necho "$(basename "$0") $*" >> ${join(dir, 'calls')}\n${answer}\n`);
    await chmod(path, 0o755);
  };
  await script(join(dir, 'chromium'), 'echo "Chromium 999.1.2.3 built on a test machine"');
  await script(join(dir, 'nginx'), 'echo "nginx version: nginx/9.8.7" >&2');
  await script(join(dir, 'apache2'), 'echo "Server version: Apache/9.8.6 (Test)"');
  await writeFile(join(dir, 'brotli.so'), '');
  for (const [name, { version, bin }] of Object.entries(HOST_TOOLS))
    await script(join(dir, `hosts/${name}-${version}/node_modules/.bin/${bin}`), 'exit 1');
  const env = {
    CHROMIUM_PATH: join(dir, 'chromium'),
    NGINX_PATH: join(dir, 'nginx'),
    NGINX_BROTLI_MODULE: join(dir, 'brotli.so'),
    APACHE_PATH: join(dir, 'apache2'),
    SITEGEN_HOSTS_CACHE: join(dir, 'hosts'),
  };
  return { dir, env };
}

/** Starts a long-running command and resolves once its output matches `ready`; `stop` ends it by its pid. */
async function startCli(
  args: readonly string[],
  ready: RegExp,
  env: NodeJS.ProcessEnv = {},
): Promise<{ output: () => string; child: ChildProcess; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [join(ROOT, 'cli/bin.js'), ...args], {
    cwd: project,
    env: { ...process.env, ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    process.kill(child.pid!);
    await exited;
  };
  for (let waited = 0; !ready.test(output); waited += 50) {
    if (child.exitCode !== null || waited > 30_000) {
      await stop();
      throw new Error(`${args.join(' ')} did not get ready: ${output}`);
    }
    await new Promise((wait) => setTimeout(wait, 50));
  }
  return { output: () => output, child, stop };
}

describe('the command line', () => {
  it('prints its version with --version and -v, and documents its exit codes in --help', async () => {
    const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    for (const flag of ['--version', '-v']) {
      const result = await runCli([flag]);
      expect(result).toMatchObject({ code: 0, stdout: `${version}\n` });
    }
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(
      /Exit codes:\n {2}0 .*\n {2}1 .*the site has problems.*\n {2}2 .*set-up or usage problem/,
    );
    for (const command of ['build', 'dev', 'preview', 'check', 'new', 'doctor', 'schemas', 'translations', 'licences'])
      expect(help.stdout).toContain(`\n  ${command}`);
  });

  it('takes short flags: -c, -o, -q for build, -p and -d for the servers, -s for check', async () => {
    const build = await runCli(['build', '-c', 'content', '-o', 'dist-short', '-q'], { cwd: project });
    expect(build, build.stderr).toMatchObject({ code: 0, stdout: '' });
    expect((await readFile(join(project, 'dist-short/ca/index.html'), 'utf8')).length).toBeGreaterThan(1000);
    const checkHelp = await runCli(['check', '-h']);
    for (const flag of ['-d, --dist <dir>', '-c, --content <dir>', '-r, --report <file>', '-s, --skip <gates>'])
      expect(checkHelp.stdout).toContain(flag);
    const previewHelp = await runCli(['preview', '-h']);
    for (const flag of ['-p, --port <number>', '--strict-port', '--host [address]', '--open'])
      expect(previewHelp.stdout).toContain(flag);
  });

  it.each([
    ['preview', 'abc'],
    ['dev', '70000'],
    ['preview', '-1'],
  ])(
    'refuses `%s --port %s` in one line that names the option and says what a port is, exit 2',
    async (command, port) => {
      const result = await runCli([command, '--port', port]);
      expectSetupProblem(result);
      expect(result.stderr.split('\n')[0]).toBe(
        `error: option '-p, --port <number>' argument '${port}' is invalid. a port is a whole number from 1 to 65535.`,
      );
    },
  );

  it.each([
    ['dev', '999.1.1.1'],
    ['preview', ''],
    ['preview', 'my host'],
  ])(
    'refuses `%s --host %s` in one line that says what an address is, exit 2, before building',
    async (command, host) => {
      const result = await runCli([command, '--host', host], { cwd: project });
      expectSetupProblem(result);
      expect(result.stderr.split('\n')[0]).toBe(
        `error: option '--host [address]' argument '${host}' is invalid. an address is an IP address of this machine (192.168.1.20, ::1) or its host name (localhost).`,
      );
      expect(result.stdout).toBe('');
    },
  );

  it('refuses a gate name that does not exist, listing the gates, before checking anything', async () => {
    const result = await runCli(['check', '--skip', 'accesibility'], { cwd: project });
    expectSetupProblem(result);
    expect(result.stderr.split('\n')[0]).toBe(
      `error: option '-s, --skip <gates>' argument 'accesibility' is invalid. there is no gate "accesibility"; the gates are ${CHECK_GATES.join(', ')}.`,
    );
    expect(result.stdout).toBe('');
  });

  it.each([
    [['preview', '--dist', 'nothing-here'], "option '-d, --dist <dir>' argument 'nothing-here' is invalid"],
    [['check', '-d', 'nothing-here'], "option '-d, --dist <dir>' argument 'nothing-here' is invalid"],
    [['build', '--content', 'no-content'], "option '-c, --content <dir>' argument 'no-content' is invalid"],
  ])('refuses a folder that is not there: %j', async (args, message) => {
    const result = await runCli(args, { cwd: project });
    expectSetupProblem(result);
    expect(result.stderr).toContain(message);
  });

  it('needs no content folder for a check without the spelling gate', async () => {
    const elsewhere = await mkdtemp(join(tmpdir(), 'sitegen-elsewhere-'));
    try {
      const result = await runCli(
        ['check', '-d', join(project, 'dist'), '-s', 'spelling,accessibility,html,seo', '-r', 'report.json'],
        { cwd: elsewhere },
      );
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/links\s+\d+ checked\s+0 problems/);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });

  it('checks default folders too: preview in a project that was never built', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'sitegen-empty-'));
    try {
      const result = await runCli(['preview'], { cwd: empty });
      expectSetupProblem(result);
      expect(result.stderr.split('\n')[0]).toBe(
        "error: option '-d, --dist <dir>' argument 'dist' is invalid. there is no folder dist here; it must name a built site.",
      );
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });

  it('takes the next free port when the one asked for is taken, and says so', async () => {
    const server = await startCli(['preview', '--port', String(takenPort)], /Serving/);
    try {
      const port = Number(/took (\d+)\./.exec(server.output())?.[1]);
      expect(server.output()).toContain(`Port ${takenPort} is in use, so the server took ${port}.`);
      expect(port).toBeGreaterThan(takenPort);
      expect(server.output()).toContain(`Serving dist/ at http://127.0.0.1:${port}/`);
      expect((await fetch(`http://127.0.0.1:${port}/ca/`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it.each([
    { signal: 'SIGINT', code: 130 },
    { signal: 'SIGTERM', code: 143 },
  ] as const)('preview stopped by $signal ends with exit $code', async ({ signal, code }) => {
    const server = await startCli(['preview', '--port', String(await freePort())], /Serving/);
    const exited = new Promise((done) => server.child.once('exit', (...ended) => done(ended)));
    server.child.kill(signal);
    expect(await exited).toEqual([code, null]);
  });

  it.each(['preview', 'dev'])(
    '%s --strict-port names the taken port, exit 2, and leaves no process behind',
    async (command) => {
      const result = await runCli([command, '--port', String(takenPort), '--strict-port'], { cwd: project });
      expectSetupProblem(result);
      expect(result.stderr).toContain(
        `ServerError — port ${takenPort} of 127.0.0.1 is already in use, and --strict-port allows no other`,
      );
    },
  );

  it('listens on the address --host names, and opens the browser with --open', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'sitegen-browser-'));
    // The `open` package hands the address to $BROWSER where there is no desktop.
    const browser = join(folder, 'browser.sh');
    await writeFile(browser, `#!/bin/sh\necho "$@" > ${join(folder, 'opened.txt')}\n`);
    await chmod(browser, 0o755);
    const port = String(await freePort());
    const server = await startCli(['preview', '--port', port, '--host', '127.0.0.2', '--open'], /Serving/, {
      BROWSER: browser,
    });
    try {
      const url = `http://127.0.0.2:${port}`;
      expect(server.output()).toContain(`Serving dist/ at ${url}/`);
      expect((await fetch(`${url}/ca/`)).status).toBe(200);
      // 127.0.0.2 is this machine's loopback too: no warning about the network.
      expect(server.output()).not.toContain('Warning');
      await expect.poll(() => readFile(join(folder, 'opened.txt'), 'utf8').catch(() => '')).toBe(`${url}/\n`);
    } finally {
      await server.stop();
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('schemas writes, from the zod schemas, the JSON Schemas the repository commits, each field described', async () => {
    const folder = join(project, 'content/.schemas');
    await rm(folder, { recursive: true, force: true });
    const result = await runCli(['schemas', '-c', 'content'], { cwd: project });
    expect(result.code, result.stderr).toBe(0);
    const committed = await readdir(join(ROOT, 'content/.schemas'));
    expect((await readdir(folder)).sort()).toEqual(committed.sort());
    for (const file of committed) {
      const written = await readFile(join(folder, file), 'utf8');
      expect(written, file).toBe(await readFile(join(ROOT, 'content/.schemas', file), 'utf8'));
      const schema = JSON.parse(written) as { description?: string };
      expect(schema.description, file).toBeTruthy();
    }
    const site = JSON.parse(await readFile(join(folder, 'site.schema.json'), 'utf8')) as {
      properties: Record<string, { description?: string; examples?: unknown[] }>;
    };
    expect(typeof site.properties.baseUrl?.description).toBe('string');
    expect(site.properties.baseUrl?.examples?.length).toBeGreaterThan(0);
  });

  it('warns in one line when --host opens the server to the network', () => {
    const warning = exposedWarning('0.0.0.0', 4321);
    expect(warning).toMatch(/^Warning: --host lets every device on this network reach the server.*trust\.$/);
    expect(warning).not.toContain('\n');
    expect(exposedWarning('127.0.0.1', 4321)).toBeUndefined();
  });
});

describe('a machine without Chromium', () => {
  const env = { CHROMIUM_PATH: '/nonexistent/chromium' };
  const line =
    'MissingBrowser — the accessibility gate needs Chromium, and there is none at /nonexistent/chromium: install it with `sudo apt-get install -y chromium` (Debian/Ubuntu), set CHROMIUM_PATH to another Chromium, or leave the gate out with `check --skip accessibility`\n';

  it('check says so in one line before any gate runs, exit 2', async () => {
    const result = await runCli(['check'], { cwd: project, env });
    expectSetupProblem(result);
    expect(result.stderr).toBe(line);
    // Before any gate: "Checking …" and the gates' lines come only once Chromium has started, and
    // stdout and stderr hold nothing but the one line.
    expect(result.stdout).toBe('');
  });

  it('doctor (the first step of npm test) says the same, exit 2', async () => {
    const result = await runCli(['doctor'], { env: { ...machine.env, ...env } });
    expectSetupProblem(result);
    expect(result.stderr).toBe(line);
    expect(result.stdout).toMatch(/^Node \d+\.\d+\.\d+ /);
    expect(result.stdout).not.toContain('Chromium');
    // npm test is the full lane (tests/repository/lanes.test.ts), whose first step is doctor.
    const [first] = laneSteps(ROOT, 'full');
    expect(first?.slice(2)).toEqual(['node', ['cli/bin.js', 'doctor', '--tests']]);
  });

  it('check --skip accessibility runs the other gates without it', async () => {
    // The quick gates only: the real-site check (check.test.ts) runs them all.
    const result = await runCli(['check', '--skip', 'accessibility,spelling,html,seo', '--report', 'report.json'], {
      cwd: project,
      env,
    });
    expect(result.code, `${result.stdout}${result.stderr}`).toBe(0);
    expect(result.stdout).toMatch(/links\s+\d+ checked\s+0 problems/);
    expect(result.stdout).not.toMatch(/accessibility\s+\d+ checked/);
  });
});

describe('doctor', () => {
  it('lists what build, check and npm test need, each with its version, path and who needs it', async () => {
    const { dir, env } = machine;
    const result = await runCli(['doctor'], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout.split('\n')).toEqual([
      expect.stringMatching(/^Node \d+\.\d+\.\d+ \(20\.19 or later\) — for build, check, npm test$/),
      `Chromium 999.1.2.3 at ${dir}/chromium — for check, npm test`,
      `nginx 9.8.7 at ${dir}/nginx, with its Brotli module at ${dir}/brotli.so — for npm test`,
      `Apache 9.8.6 at ${dir}/apache2 — for npm test`,
      ...Object.entries(HOST_TOOLS).map(
        ([name, { version, bin }]) =>
          `${name} ${version} at ${dir}/hosts/${name}-${version}/node_modules/.bin/${bin} — for npm test`,
      ),
      '',
    ]);
  });

  it('asks Chromium and the servers their versions, and starts none of them', async () => {
    await rm(join(machine.dir, 'calls'), { force: true });
    expect((await runCli(['doctor'], { env: machine.env })).code).toBe(0);
    const calls = (await readFile(join(machine.dir, 'calls'), 'utf8')).trim().split('\n').sort();
    expect(calls).toEqual(['apache2 -v', 'chromium --version', 'nginx -v']);
  });

  it('lists a tool only npm test needs as optional, exit 0: build and check run without it (issue 42)', async () => {
    const nothing = join(machine.dir, 'nothing');
    const result = await runCli(['doctor'], {
      env: {
        ...machine.env,
        NGINX_PATH: join(nothing, 'nginx'),
        APACHE_PATH: join(nothing, 'apache2'),
        SITEGEN_HOSTS_CACHE: nothing,
      },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    const optional = result.stdout.split('\n').filter((line) => line.startsWith('optional, for npm test only: '));
    expect(optional).toHaveLength(2 + Object.keys(HOST_TOOLS).length);
    expect(optional[0]).toMatch(/nginx, .*`sudo apt-get install -y nginx libnginx-mod-http-brotli-static`/);
    expect(result.stdout).toMatch(/^Chromium 999\.1\.2\.3 at .* — for check, npm test$/m);
  });

  it('with --tests (npm test’s first step), gives the line that installs each missing tool, exit 2', async () => {
    const nothing = join(machine.dir, 'nothing');
    const result = await runCli(['doctor', '--tests'], {
      env: {
        CHROMIUM_PATH: join(nothing, 'chromium'),
        NGINX_PATH: join(nothing, 'nginx'),
        APACHE_PATH: join(nothing, 'apache2'),
        SITEGEN_HOSTS_CACHE: nothing,
      },
    });
    expectSetupProblem(result);
    expect(result.stdout).toMatch(/^Node \d+\.\d+\.\d+ .*\n$/);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(3 + Object.keys(HOST_TOOLS).length);
    expect(lines[0]).toMatch(/^MissingBrowser — .*`sudo apt-get install -y chromium`/);
    expect(lines[1]).toMatch(
      /^MissingTool — .* nginx, .*`sudo apt-get install -y nginx libnginx-mod-http-brotli-static`/,
    );
    expect(lines[2]).toMatch(/^MissingTool — .* Apache, .*`sudo apt-get install -y apache2`/);
    for (const [name, { version }] of Object.entries(HOST_TOOLS))
      expect(result.stderr).toContain(`\`npm install --prefix ${nothing}/${name}-${version} ${name}@${version}\``);
    const withoutBrotli = await runCli(['doctor', '--tests'], {
      env: { ...machine.env, NGINX_BROTLI_MODULE: join(nothing, 'brotli.so') },
    });
    expectSetupProblem(withoutBrotli);
    expect(withoutBrotli.stderr).toMatch(
      /^MissingTool — .*Brotli module.*`sudo apt-get install -y libnginx-mod-http-brotli-static`.*\n$/,
    );
  });
});

describe('progress', () => {
  it('draws a live line in a real terminal (script(1) gives the build a pseudo-terminal)', async () => {
    // A terminal has a size; script's pseudo-terminal starts without one.
    const command = `stty rows 24 cols 100; ${process.execPath} ${join(ROOT, 'cli/bin.js')} build -o dist-tty`;
    const result = await new Promise<string>((done) => {
      const child = spawn('script', ['-qec', command, '/dev/null'], { cwd: project });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('exit', () => done(output));
    });
    // log-update redraws the line in place: the stage and its count, then erases it.
    expect(result).toMatch(/ {2}render \d+\/\d+ · \d+\.\d s/);
    expect(result).toContain('\x1b[2K');
    expect(result).toMatch(/Built \d+ pages/);
    expect(result).not.toMatch(/^\[\d\d:\d\d:\d\d\]/m);
  });
});
