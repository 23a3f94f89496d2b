import type { ReactNode } from 'react';

/** A home-page section: its anchor id, a heading that names it, an intro line, its content. */
export function Section({
  id,
  heading,
  intro,
  children,
}: {
  id: string;
  heading: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <section id={id} className="section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      <p className="section__intro">{intro}</p>
      {children}
    </section>
  );
}
