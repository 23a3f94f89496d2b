import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { BuildError } from '../errors.ts';

/** Where a server of the command line listens. */
export interface ListenOptions {
  /** The port asked for; 0 lets the system pick a free one. */
  readonly port: number;
  /** The address: 127.0.0.1 unless `--host` opens it to the network. */
  readonly host: string;
  /** Fail when the port is taken, instead of taking the next free one. */
  readonly strictPort: boolean;
}

export const LOOPBACK = '127.0.0.1';
/** How many ports after a taken one are tried before giving up. */
const PORTS_TRIED = 20;

/**
 * Starts `server` on the port asked for or, unless the port is strict, on the next free one
 * after it (as Vite and Astro do: a second project's dev server must not die because the first
 * holds 4321). Resolves to the port it listens on.
 */
export async function listenOnFreePort(server: Server, options: ListenOptions): Promise<number> {
  const { port, host, strictPort } = options;
  const last = strictPort || port === 0 ? port : Math.min(65_535, port + PORTS_TRIED - 1);
  for (let candidate = port; ; candidate++) {
    const error = await listenOnce(server, candidate, host);
    if (!error) return (server.address() as AddressInfo).port;
    if (error.code !== 'EADDRINUSE')
      throw new BuildError('ServerError', `cannot listen on ${host}:${candidate}: ${error.message}`, { cause: error });
    if (candidate >= last) {
      throw new BuildError(
        'ServerError',
        strictPort
          ? `port ${port} of ${host} is already in use, and --strict-port allows no other`
          : `ports ${port} to ${last} of ${host} are all in use`,
        {
          cause: error,
          hint: strictPort
            ? 'Stop the program that listens on it, pick another port with --port, or leave out --strict-port to take the next free one.'
            : 'Stop one of the programs that listen on them, or pick another port with --port.',
        },
      );
    }
  }
}

function listenOnce(server: Server, port: number, host: string): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((settled) => {
    const refuse = (error: NodeJS.ErrnoException) => settled(error);
    server.once('error', refuse);
    // Once listening, later errors are the server's own, not a refusal to start.
    server.listen(port, host, () => {
      server.off('error', refuse);
      settled(undefined);
    });
  });
}

/** The address a browser on this machine uses for a server listening on `host`. */
export function localUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? LOOPBACK : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** Whether only this machine can reach an address: 127.0.0.0/8, ::1, localhost. */
const isLoopback = (host: string) => /^127\.\d+\.\d+\.\d+$/.test(host) || host === '::1' || host === 'localhost';

/** The addresses other devices on the network reach a server on `host` at (the phone on the shop's Wi-Fi). */
export function networkUrls(host: string, port: number): string[] {
  if (isLoopback(host)) return [];
  if (host !== '0.0.0.0' && host !== '::') return [localUrl(host, port)];
  return Object.values(networkInterfaces())
    .flat()
    .filter((address) => address !== undefined && address.family === 'IPv4' && !address.internal)
    .map((address) => localUrl(address!.address, port));
}

/** The one-line warning printed when `--host` opens a server beyond this machine. */
export function exposedWarning(host: string, port: number): string | undefined {
  if (isLoopback(host)) return undefined;
  const urls = networkUrls(host, port);
  const where = urls.length > 0 ? ` at ${urls.map((url) => `${url}/`).join(', ')}` : '';
  return `Warning: --host lets every device on this network reach the server${where}; use it on a network you trust.`;
}

/** What to say once a server listens, beyond its address: a port that was taken, a server open to the network. */
export function listeningNotes(asked: ListenOptions, port: number): string[] {
  const notes: string[] = [];
  if (asked.port !== 0 && port !== asked.port) notes.push(`Port ${asked.port} is in use, so the server took ${port}.`);
  const warning = exposedWarning(asked.host, port);
  if (warning) notes.push(warning);
  return notes;
}
