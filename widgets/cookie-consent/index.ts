import type { WidgetProps } from '../registry.ts';
import { readConsent, saveConsent, type ConsentChoice } from '../shared/consent-store.ts';

/** The banner appears this long after the load event when no choice is stored (docs/behaviour.md#cookie-consent). */
const BANNER_DELAY_MS = 1000;
const REJECT_ALL: ConsentChoice = { necessary: true, analytics: false, marketing: false };

/**
 * The consent banner (server-rendered, hidden): shown a second after the page's load event when
 * nothing is stored, at once if the island mounts later than that; Accept all (every category
 * the settings turn on, and only those), Reject all (docs/behaviour.md#cookie-consent), Customise. The preferences dialog, and its code, load only
 * when asked for, from the banner or from any "Cookie settings" link on the page.
 */
export function mount(el: HTMLElement, props: WidgetProps['cookie-consent'], loaded: Promise<number>): void {
  const banner = el.querySelector<HTMLElement>('[data-consent-banner]')!;
  const choose = (choice: ConsentChoice) => {
    saveConsent(choice, props.version);
    const hadFocus = banner.contains(document.activeElement);
    banner.hidden = true;
    if (hadFocus) refocus(null);
  };
  const openDialog = () => {
    const opener = document.activeElement;
    void import('./ConsentDialog.ts').then((module) =>
      module.openConsentDialog(el, props, readConsent(props.version), choose, () => refocus(opener)),
    );
  };

  // Timed from the load event, not from mounting: on a busy phone the island can mount late.
  if (readConsent(props.version) === undefined)
    void loaded.then((loadedAt) => {
      const wait = loadedAt + BANNER_DELAY_MS - performance.now();
      if (wait > 0) setTimeout(() => (banner.hidden = false), wait);
      else banner.hidden = false;
    });
  banner.addEventListener('click', (event) => {
    const action = (event.target as Element).closest<HTMLElement>('[data-consent]')?.dataset.consent;
    if (action === 'accept')
      choose({ ...REJECT_ALL, ...Object.fromEntries(props.categories.map(({ category }) => [category, true])) });
    else if (action === 'reject') choose(REJECT_ALL);
    else if (action === 'customize') openDialog();
  });
  document.addEventListener('click', (event) => {
    if (!(event.target as Element).closest('[data-cookie-settings]')) return;
    event.preventDefault();
    openDialog();
  });
}

/**
 * Gives focus a place when the banner or the dialog that held it goes away, instead of letting
 * it fall to the top of the document: back to what opened the dialog when that can still take
 * it (a "Cookie settings" link), else the page's main content, which follows the skip link and
 * the banner in reading order. The page does not scroll: the visitor stays where they were.
 */
function refocus(opener: Element | null): void {
  const target =
    opener instanceof HTMLElement && opener !== document.body && opener.getClientRects().length > 0
      ? opener
      : document.getElementById('main');
  target?.focus({ preventScroll: true });
}
