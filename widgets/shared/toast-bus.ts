import type { Toast } from '../registry.ts';
import type { Toaster } from './toasts/Toaster.ts';

let toaster: Promise<Toaster> | undefined;

/** A toast on screen, as the spec's toast queue handles one: updated in place, or dismissed. */
export interface ShownToast {
  /** Shows new words (or a new variant) in the same toast, on screen again if it was dismissed. */
  update(toast: Toast): void;
  dismiss(): void;
}

/**
 * Shows a toast in the page's toast region (`[data-toasts]`); the toasts' code and the Preact
 * runtime load with the first toast, not before. What it returns works at once, before they have.
 */
export function showToast(toast: Toast): ShownToast {
  const region = document.querySelector<HTMLElement>('[data-toasts]');
  if (!region) return { update: () => undefined, dismiss: () => undefined };
  const queue = (toaster ??= import('./toasts/Toaster.ts').then((module) => module.createToaster(region)));
  const id = queue.then((toasts) => toasts.add(toast));
  return {
    update: (next) => void Promise.all([queue, id]).then(([toasts, shown]) => toasts.update(shown, next)),
    dismiss: () => void Promise.all([queue, id]).then(([toasts, shown]) => toasts.dismiss(shown)),
  };
}
