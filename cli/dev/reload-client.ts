import type { IncomingMessage, ServerResponse } from 'node:http';

/** The script every page gets in dev: reloads on a new build (or swaps a changed stylesheet in place), shows a failed build over the page, and type errors and warnings in panels. */
const CLIENT = `const events = new EventSource('/__dev/events');
const overlay = () => document.getElementById('__dev-error') ?? Object.assign(document.body.appendChild(document.createElement('pre')), { id: '__dev-error' });
events.addEventListener('reload', () => location.reload());
// A stylesheet named as one of the new ones but for its hash (site.1a2b3c4d5e.css) takes the new address; a page with one it cannot match reloads.
events.addEventListener('css', (event) => {
  const stem = (href) => new URL(href, location.href).pathname.replace(/\\.[0-9a-f]+\\.css$/, '');
  const fresh = new Map(JSON.parse(event.data).map((href) => [stem(href), href]));
  const links = [...document.querySelectorAll('link[rel="stylesheet"]')];
  if (links.some((link) => !fresh.has(stem(link.href)))) return location.reload();
  for (const link of links) link.href = fresh.get(stem(link.href));
});
events.addEventListener('failed', (event) => {
  Object.assign(overlay().style, { position: 'fixed', inset: '0', zIndex: '2147483647', margin: '0', padding: '2rem', overflow: 'auto', background: 'rgb(20 10 10 / 0.94)', color: '#ffd7d7', font: '14px/1.5 monospace', whiteSpace: 'pre-wrap' });
  overlay().textContent = JSON.parse(event.data);
});
// Type errors and the build's warnings do not stop the build: each in a panel at the foot of the
// page (the warnings above), closed with a click, gone once there are none.
const panels = document.createElement('div');
Object.assign(panels.style, { position: 'fixed', insetInline: '0', bottom: '0', maxHeight: '50vh', overflow: 'auto', zIndex: '2147483646' });
const showPanel = (id, text, order) => {
  document.getElementById(id)?.remove();
  if (!text) return;
  if (!panels.isConnected) document.body.appendChild(panels);
  const panel = Object.assign(document.createElement('pre'), { id, title: 'Click to close', textContent: text });
  Object.assign(panel.style, { order, margin: '0', padding: '1rem 2rem', background: 'rgb(40 30 0 / 0.94)', color: '#ffe9a8', font: '13px/1.5 monospace', whiteSpace: 'pre-wrap', cursor: 'pointer' });
  panel.addEventListener('click', () => panel.remove());
  panels.style.display = 'flex';
  panels.style.flexDirection = 'column';
  panels.appendChild(panel);
};
events.addEventListener('types', (event) => showPanel('__dev-types', JSON.parse(event.data), '2'));
events.addEventListener('warnings', (event) => showPanel('__dev-warnings', JSON.parse(event.data), '1'));
`;

/** The tag that loads the client script, added before `</body>` of every page served in dev. */
export const CLIENT_TAG = '<script type="module" src="/__dev/client.js"></script>';

/**
 * The open pages of the dev server: it serves the client script and the event stream, and
 * tells every page to reload, or to take the new addresses of its stylesheets, or shows them
 * the error of a failed build (also to a page that opens while the error stands).
 */
export function createReloadHub() {
  const clients = new Set<ServerResponse>();
  let failure: string | undefined;
  // The type errors of templates and widgets now, and the last build's warnings; empty when there are none.
  let typeErrors = '';
  let warnings = '';
  // False from an edit of a checked file until the type checker's next report: a page that opens
  // meanwhile (the reload after a fix) is not shown errors that may be fixed.
  let isTypeCheckCurrent = true;
  const send = (response: ServerResponse, event: string, data: unknown) =>
    response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  return {
    /** Answers the client script and the event stream; false for any other request. */
    handle(request: IncomingMessage, response: ServerResponse): boolean {
      if (request.url === '/__dev/client.js') {
        response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
        response.end(CLIENT);
        return true;
      }
      if (request.url !== '/__dev/events') return false;
      response.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      // A comment line sends the headers now, so the page's EventSource opens at once.
      response.write(': connected\n\n');
      clients.add(response);
      if (failure !== undefined) send(response, 'failed', failure);
      if (typeErrors && isTypeCheckCurrent) send(response, 'types', typeErrors);
      if (warnings) send(response, 'warnings', warnings);
      request.on('close', () => clients.delete(response));
      return true;
    },
    reload() {
      failure = undefined;
      for (const client of clients) send(client, 'reload', null);
    },
    /** Gives the pages the addresses of the new build's stylesheets, to swap in without a reload. */
    swapStyles(hrefs: readonly string[]) {
      for (const client of clients) send(client, 'css', hrefs);
    },
    /** Whether the pages are showing a failed build's error. */
    failing(): boolean {
      return failure !== undefined;
    },
    fail(text: string) {
      failure = text;
      for (const client of clients) send(client, 'failed', text);
    },
    /** Shows the type errors in a panel on the open pages (and on those that open later); empty text removes it. */
    typeErrors(text: string) {
      typeErrors = text;
      isTypeCheckCurrent = true;
      for (const client of clients) send(client, 'types', text);
    },
    /** A file the type checker reads was edited: its errors wait for its next report. */
    typeCheckPending() {
      isTypeCheckCurrent = false;
    },
    /** Shows the build's warnings in a panel on the open pages (and on those that open later); empty text removes it. */
    warnings(text: string) {
      warnings = text;
      for (const client of clients) send(client, 'warnings', text);
    },
    close() {
      for (const client of clients) client.end();
    },
  };
}
