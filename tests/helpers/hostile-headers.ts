import { request } from 'node:http';
import { expect } from 'vitest';

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

/** One request to `base` (`http://127.0.0.1:port`), headers exactly as given, the whole answer read. */
function send(base: string, path: string, method: string, headers: Record<string, string>): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((done, fail) => {
    const sent = request({ host: hostname, port, path, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        done({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    sent.on('error', fail);
    sent.end();
  });
}

/**
 * Range headers and what nginx 1.22 answers to each for a file of `size` bytes (measured with
 * curl against Debian's nginx): the status, its Content-Range, and the bytes sent. One answer
 * differs, by choice: several ranges get the whole file (200, which HTTP allows), where nginx
 * sends a multipart answer that sirv cannot make.
 */
const RANGES: readonly [string, (size: number) => [number, string | undefined, [number, number] | undefined]][] = [
  ['bytes=0-3', (size) => [206, `bytes 0-3/${size}`, [0, 4]]],
  ['Bytes=0-3', (size) => [206, `bytes 0-3/${size}`, [0, 4]]],
  ['bytes=-5', (size) => [206, `bytes ${size - 5}-${size - 1}/${size}`, [size - 5, size]]],
  ['bytes=3-', (size) => [206, `bytes 3-${size - 1}/${size}`, [3, size]]],
  ['bytes=0-99999999', (size) => [206, `bytes 0-${size - 1}/${size}`, [0, size]]],
  ['bytes=5-1', (size) => [416, `bytes */${size}`, undefined]],
  ['bytes=-0', (size) => [416, `bytes */${size}`, undefined]],
  ['bytes=abc', (size) => [416, `bytes */${size}`, undefined]],
  ['bytes=--1', (size) => [416, `bytes */${size}`, undefined]],
  ['bytes=1-2-3', (size) => [416, `bytes */${size}`, undefined]],
  ['bytes=99999999-', (size) => [416, `bytes */${size}`, undefined]],
  ['items=0-3', (size) => [200, undefined, [0, size]]],
  ['bytes=0-1,3-4', (size) => [200, undefined, [0, size]]],
];

/**
 * Sends hostile headers to a running server (preview or dev): malformed and unsatisfiable
 * ranges, broken conditional headers, a header too large, methods no static host takes. Every
 * one gets an answer (2xx, 4xx), a range is answered as nginx answers it, and the server goes
 * on serving `asset` (whose bytes on disk are `bytes`) and the home page.
 */
export async function expectHostileHeadersAnswered(base: string, asset: string, bytes: Buffer): Promise<void> {
  for (const [range, expected] of RANGES) {
    const answer = await send(base, asset, 'GET', { range, 'accept-encoding': 'br, gzip' });
    const [status, contentRange, slice] = expected(bytes.length);
    expect([answer.status, answer.headers['content-range']], range).toEqual([status, contentRange]);
    if (slice) expect(answer.body.equals(bytes.subarray(...slice)), range).toBe(true);
  }
  const others: [string, string, Record<string, string>, number][] = [
    ['a broken If-None-Match', 'GET', { 'if-none-match': '"unterminated' }, 200],
    ['an If-Modified-Since that is no date', 'GET', { 'if-modified-since': 'yesterday at noon' }, 200],
    [
      'an If-Range with a Range (whole file: the server checks no validator)',
      'GET',
      { 'if-range': 'x', range: 'bytes=0-3' },
      200,
    ],
    ['a 64 KB cookie', 'GET', { cookie: `a=${'x'.repeat(65_536)}` }, 431],
    // Node's parser refuses a method HTTP does not define before the server sees it.
    ['a method HTTP does not define', 'BREW', {}, 400],
    ['a DELETE', 'DELETE', {}, 405],
  ];
  for (const [what, method, headers, status] of others) {
    // Node answers a header too large with 431 and closes at once: a client still sending it
    // may read the close (a reset) before the answer. Either way the request is refused.
    const answer = await send(base, asset, method, headers).catch((error: NodeJS.ErrnoException) => {
      if (status === 431 && error.code === 'ECONNRESET') return { status };
      throw error;
    });
    expect(answer.status, what).toBe(status);
  }
  expect((await send(base, asset, 'GET', {})).body.equals(bytes)).toBe(true);
  expect((await send(base, '/ca/', 'GET', {})).status).toBe(200);
}
