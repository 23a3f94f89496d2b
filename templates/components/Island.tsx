import type { ReactNode } from 'react';
import type { LoadStrategy, WidgetName, WidgetProps } from '../../widgets/registry.ts';

interface IslandProps<Name extends WidgetName> {
  readonly name: Name;
  readonly load: LoadStrategy;
  readonly props: WidgetProps[Name];
  /**
   * `span` where the island sits inside a paragraph or a line of buttons; `header` where the
   * widget is the element itself, so no wrapper comes between it and its layout (a sticky bar).
   */
  readonly as?: 'div' | 'span' | 'header';
  readonly className?: string;
  /** What the page shows without JavaScript, and until the widget mounts. */
  readonly children?: ReactNode;
}

/**
 * Marks where a widget hydrates. React escapes the attribute, so the serialised props cannot
 * close the attribute or the element, whatever text they hold.
 */
export function Island<Name extends WidgetName>({
  name,
  load,
  props,
  as: Element = 'div',
  className,
  children,
}: IslandProps<Name>) {
  return (
    <Element className={className} data-island={name} data-load={load} data-props={JSON.stringify(props)}>
      {children}
    </Element>
  );
}
