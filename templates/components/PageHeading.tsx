import type { Locale } from '../../cli/types.ts';
import type { TrailItem } from '../site-pages.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';

/** An inner page's top: the trail from home to the page, then its H1 (in `lang`, when not the page's language). */
export function PageHeading({ trail, title, lang }: { trail: readonly TrailItem[]; title: string; lang?: Locale }) {
  return (
    <>
      <Breadcrumbs trail={trail} />
      <h1 lang={lang}>{title}</h1>
    </>
  );
}
