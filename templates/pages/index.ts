import type { ComponentType } from 'react';
import type { PageProps, Route } from '../../cli/types.ts';
import { ContentPage } from './ContentPage.tsx';
import { HomePage } from './HomePage.tsx';
import { IndexPage } from './IndexPage.tsx';
import { ModelListPage } from './ModelListPage.tsx';
import { ModelPage } from './ModelPage.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { ServicePage } from './ServicePage.tsx';

/** The component of each page template; `satisfies` makes a missing template a type error. */
export const pageComponents = {
  home: HomePage,
  service: ServicePage,
  page: ContentPage,
  faq: ContentPage,
  legal: ContentPage,
  'model-list': ModelListPage,
  index: IndexPage,
  model: ModelPage,
  'not-found': NotFoundPage,
} satisfies Record<Route['template'], ComponentType<PageProps>>;
