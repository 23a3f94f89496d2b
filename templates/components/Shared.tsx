import { createContext, useContext, type ReactNode } from 'react';

/**
 * How the build renders shared parts: `place` gives what stands in a page's markup for the
 * part, and the build puts the part's HTML there, rendered once per language (cli/render/).
 */
export interface SharedParts {
  place(name: string, part: ReactNode): ReactNode;
}

export const SharedPartsContext = createContext<SharedParts | null>(null);

/**
 * A part of the page frame that is the same on every page of a language, such as the footer:
 * the build renders it once per language and reuses its HTML, and a test renders every page
 * both ways and expects the same bytes (templates/README.md#shared-parts). What is inside must
 * read nothing of the page: no route, no page-specific text, no image (React would preload it
 * into the page's head). Rendered anywhere else, it is its children.
 */
export function Shared({ name, children }: { name: string; children: ReactNode }) {
  const parts = useContext(SharedPartsContext);
  return parts ? parts.place(name, children) : children;
}
