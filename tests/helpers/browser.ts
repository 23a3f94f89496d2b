import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../../cli/check/chromium.ts';

/** Debian's Chromium, headless, with nothing reaching outside this machine. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
  });
}

/**
 * A page (in a context of its own) that may only load from `origin`: every other request, from
 * the page, its frames or tabs it opens, is answered here with an empty page and listed in
 * `blocked`, so nothing reaches the network.
 */
export async function openPage(
  browser: Browser,
  origin: string,
  viewport: { width: number; height: number },
  options: { reducedMotion?: 'reduce'; javaScriptEnabled?: boolean; bypassCSP?: boolean } = {},
): Promise<{ page: Page; blocked: string[]; errors: string[] }> {
  const context = await browser.newContext({ viewport, ...options });
  const blocked: string[] = [];
  const errors: string[] = [];
  await context.route('**/*', (route) => {
    if (route.request().url().startsWith(origin)) return settle(route.continue());
    blocked.push(route.request().url());
    return settle(route.fulfill({ status: 200, contentType: 'text/html', body: '' }));
  });
  // Any Content-Security-Policy violation is reported as an error of the page.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { page, blocked, errors };
}

/**
 * A route's answer, where Playwright's "Route is already handled!" is no fault: a request the
 * browser settled first (a speculation-rules prefetch dropped by the next navigation, a page's own
 * route that answered it) reaches the context's route too late, a race Playwright knows of
 * (microsoft/playwright#28487). Twice in a full run it escaped as an unhandled rejection from a
 * test that had passed. Any other error still fails the run.
 */
function settle(answer: Promise<void>): Promise<void> {
  return answer.catch((error: Error) => {
    if (!error.message.includes('Route is already handled')) throw error;
  });
}

/**
 * Waits until every island that hydrates without being asked (`load` and `idle`) has mounted, so
 * a click reaches the widget and not the bare link beneath it, however slow the machine.
 */
export async function islandsReady(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll<HTMLElement>('[data-island]')]
        .filter((el) => ['load', 'idle', undefined].includes(el.dataset.load))
        .every((el) => el.dataset.hydrated !== undefined),
    undefined,
    { timeout: 15_000 },
  );
}

/** Storage that throws on every access, as in some private modes (run before any page script). */
export const THROWING_STORAGE = `Object.defineProperty(window, 'localStorage', { configurable: true, get() { throw new DOMException('denied', 'SecurityError'); } });`;

/**
 * A cookie choice as the consent banner stores it: the categories, the cookie list's `version`
 * and the day it was given (today unless `date` says otherwise).
 */
export function storedConsent(
  version: string,
  categories: { analytics: boolean; marketing?: boolean },
  date = new Date().toISOString().slice(0, 10),
): string {
  return JSON.stringify({ necessary: true, marketing: false, ...categories, version, date });
}

/**
 * Gives every document `page` loads from now on `consent` (from `storedConsent`) as its stored
 * cookie choice, as a returning visitor's browser holds it: call it before `goto`.
 */
export async function rememberConsent(page: Page, consent: string): Promise<void> {
  await page.addInitScript((value) => {
    try {
      localStorage.setItem('cookieConsent', value);
    } catch {
      /* frames of other origins have no storage to give */
    }
  }, consent);
}

/**
 * Takes `items` from one queue in `tabs` tabs of `first`'s context at once: the waits on the
 * server and the browser overlap, which is what makes the every-page loops affordable on two
 * cores. `listen` gives each new tab the listeners `first` has.
 */
export async function visitInTabs<T>(
  first: Page,
  tabs: number,
  items: readonly T[],
  visit: (tab: Page, item: T) => Promise<void>,
  listen: (tab: Page) => void = () => undefined,
): Promise<void> {
  const others = await Promise.all(Array.from({ length: tabs - 1 }, () => first.context().newPage()));
  others.forEach(listen);
  const queue = [...items];
  await Promise.all(
    [first, ...others].map(async (tab) => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await visit(tab, item);
    }),
  );
  await Promise.all(others.map((tab) => tab.close()));
}

/**
 * Installs Playwright's fake clock, paused, in every document `page` loads from now on (call it
 * before `goto`): the page's timers, idle and animation-frame callbacks, `Date` and
 * `performance.now()` move only when the test runs the clock on (`page.clock.runFor`), so what
 * has or has not happened by a given moment is a fact, not a race with the machine's load. The
 * network, IntersectionObserver and CSS animations still run in real time.
 */
export async function pauseClock(page: Page): Promise<void> {
  const now = Date.now();
  // The clock runs from `install` until paused, and `pauseAt` only moves it forward: starting it
  // a minute back leaves it behind `now` however slowly the two calls reach the page.
  await page.clock.install({ time: now - 60_000 });
  await page.clock.pauseAt(now);
}

/**
 * With the clock paused: runs it on until the loader's idle callbacks have fired (Playwright's
 * fake `requestIdleCallback` fires within 50 ms) and waits for every island to mount, without
 * moving the clock further, so a timer a widget sets when it mounts has not yet run.
 */
export async function startIslands(page: Page): Promise<void> {
  await page.clock.runFor(50);
  await islandsReady(page);
}
