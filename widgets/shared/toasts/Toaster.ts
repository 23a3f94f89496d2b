import { html, render } from 'htm/preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Toast } from '../../registry.ts';

/** At most one toast at a time (docs/behaviour.md#page-frame). */
const TOAST_LIMIT = 1;
/** How long a dismissed toast stays in the queue before it is removed (docs/behaviour.md#page-frame). */
const TOAST_REMOVE_DELAY = 1_000_000;
/** How long a toast that reports success stays on screen, hover and focus not counted (docs/behaviour.md#page-frame). */
const TOAST_DURATION_MS = 6000;

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
          html`<${ToastItem}
            key=${toast.id}
            toast=${toast}
            closeLabel=${closeLabel}
            onDismiss=${() => dismiss(toast.id)}
          />`,
      );
  }

  render(html`<${Toaster} />`, region);
  return (toast) => {
    if (add) add(toast);
    else pending.push(toast);
  };
}

/**
 * One toast. A destructive one stays until dismissed; any other closes after its time, which
 * stops while the pointer is over it or focus is inside it and starts again in full when they
 * leave, so a visitor can always finish reading it (WCAG 2.2.1).
 */
function ToastItem({
  toast,
  closeLabel,
  onDismiss,
}: {
  toast: QueuedToast;
  closeLabel: string;
  onDismiss: () => void;
}) {
  const destructive = toast.variant === 'destructive';
  const [paused, setPaused] = useState({ hover: false, focus: false });
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (destructive || paused.hover || paused.focus) return;
    const timer = setTimeout(onDismiss, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [destructive, paused.hover, paused.focus]);
  const setFocus = (focus: boolean) => setPaused((state) => ({ ...state, focus }));
  return html` <div
    ref=${element}
    class=${`toast${destructive ? ' toast--destructive' : ''}`}
    role=${destructive ? 'alert' : undefined}
    onMouseEnter=${() => setPaused((state) => ({ ...state, hover: true }))}
    onMouseLeave=${() => setPaused((state) => ({ ...state, hover: false }))}
    onFocusIn=${() => setFocus(true)}
    onFocusOut=${(event: FocusEvent) => {
      if (!element.current?.contains(event.relatedTarget as Node | null)) setFocus(false);
    }}
  >
    <p class="toast__title">${toast.title}</p>
    <p class="toast__description">${toast.description}</p>
    <button type="button" class="toast__close" aria-label=${closeLabel} onClick=${onDismiss}>×</button>
  </div>`;
}
