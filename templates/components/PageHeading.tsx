import { Breadcrumbs } from './Breadcrumbs.tsx';

/** An inner page's top: the trail from home to the page, then its H1. */
export function PageHeading({ trail, title }: { trail: readonly { label: string; url: string }[]; title: string }) {
  return (
    <>
      <Breadcrumbs trail={trail} />
      <h1>{title}</h1>
    </>
  );
}
