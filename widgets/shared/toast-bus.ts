import type { Toast } from '../registry.ts';

let toaster: Promise<(toast: Toast) => void> | undefined;

/**
 * Shows a toast in the page's toast region (`[data-toasts]`); the toasts' code and the Preact
 * runtime load with the first toast, not before.
 */
export function showToast(toast: Toast): void {
  const region = document.querySelector<HTMLElement>('[data-toasts]');
  if (!region) return;
  toaster ??= import('./toasts/Toaster.ts').then((module) => module.createToaster(region));
  void toaster.then((show) => show(toast));
}
