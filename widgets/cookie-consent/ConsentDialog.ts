import { html, render } from 'htm/preact';
import { render as unmount } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ConsentCategory, WidgetProps } from '../registry.ts';
import type { ConsentChoice } from '../shared/consent-store.ts';

/**
 * The cookie preferences as a modal dialog (native <dialog>: focus stays inside, Escape
 * closes): the necessary storage, always on, then a switch for each optional category the
 * settings turn on, and none for the others. Switches start as stored; with nothing stored,
 * off unless `preselect` (docs/behaviour.md#cookie-consent). `closed` runs once it is gone,
 * however it was closed, to give focus back.
 */
export function openConsentDialog(
  el: HTMLElement,
  props: WidgetProps['cookie-consent'],
  stored: ConsentChoice | undefined,
  choose: (choice: ConsentChoice) => void,
  closed: () => void,
): void {
  const container = document.createElement('div');
  el.append(container);
  const isOffered = (category: ConsentCategory) => props.categories.some((offered) => offered.category === category);
  const initial = (category: ConsentCategory) =>
    isOffered(category) ? (stored?.[category] ?? props.preselect) : false;
  const names = (category: string) =>
    props.storage
      .filter((item) => item.category === category)
      .map((item) => item.name)
      .join(', ');

  function ConsentDialog() {
    const dialog = useRef<HTMLDialogElement>(null);
    const [choice, setChoice] = useState({ analytics: initial('analytics'), marketing: initial('marketing') });
    // Opened in the frame it is inserted, so it is never seen, or focusable, as a non-modal dialog.
    useLayoutEffect(() => {
      dialog.current?.showModal();
    }, []);
    const close = () => {
      if (!container.isConnected) return;
      container.remove();
      dialog.current?.close();
      unmount(null, container);
      closed();
    };
    const save = () => {
      choose({ necessary: true, ...choice });
      close();
    };
    const toggle = ({ category, name, text }: WidgetProps['cookie-consent']['categories'][number]) =>
      html` <label class="consent-dialog__option">
        <input
          type="checkbox"
          role="switch"
          checked=${choice[category]}
          onChange=${() => setChoice({ ...choice, [category]: !choice[category] })}
        />
        <span><strong>${name}</strong> ${text}<small>${names(category)}</small></span>
      </label>`;
    return html` <dialog ref=${dialog} class="consent-dialog" aria-labelledby="consent-dialog-title" onClose=${close}>
      <h2 id="consent-dialog-title">${props.texts.dialogTitle}</h2>
      <label class="consent-dialog__option">
        <input type="checkbox" role="switch" checked disabled />
        <span
          ><strong>${props.texts.necessary}</strong> ${props.texts.necessaryText} <em>${props.texts.alwaysOn}</em
          ><small>${names('necessary')}</small></span
        >
      </label>
      ${props.categories.map(toggle)}
      <p class="consent-dialog__actions">
        <button type="button" class="button button--primary" onClick=${save}>${props.texts.save}</button>
        <button type="button" class="button button--secondary" onClick=${close}>${props.texts.close}</button>
      </p>
    </dialog>`;
  }

  render(html`<${ConsentDialog} />`, container);
}
