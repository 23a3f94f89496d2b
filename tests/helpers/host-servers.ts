import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort, waitForServer } from './ports.ts';

/**
 * The hosts' own local servers, installed at test time into a cache folder outside the
 * repository (they are too heavy for package.json), pinned in tests/hosts/host-tools.json to
 * the last versions that run on Node 20. `.ci/run` installs them before the suite.
 */
const HOST_TOOLS = JSON.parse(readFileSync(join(import.meta.dirname, '../hosts/host-tools.json'), 'utf8')) as Record<
  'wrangler' | 'netlify-cli',
  { version: string; bin: string }
>;

const CACHE = process.env.SITEGEN_HOSTS_CACHE ?? join(homedir(), '.cache/sitegen-hosts');

/** The binary of a host tool, installed first if missing. */
export async function hostTool(name: keyof typeof HOST_TOOLS): Promise<string> {
  const { version, bin } = HOST_TOOLS[name];
  const folder = join(CACHE, `${name}-${version}`);
  const binary = join(folder, 'node_modules/.bin', bin);
  if (!existsSync(binary)) {
    await mkdir(folder, { recursive: true });
    await promisify(execFile)('npm', ['install', '--prefix', folder, '--no-audit', '--no-fund', `${name}@${version}`], {
      timeout: 600_000,
    });
  }
  return binary;
}

/** A running host server: its address, everything it logged, and a stop by pid. */
export interface HostServer {
  readonly url: string;
  log(): string;
  stop(): Promise<void>;
}

async function startTool(binary: string, args: readonly string[], env: NodeJS.ProcessEnv, port: number) {
  const cwd = await mkdtemp(join(tmpdir(), 'sitegen-host-'));
  const child: ChildProcess = spawn(binary, args, {
    cwd,
    env: { ...process.env, ...env, BROWSER: 'none', CI: '1', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      // The tool's own children (workerd, the static server) are in its process group.
      process.kill(-child.pid!, 'SIGTERM');
      await Promise.race([exited, new Promise((wait) => setTimeout(wait, 5000))]);
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
    }
    await rm(cwd, { recursive: true, force: true });
  };
  try {
    await waitForServer(url, child, () => output, 90);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, log: () => output, stop };
}

/**
 * Starts a tool on ports found free, again on new ones if one was taken in between: a port
 * free when probed can be any connection's local port a moment later, with tests running beside.
 */
async function onFreshPorts(start: () => Promise<HostServer>): Promise<HostServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (error) {
      if (attempt === 3 || !/Address already in use|EADDRINUSE/.test((error as Error).message)) throw error;
    }
  }
}

/** Cloudflare's own Pages server (`wrangler pages dev`) on `folder`, offline, on 127.0.0.1. */
export function startWrangler(folder: string): Promise<HostServer> {
  return onFreshPorts(() => startWranglerOnce(folder));
}

async function startWranglerOnce(folder: string): Promise<HostServer> {
  const port = await freePort();
  const args = [
    'pages',
    'dev',
    folder,
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--inspector-port',
    String(await freePort()),
  ];
  // The newest date this wrangler's runtime supports; without one it asks for today's.
  args.push('--compatibility-date', '2026-05-01');
  return startTool(await hostTool('wrangler'), args, { WRANGLER_SEND_METRICS: 'false' }, port);
}

/** Netlify's own dev server (`netlify dev`: its redirect engine and static server) on `folder`, offline, on 127.0.0.1. */
export function startNetlify(folder: string): Promise<HostServer> {
  return onFreshPorts(async () => {
    const port = await freePort();
    const args = ['dev', '--offline', '--internal-disable-edge-functions', '--dir', folder, '--port', String(port)];
    const preload = join(import.meta.dirname, 'loopback.mjs');
    return startTool(await hostTool('netlify-cli'), args, { NODE_OPTIONS: `--import ${preload}` }, port);
  });
}
