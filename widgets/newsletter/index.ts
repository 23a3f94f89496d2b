import type { WidgetProps } from '../registry.ts';
import { showToast } from '../shared/toast-bus.ts';

/**
 * The newsletter form (docs/behaviour.md#newsletter): refuses a malformed address with its own
 * message beside the field, shows the busy label (on the button and in a toast) while it posts the
 * address to the configured endpoint, and reports the result in that same toast. With no endpoint configured, a valid address
 * goes where the form itself sends it, a message to the shop's e-mail address as without
 * JavaScript, and a toast says so (ruling 30): the e-mail app may open behind the browser.
 */
export function mount(el: HTMLElement, props: WidgetProps['newsletter']): void {
  const form = el.querySelector('form')!;
  const input = form.querySelector<HTMLInputElement>('input[type="email"]')!;
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const error = form.querySelector<HTMLElement>('.newsletter__error')!;
  const label = submit.textContent;
  const describedBy = input.getAttribute('aria-describedby') ?? '';
  const showError = (message: string) => {
    error.textContent = message;
    input.setCustomValidity(message);
    input.setAttribute('aria-invalid', String(message !== ''));
    input.setAttribute('aria-describedby', message ? `${error.id} ${describedBy}`.trim() : describedBy);
  };
  form.noValidate = true;
  input.addEventListener('input', () => showError(''));
  form.addEventListener('submit', async (event) => {
    showError('');
    if (!input.value.trim() || !input.checkValidity()) {
      event.preventDefault();
      showError(props.invalid);
      input.focus();
      return;
    }
    if (!props.endpoint) {
      showToast(props.mailed);
      return;
    }
    event.preventDefault();
    submit.disabled = true;
    submit.textContent = props.busy;
    // One toast for the whole request: it says the form is busy, then, in place, how it went.
    const toast = showToast({ title: props.success.title, description: props.busy });
    try {
      const response = await fetch(props.endpoint, {
        method: 'POST',
        body: new URLSearchParams({ email: input.value.trim() }),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      form.reset();
      toast.update(props.success);
    } catch {
      toast.update({ ...props.failure, variant: 'destructive' });
    } finally {
      submit.disabled = false;
      submit.textContent = label;
    }
  });
}
