import { loaderWidgets } from './loader-widgets.ts';

/**
 * Hydrates the islands of a page: finds `[data-island]`, waits for its strategy, takes the
 * widget from this file (`loader-widgets.ts`) or imports its hashed module named in the page's
 * island manifest, and calls `mount(el, props, loaded)`.
 */
type Widget = { mount: (el: HTMLElement, props: unknown, loaded: Promise<number>) => void };
const carried = loaderWidgets as unknown as Readonly<Record<string, Widget | undefined>>;

/**
 * The page clock's reading (`performance.now()`) just after the window's load event, for a widget
 * timed from it that may mount after it (the consent banner). It is taken when the browser reports
 * the navigation's timing entry, which it does in a task of its own once the event is over, whether
 * the loader ran before the event or after it. Not a load listener: that would run inside the
 * event's task, where Blink lays the whole page out first, and Lighthouse's simulation would then
 * make all that work wait for this script's download and count it as blocking time.
 */
const loaded = new Promise<number>((resolve) => {
  if (PerformanceObserver.supportedEntryTypes.includes('navigation')) {
    const observer = new PerformanceObserver(() => {
      observer.disconnect();
      resolve(performance.now());
    });
    observer.observe({ type: 'navigation', buffered: true });
  } else if (document.readyState === 'complete') resolve(performance.now());
  // Browsers without the entry (Safari before 15) still get the banner, from a listener.
  else addEventListener('load', () => resolve(performance.now()), { once: true });
});

const manifest = JSON.parse(document.getElementById('island-manifest')?.textContent ?? '{}') as Record<string, string>;

/**
 * Runs `go` in a task of its own, next in line. The islands mounted at once made one long task
 * together, which a phone's first tap waits behind and Lighthouse counts as blocking time. A
 * posted message, not a timer: timers are clamped, throttled, and moved by tests' fake clocks.
 */
function inTaskOfItsOwn(go: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = go;
  channel.port2.postMessage(null);
}

const strategies: Record<string, (el: HTMLElement, go: () => void) => void> = {
  load: (_el, go) => inTaskOfItsOwn(go),
  idle: (_el, go) =>
    'requestIdleCallback' in window ? requestIdleCallback(go, { timeout: 2000 }) : setTimeout(go, 200),
  visible: (el, go) => {
    if (!('IntersectionObserver' in window)) return go();
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          go();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(el);
  },
  interaction: (el, go) => {
    const events = ['pointerover', 'focusin', 'touchstart'];
    const once = () => {
      for (const name of events) el.removeEventListener(name, once);
      go();
    };
    for (const name of events) el.addEventListener(name, once, { passive: true });
  },
};

for (const el of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const name = el.dataset.island!;
  const widget = carried[name];
  const url = manifest[name];
  if (!widget && !url) continue;
  const hydrate = () =>
    (widget ? Promise.resolve(widget) : (import(url!) as Promise<Widget>))
      .then((module) => {
        module.mount(el, JSON.parse(el.dataset.props ?? '{}'), loaded);
        // A mark that the island now listens (for styles and tests that must not act before it does).
        el.dataset.hydrated = '';
      })
      .catch((error: unknown) => console.error(`Island "${name}" failed to load`, error));
  (strategies[el.dataset.load ?? 'idle'] ?? strategies.idle!)(el, hydrate);
}
