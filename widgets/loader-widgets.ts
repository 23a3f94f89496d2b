import { mount as home } from './home/index.ts';
import { mount as page } from './page/index.ts';
import type { LoaderWidget, WidgetProps } from './registry.ts';
import { mount as topbar } from './topbar/index.ts';

/** The widgets in the loader's own file (registry.ts, `LOADER_WIDGETS`): the type lets none be missing or extra. */
export const loaderWidgets: {
  readonly [Name in LoaderWidget]: {
    readonly mount: (el: HTMLElement, props: WidgetProps[Name], loaded: Promise<number>) => void;
  };
} = {
  page: { mount: page },
  topbar: { mount: topbar },
  home: { mount: home },
};
