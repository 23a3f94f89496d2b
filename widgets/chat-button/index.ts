import type { WidgetProps } from '../registry.ts';

/**
 * The floating chat button: a plain link to the chat without JavaScript; with it, the button
 * opens a small chat panel, whose code loads on the first click.
 */
export function mount(el: HTMLElement, props: WidgetProps['chat-button']): void {
  const trigger = el.querySelector<HTMLAnchorElement>('a')!;
  trigger.setAttribute('aria-expanded', 'false');
  trigger.setAttribute('role', 'button');
  let toggle: Promise<() => void> | undefined;
  trigger.addEventListener('click', (event) => {
    event.preventDefault();
    toggle ??= import('./ChatPanel.ts').then((module) => module.createChatPanel(el, trigger, props));
    void toggle.then((toggleOpen) => toggleOpen());
  });
  // A link answers Enter only; as a button it must answer Space too, without scrolling the page.
  trigger.addEventListener('keydown', (event) => {
    if (event.key !== ' ') return;
    event.preventDefault();
    trigger.click();
  });
}
