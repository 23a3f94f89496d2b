import type { WidgetProps } from '../registry.ts';

/** A hash in the address scrolls to its section this long after load (docs/behaviour.md#home-page). */
const HASH_SCROLL_DELAY_MS = 100;

/**
 * Home page behaviours (docs/behaviour.md#home-page): the section named in the address comes into view
 * after 100 ms and anchor links scroll smoothly, both stopping below the sticky top bar; the
 * hero image fades in, or is replaced by a placeholder when it fails to load.
 */
export function mount(el: HTMLElement, { placeholder }: WidgetProps['home']): void {
  const behavior: ScrollBehavior = matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
  const bar = document.querySelector('.topbar');
  const scrollTo = (hash: string) => {
    const target = hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (!target) return false;
    const barHeight = bar && getComputedStyle(bar).position === 'sticky' ? bar.getBoundingClientRect().height : 0;
    window.scrollTo({ top: target.getBoundingClientRect().top + window.scrollY - barHeight, behavior });
    return true;
  };
  if (location.hash) setTimeout(() => scrollTo(location.hash), HASH_SCROLL_DELAY_MS);
  document.addEventListener('click', (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[href*="#"]');
    if (!link || link.pathname !== location.pathname || link.origin !== location.origin) return;
    if (scrollTo(link.hash)) {
      event.preventDefault();
      history.pushState(null, '', link.hash);
    }
  });
  fadeInHero(el.querySelector<HTMLImageElement>('img[data-hero]'), placeholder);
}

function fadeInHero(image: HTMLImageElement | null, placeholder: string): void {
  if (!image) return;
  const shown = () => image.classList.add('is-loaded');
  const failed = () => {
    console.error(`Hero image failed to load: ${image.currentSrc || image.src}`);
    image.removeEventListener('error', failed);
    // A responsive photo's <source>s would win over the img's own src.
    image.parentElement?.querySelectorAll('source').forEach((source) => source.remove());
    image.src = placeholder;
    shown();
  };
  if (image.complete && image.naturalWidth > 0) return shown();
  if (image.complete) return failed();
  image.classList.add('is-fading');
  image.addEventListener('load', shown, { once: true });
  image.addEventListener('error', failed);
}
