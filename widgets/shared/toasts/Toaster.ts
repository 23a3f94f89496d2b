import { html, render } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import type { Toast } from '../../registry.ts';

/** At most one toast at a time (docs/behaviour.md#page-frame). */
const TOAST_LIMIT = 1;
/** How long a dismissed toast stays in the queue before it is removed (docs/behaviour.md#page-frame). */
const TOAST_REMOVE_DELAY = 1_000_000;

interface QueuedToast extends Toast {
  readonly id: number;
  readonly open: boolean;
}

/** Renders the toast queue into `region` and returns the function that adds a toast. */
export function createToaster(region: HTMLElement): (toast: Toast) => void {
  // Until the component has mounted, toasts wait in `pending`.
  let add: ((toast: Toast) => void) | undefined;
  const pending: Toast[] = [];
  const closeLabel = region.dataset.closeLabel ?? '×';
  let nextId = 0;

  function Toaster() {
    const [toasts, setToasts] = useState<QueuedToast[]>([]);
    useEffect(() => {
      const push = (toast: Toast) =>
        setToasts((queue) => [{ ...toast, id: ++nextId, open: true }, ...queue].slice(0, TOAST_LIMIT));
      add = push;
      pending.splice(0).forEach(push);
    }, []);
    const dismiss = (id: number) => {
      setToasts((queue) => queue.map((toast) => (toast.id === id ? { ...toast, open: false } : toast)));
      setTimeout(() => setToasts((queue) => queue.filter((toast) => toast.id !== id)), TOAST_REMOVE_DELAY);
    };
    return toasts
      .filter((toast) => toast.open)
      .map(
        (toast) =>
          html` <div
            key=${toast.id}
            class=${`toast${toast.variant === 'destructive' ? ' toast--destructive' : ''}`}
            role=${toast.variant === 'destructive' ? 'alert' : undefined}
          >
            <p class="toast__title">${toast.title}</p>
            <p class="toast__description">${toast.description}</p>
            <button type="button" class="toast__close" aria-label=${closeLabel} onClick=${() => dismiss(toast.id)}>
              ×
            </button>
          </div>`,
      );
  }

  render(html`<${Toaster} />`, region);
  return (toast) => {
    if (add) add(toast);
    else pending.push(toast);
  };
}
