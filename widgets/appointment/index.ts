import type { WidgetProps } from '../registry.ts';
import { showToast } from '../shared/toast-bus.ts';

/**
 * A booking link (docs/behaviour.md#booking-chat-and-contact): opens the scheduling page in a new tab and confirms it in a
 * toast; when the browser blocks the new tab, a destructive toast says so instead.
 */
export function mount(el: HTMLElement, { url, opened, failed }: WidgetProps['appointment']): void {
  el.querySelector('a')?.addEventListener('click', (event) => {
    event.preventDefault();
    let tab: Window | null;
    try {
      tab = window.open(url, '_blank');
    } catch {
      tab = null;
    }
    if (!tab) return showToast({ ...failed, variant: 'destructive' });
    // The booking page must not be able to navigate this one (what rel="noopener" does for links).
    tab.opener = null;
    showToast(opened);
  });
}
