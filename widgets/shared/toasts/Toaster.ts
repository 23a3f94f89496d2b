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

/** The toast queue of spec §3: a toast is added, updated, dismissed (no longer open) and removed. */
export interface Toaster {
  /** Adds a toast, open, and returns its id. */
  add(toast: Toast): number;
  /** Shows new words or a new variant in the toast `id`, open again; nothing once it has been removed. */
  update(id: number, toast: Toast): void;
  dismiss(id: number): void;
}

/** Renders the toast queue into `region` and returns its operations. */
export function createToaster(region: HTMLElement): Toaster {
  // Until the component has mounted, changes wait in `pending`, in order.
  let setQueue: ((change: (queue: QueuedToast[]) => QueuedToast[]) => void) | undefined;
  const pending: ((queue: QueuedToast[]) => QueuedToast[])[] = [];
  const change = (step: (queue: QueuedToast[]) => QueuedToast[]) => {
    if (setQueue) setQueue(step);
    else pending.push(step);
  };
  const closeLabel = region.dataset.closeLabel ?? '×';
  let nextId = 0;
  const dismiss = (id: number) => {
    change((queue) => queue.map((toast) => (toast.id === id ? { ...toast, open: false } : toast)));
    setTimeout(() => change((queue) => queue.filter((toast) => toast.id !== id)), TOAST_REMOVE_DELAY);
  };

  function Toaster() {
    const [toasts, setToasts] = useState<QueuedToast[]>([]);
    useEffect(() => {
      setQueue = setToasts;
      for (const step of pending.splice(0)) setToasts(step);
    }, []);
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
  return {
    add(toast) {
      const id = ++nextId;
      change((queue) => [{ ...toast, id, open: true }, ...queue].slice(0, TOAST_LIMIT));
      return id;
    },
    update(id, toast) {
      change((queue) => queue.map((shown) => (shown.id === id ? { ...toast, id, open: true } : shown)));
    },
    dismiss,
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
  // New words in the same toast (an update) get their full time to be read.
  useEffect(() => {
    if (destructive || paused.hover || paused.focus) return;
    const timer = setTimeout(onDismiss, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [destructive, paused.hover, paused.focus, toast.title, toast.description]);
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
