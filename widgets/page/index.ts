import type { WidgetProps } from '../registry.ts';
import { saveLanguage } from '../shared/saved-language.ts';

/**
 * Scroll-reveal visibility threshold (docs/behaviour.md#home-page); the fade's distance, duration
 * and delay are in the stylesheet's `.reveal` rules.
 */
const REVEAL_THRESHOLD = 0.1;
/** Lazy images load once within this margin of the viewport (docs/behaviour.md#home-page). */
const LAZY_IMAGE_MARGIN = '200px';

/**
 * Page-wide behaviours: remember the language, but not on a 404 page (docs/behaviour.md#languages),
 * log the address a 404 page answers (docs/behaviour.md#404-pages), reveal on scroll, images
 * near the viewport.
 */
export function mount(_el: HTMLElement, { language, notFound, cookies }: WidgetProps['page']): void {
  // A 404 page answers any address, a mistyped one or one of another language: only a page
  // the visitor chose to read says which language they read in (docs/behaviour.md#languages).
  if (notFound) console.warn('Page not found:', location.pathname + location.search);
  else saveLanguage(language, cookies);
  openLinkedQuestion();
  addEventListener('hashchange', openLinkedQuestion);
  if (!('IntersectionObserver' in window)) return;
  revealOnScroll();
  loadImagesNearViewport();
}

/**
 * A link to a question of a page of questions (`/faq/#how-much…`) opens it: the browser scrolls
 * to a closed <details> but leaves its answer hidden.
 */
function openLinkedQuestion(): void {
  const id = decodeURIComponent(location.hash.slice(1));
  const target = id ? document.getElementById(id) : null;
  if (target instanceof HTMLDetailsElement) target.open = true;
}

/**
 * Fades and slides `[data-reveal]` elements in as they enter the viewport, unless motion is
 * reduced. Elements already on screen when the script runs stay as they are: hiding them would flash.
 */
function revealOnScroll(): void {
  if (matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const waiting = new Set<Element>();
  const reveal = (element: Element) => {
    element.classList.add('is-revealed');
    observer.unobserve(element);
    waiting.delete(element);
    if (waiting.size === 0) removeEventListener('scroll', onScroll);
  };
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries.filter((candidate) => candidate.isIntersecting)) reveal(entry.target);
    },
    { threshold: REVEAL_THRESHOLD },
  );
  // A fast scroll or a jump (End, a link to the footer) can carry an element past the viewport
  // between two of the observer's checks: it never intersects, and would stay hidden above.
  let isQueued = false;
  const revealPassed = () => {
    isQueued = false;
    for (const element of waiting) if (element.getBoundingClientRect().bottom < 0) reveal(element);
  };
  const onScroll = () => {
    if (!isQueued) requestAnimationFrame(revealPassed);
    isQueued = true;
  };
  // Where each element is comes from the observer's first report, made with the first frame's
  // layout: asking here would lay the page out before its first paint. Elements below the screen
  // are hidden only then, where nobody sees them go.
  const placer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      placer.unobserve(entry.target);
      if (entry.boundingClientRect.top < (entry.rootBounds?.height ?? window.innerHeight)) continue;
      const element = entry.target;
      element.classList.add('reveal');
      if (waiting.size === 0) addEventListener('scroll', onScroll, { passive: true });
      waiting.add(element);
      observer.observe(element);
    }
  });
  for (const element of document.querySelectorAll('[data-reveal]')) placer.observe(element);
}

/** Starts loading a lazy image when it comes within the margin, whatever the browser's own threshold. */
function loadImagesNearViewport(): void {
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries.filter((candidate) => candidate.isIntersecting)) {
        (entry.target as HTMLImageElement).loading = 'eager';
        observer.unobserve(entry.target);
      }
    },
    { rootMargin: LAZY_IMAGE_MARGIN },
  );
  for (const image of document.querySelectorAll('img[loading="lazy"]')) observer.observe(image);
}
