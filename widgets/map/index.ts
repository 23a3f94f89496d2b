import type { WidgetProps } from '../registry.ts';

/**
 * The map, loaded on request (docs/behaviour.md#brands-reviews-and-location): nothing is asked
 * of the map's provider until the visitor presses the button; then the frame replaces the
 * preview and takes focus, so a keyboard user lands in the map they asked for.
 */
export function mount(el: HTMLElement, { url, title }: WidgetProps['map']): void {
  const button = el.querySelector<HTMLButtonElement>('[data-map-load]')!;
  button.addEventListener('click', () => {
    const frame = document.createElement('iframe');
    frame.className = 'location__map';
    frame.src = url;
    frame.title = title;
    frame.width = '640';
    frame.height = '480';
    frame.allowFullscreen = true;
    frame.referrerPolicy = 'no-referrer-when-downgrade';
    el.replaceChildren(frame);
    frame.focus();
  });
}
