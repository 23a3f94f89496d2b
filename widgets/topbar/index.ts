import type { WidgetProps } from '../registry.ts';
import { saveLanguage } from '../shared/saved-language.ts';

/** The top bar turns smaller and shadowed past this scroll offset (docs/behaviour.md#page-frame)… */
const SCROLLED_PAST_PX = 20;
/** …and full-size again only this near the top: no offset sits on the edge between the two (issue 27). */
const FULL_SIZE_WITHIN_PX = 10;
/** From this width on the navigation fits in the bar and there is no menu (the CSS breakpoint). */
const MENU_MEDIA = '(max-width: 47.99rem)';

/** The top bar: scrolled state, the phone menu, and language links that keep query and hash. */
export function mount(header: HTMLElement, labels: WidgetProps['topbar']): void {
  // The head drops the scripted mark when this script is late (docs/behaviour.md#page-frame); once
  // it runs, the page is scripted again: the phone bar collapses and the map's button shows.
  document.documentElement.classList.add('js');
  const update = () => {
    if (window.scrollY > SCROLLED_PAST_PX) header.classList.add('topbar--scrolled');
    else if (window.scrollY <= FULL_SIZE_WITHIN_PX) header.classList.remove('topbar--scrolled');
  };
  setUpMenu(header, labels);
  window.addEventListener('scroll', update, { passive: true });
  // Reading the scroll offset lays the whole page out. Read in the next frame, before it is
  // painted, that layout is the frame's own, instead of a second one forced inside the
  // loader's task, which a phone spends 100–300 ms on while nothing answers a tap.
  requestAnimationFrame(update);
  for (const link of header.querySelectorAll<HTMLAnchorElement>('.lang-switcher a[hreflang]')) {
    link.addEventListener('click', () => {
      saveLanguage(link.hreflang, labels.cookies);
      link.href = link.pathname + location.search + location.hash;
    });
  }
}

/** The full-screen phone menu: opens from its button, locks page scroll, keeps focus inside, closes on Escape or a link. */
function setUpMenu(header: HTMLElement, { openLabel, closeLabel }: WidgetProps['topbar']): void {
  const button = header.querySelector<HTMLButtonElement>('[data-menu-toggle]')!;
  const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
  const phoneLayout = matchMedia(MENU_MEDIA);
  header.classList.add('topbar--enhanced');

  const focusables = () => [button, ...panel.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')];
  const isOpen = () => button.getAttribute('aria-expanded') === 'true';
  const setOpen = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    button.setAttribute('aria-label', open ? closeLabel : openLabel);
    panel.classList.toggle('is-open', open);
    document.documentElement.classList.toggle('is-scroll-locked', open);
  };
  const close = (returnFocus: boolean) => {
    if (!isOpen()) return;
    setOpen(false);
    if (returnFocus) button.focus();
  };

  button.addEventListener('click', () => {
    if (isOpen()) return close(true);
    setOpen(true);
    focusables()[1]?.focus();
  });
  panel.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) close(false);
  });
  document.addEventListener('keydown', (event) => {
    if (!isOpen()) return;
    if (event.key === 'Escape') return close(true);
    if (event.key !== 'Tab') return;
    const items = focusables();
    const [first, last] = [items[0]!, items[items.length - 1]!];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });
  phoneLayout.addEventListener('change', () => close(false));
}
