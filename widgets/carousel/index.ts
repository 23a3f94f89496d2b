import type { WidgetProps } from '../registry.ts';

/** Slides per view at small, medium and large widths (docs/behaviour.md#brands-reviews-and-location). */
const SLIDES_PER_VIEW = [
  { media: '(min-width: 64rem)', count: 3 },
  { media: '(min-width: 40rem)', count: 2 },
];
/** A pointer must move this far before it drags instead of clicking (docs/behaviour.md#brands-reviews-and-location). */
const DRAG_THRESHOLD_PX = 10;

/** The carousel a part belongs to; a part outside a carousel is a mistake (docs/behaviour.md#translations). */
function carouselOf(part: Element): HTMLElement {
  const root = part.closest<HTMLElement>('[data-carousel]');
  if (!root) throw new Error('Carousel parts must be used inside a carousel');
  return root;
}

/**
 * The brand carousel over the server-rendered list (WAI-ARIA carousel pattern): previous and
 * next buttons, 1/2/3 slides per view, looping when there are more slides than fit, pointer
 * and touch drag, a polite live region; motion is instant when reduced motion is asked for.
 */
export function mount(el: HTMLElement, labels: WidgetProps['carousel']): void {
  const track = el.querySelector<HTMLElement>('[data-carousel-track]')!;
  const root = carouselOf(track);
  const slides = [...track.children] as HTMLElement[];
  root.setAttribute('aria-roledescription', 'carousel');
  root.setAttribute('aria-label', labels.label);
  root.classList.add('carousel--enhanced');
  track.removeAttribute('tabindex');
  track.setAttribute('aria-live', 'polite');
  slides.forEach((slide, index) => {
    slide.setAttribute('role', 'group');
    slide.setAttribute('aria-roledescription', 'slide');
    slide.setAttribute(
      'aria-label',
      labels.slideLabel.replace('{n}', String(index + 1)).replace('{total}', String(slides.length)),
    );
  });
  const controls = document.createElement('div');
  controls.className = 'carousel__controls';
  const button = (label: string, text: string) =>
    Object.assign(document.createElement('button'), {
      type: 'button',
      className: 'carousel__button',
      textContent: text,
      ariaLabel: label,
    });
  const previous = button(labels.previous, '‹');
  const next = button(labels.next, '›');
  controls.append(previous, next);
  root.append(controls);

  let first = 0;
  const perView = () => SLIDES_PER_VIEW.find((view) => matchMedia(view.media).matches)?.count ?? 1;
  const loops = () => slides.length > perView();
  const show = (index: number) => {
    const count = perView();
    const last = Math.max(0, slides.length - count);
    // Looping wraps past either end; otherwise the ends stop and their button is disabled.
    first = loops() ? (index > last ? 0 : index < 0 ? last : index) : Math.min(Math.max(index, 0), last);
    track.style.setProperty('--per-view', String(count));
    track.style.setProperty('--offset', String(first));
    slides.forEach((slide, position) => (slide.inert = position < first || position >= first + count));
    previous.disabled = !loops() && first === 0;
    next.disabled = !loops() && first === last;
  };
  previous.addEventListener('click', () => show(first - 1));
  next.addEventListener('click', () => show(first + 1));
  root.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowLeft') show(first - 1);
    if (event.key === 'ArrowRight') show(first + 1);
  });
  enableDrag(track, (direction) => show(first + direction));
  for (const view of SLIDES_PER_VIEW) matchMedia(view.media).addEventListener('change', () => show(first));
  show(0);
}

/** Calls `move(±1)` when a pointer drags the track past the threshold; a shorter move stays a click. */
function enableDrag(track: HTMLElement, move: (direction: 1 | -1) => void): void {
  let startX: number | undefined;
  let dragged = false;
  track.addEventListener('pointerdown', (event) => {
    startX = event.clientX;
    dragged = false;
  });
  track.addEventListener('pointermove', (event) => {
    if (startX === undefined || dragged) return;
    const distance = event.clientX - startX;
    if (Math.abs(distance) < DRAG_THRESHOLD_PX) return;
    dragged = true;
    move(distance < 0 ? 1 : -1);
  });
  // A picture or link in a slide would start the browser's own drag, which ends the pointer's
  // events (pointercancel) before the threshold is reached: the carousel would not move.
  track.addEventListener('dragstart', (event) => event.preventDefault());
  const end = () => (startX = undefined);
  track.addEventListener('pointerup', end);
  track.addEventListener('pointercancel', end);
  track.addEventListener(
    'click',
    (event) => {
      if (dragged) event.preventDefault();
    },
    true,
  );
}
