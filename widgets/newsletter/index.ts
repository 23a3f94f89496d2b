import type { WidgetProps } from '../registry.ts';
import { showToast } from '../shared/toast-bus.ts';

/**
 * The newsletter form (docs/behaviour.md#newsletter): checks the address, shows the busy label while it posts
 * the address to the configured endpoint, and reports the result in a toast. With no endpoint
 * configured, a valid address goes where the form itself sends it: a message to the shop's
 * e-mail address, as without JavaScript.
 */
export function mount(el: HTMLElement, props: WidgetProps['newsletter']): void {
  const form = el.querySelector('form')!;
  const input = form.querySelector<HTMLInputElement>('input[type="email"]')!;
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const label = submit.textContent;
  form.noValidate = true;
  input.addEventListener('input', () => input.setCustomValidity(''));
  form.addEventListener('submit', async (event) => {
    if (!input.value.trim() || !input.checkValidity()) {
      event.preventDefault();
      input.setCustomValidity(props.invalid);
      input.reportValidity();
      return;
    }
    if (!props.endpoint) return;
    event.preventDefault();
    submit.disabled = true;
    submit.textContent = props.busy;
    try {
      const response = await fetch(props.endpoint, {
        method: 'POST',
        body: new URLSearchParams({ email: input.value.trim() }),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      form.reset();
      showToast(props.success);
    } catch {
      showToast({ ...props.failure, variant: 'destructive' });
    } finally {
      submit.disabled = false;
      submit.textContent = label;
    }
  });
}
