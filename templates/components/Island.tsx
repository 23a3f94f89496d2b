import type { ReactNode } from 'react';
import type { LoadStrategy, WidgetName, WidgetProps } from '../../widgets/registry.ts';

interface IslandProps<Name extends WidgetName> {
  readonly name: Name;
  readonly load: LoadStrategy;
  readonly props: WidgetProps[Name];
  /** What the page shows without JavaScript, and until the widget mounts. */
  readonly children?: ReactNode;
}

/**
 * Marks where a widget hydrates. React escapes the attribute, so the serialised props cannot
 * close the attribute or the element, whatever text they hold.
 */
export function Island<Name extends WidgetName>({ name, load, props, children }: IslandProps<Name>) {
  return (
    <div data-island={name} data-load={load} data-props={JSON.stringify(props)}>
      {children}
    </div>
  );
}
