import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createReloadHub } from '../../../cli/dev/reload-client.ts';

let hub: ReturnType<typeof createReloadHub>;
let server: Server;
let url: string;
beforeEach(async () => {
  hub = createReloadHub();
  server = createServer((request, response) => {
    if (!hub.handle(request, response)) response.writeHead(404).end();
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  hub.close();
  await new Promise((closed) => server.close(closed));
});

/** The events a page that opens now is sent at once, by name with their data (read for 300 ms). */
async function eventsOnOpening(): Promise<Record<string, unknown>> {
  const stop = new AbortController();
  const response = await fetch(`${url}/__dev/events`, { signal: stop.signal });
  const reader = response.body!.getReader();
  let text = '';
  const timer = setTimeout(() => stop.abort(), 300);
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += Buffer.from(value).toString();
    }
  } catch {
    // Aborted: what came before is what the page was sent on opening.
  } finally {
    clearTimeout(timer);
  }
  const events = [...text.matchAll(/^event: (\w+)\ndata: (.*)$/gm)];
  return Object.fromEntries(events.map(([, name, data]) => [name!, JSON.parse(data!) as unknown]));
}

describe('the dev server’s reload hub', () => {
  it('shows a page that opens the type errors and the warnings that stand, and no type error an edit may have fixed', async () => {
    hub.typeErrors('templates/Page.tsx:3:1 - error ts(2322)');
    hub.warnings('1 warning:\ncontent/es/about.md:4:12 InvisibleCharacter');
    expect(await eventsOnOpening()).toEqual({
      types: 'templates/Page.tsx:3:1 - error ts(2322)',
      warnings: '1 warning:\ncontent/es/about.md:4:12 InvisibleCharacter',
    });
    // The fix is saved: the reloaded page must not show the error again before the checker says.
    hub.typeCheckPending();
    expect(await eventsOnOpening()).toEqual({ warnings: '1 warning:\ncontent/es/about.md:4:12 InvisibleCharacter' });
    hub.typeErrors('templates/Page.tsx:3:1 - error ts(2322)');
    expect(await eventsOnOpening()).toMatchObject({ types: 'templates/Page.tsx:3:1 - error ts(2322)' });
    hub.typeErrors('');
    hub.warnings('');
    expect(await eventsOnOpening()).toEqual({});
  });
});
