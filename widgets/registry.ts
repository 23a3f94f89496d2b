/**
 * The islands a template may place on a page, with the props each one receives through
 * `data-props`. Templates and widgets both import these types, so they cannot disagree.
 */
export interface WidgetProps {
  'chat-button': { readonly number: string; readonly accountName: string; readonly status: string; readonly greeting: string; readonly placeholder: string; readonly message: string; readonly send: string; readonly close: string };
}

/** A widget's name. */
export type WidgetName = keyof WidgetProps;

/** When a widget's code loads: at once, when the browser is idle, or when it scrolls into view. */
export type LoadStrategy = 'load' | 'idle' | 'visible';
