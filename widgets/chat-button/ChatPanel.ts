import { html, render } from 'htm/preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { WidgetProps } from '../registry.ts';

/** The messaging link for a number and a message (facts.md: `https://wa.me/<digits>`). */
function chatUrl(number: string, message: string): string {
  return `https://wa.me/${number}?text=${encodeURIComponent(message)}`;
}

/** Renders the chat panel next to its trigger; returns the function that opens or closes it. */
export function createChatPanel(el: HTMLElement, trigger: HTMLElement, props: WidgetProps['chat-button']): () => void {
  let setOpenFromOutside: (update: (open: boolean) => boolean) => void = () => undefined;
  const container = document.createElement('div');
  el.append(container);

  function ChatPanel() {
    const [open, setOpen] = useState(false);
    const [text, setText] = useState('');
    const input = useRef<HTMLInputElement>(null);
    setOpenFromOutside = setOpen;
    // A layout effect, so the button's state changes in the same frame as the panel it announces.
    useLayoutEffect(() => {
      trigger.setAttribute('aria-expanded', String(open));
      if (open) input.current?.focus();
    }, [open]);
    useEffect(() => {
      const onKey = (event: KeyboardEvent) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          trigger.focus();
        }
      };
      document.addEventListener('keydown', onKey);
      return () => document.removeEventListener('keydown', onKey);
    }, [open]);
    if (!open) return null;
    const send = (event: Event) => {
      event.preventDefault();
      const url = chatUrl(props.number, text.trim() || props.message);
      const tab = window.open(url, '_blank');
      // A blocked new tab: the conversation opens here instead, as the link does without JavaScript.
      if (tab) tab.opener = null;
      else window.location.assign(url);
      setOpen(false);
      setText('');
      // The panel, and the focused field with it, is gone: focus goes back where it came from.
      trigger.focus();
    };
    return html` <section class="chat-panel" role="dialog" aria-labelledby="chat-panel-title">
      <header class="chat-panel__header">
        <p id="chat-panel-title" class="chat-panel__name">${props.accountName}</p>
        <p class="chat-panel__status">${props.status}</p>
        <button
          type="button"
          class="chat-panel__close"
          aria-label=${props.close}
          onClick=${() => {
            setOpen(false);
            trigger.focus();
          }}
        >
          ×
        </button>
      </header>
      <p class="chat-panel__greeting">${props.greeting}</p>
      <form class="chat-panel__form" onSubmit=${send}>
        <input
          ref=${input}
          type="text"
          value=${text}
          onInput=${(event: Event) => setText((event.target as HTMLInputElement).value)}
          placeholder=${props.placeholder}
          aria-label=${props.placeholder}
        />
        <button type="submit" class="button button--primary">${props.send}</button>
      </form>
    </section>`;
  }

  render(html`<${ChatPanel} />`, container);
  return () => setOpenFromOutside((open) => !open);
}
