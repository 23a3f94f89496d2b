import { contentHash } from './hash.ts';
import type { ImageSize, ImageSizes, PageRef, Route, SitePages } from '../types.ts';

/**
 * A lookup a page made while rendering, as text: `find ca services/orto-k`, `template es
 * model`, `children en legal`, `exists /ca/about/` (a link of its body), or `size
 * /images/map.svg` (an image of public/ its body shows). A page reads the same answers, and so
 * renders the same, while the answers to all of its lookups stay the same.
 */
export type PageRead = string;

/** The site's pages by id, by template and by folder, answering templates' lookups in constant time. */
export interface PageIndex {
  /** Lookups for rendering one page, and the list of what it looked up. */
  recorder(): {
    readonly pages: SitePages;
    exists(url: string): boolean;
    sizeOf(url: string): ImageSize | undefined;
    reads(): PageRead[];
    /** Runs `work` and returns, besides its result, the lookups made while it ran (recorded as any other). */
    capture<T>(work: () => Promise<T>): Promise<{ value: T; reads: readonly PageRead[] }>;
    /** Records lookups made once for another page, whose answer this page reuses (a shared part). */
    include(reads: readonly PageRead[]): void;
  };
  /** What a lookup answers now, as a short text: equal texts, equal answers. */
  answerOf(read: PageRead): string;
}

/** What templates may read of another page: everything but its body. */
export function pageRefOf(route: Route): PageRef {
  const { entry, model, ...rest } = route;
  const ref: { -readonly [K in keyof PageRef]: PageRef[K] } = { ...rest };
  if (entry) {
    const { body: _body, bodyLine: _line, ...frontMatter } = entry;
    ref.entry = frontMatter;
  }
  if (model) {
    const { body: _body, ...summary } = model;
    ref.model = summary;
  }
  return ref;
}

/**
 * Indexes the pages (as `pageRefOf` gives them), `files`, the site paths of its public files and
 * images, and `sizes`, those of the images of public/.
 */
export function createPageIndex(refs: readonly PageRef[], files: readonly string[], sizes: ImageSizes): PageIndex {
  const existing = new Set([...refs.map((ref) => ref.url), ...files]);
  const byId = new Map<string, PageRef>();
  const byTemplate = new Map<string, PageRef[]>();
  const byFolder = new Map<string, PageRef[]>();
  for (const ref of refs) {
    byId.set(`${ref.locale} ${ref.id}`, ref);
    addTo(byTemplate, `${ref.locale} ${ref.template}`, ref);
    // The home page is the one page in no folder; every other page is in its id's parent.
    if (ref.id !== '') addTo(byFolder, `${ref.locale} ${ref.id.slice(0, Math.max(0, ref.id.lastIndexOf('/')))}`, ref);
  }
  const answers = new Map<PageRead, string>();

  return {
    recorder() {
      const seen = new Set<PageRead>();
      let captured: Set<PageRead> | undefined;
      const record = (read: PageRead) => {
        seen.add(read);
        captured?.add(read);
      };
      const pages: SitePages = {
        find(locale, id) {
          record(`find ${locale} ${id}`);
          const ref = byId.get(`${locale} ${id}`);
          if (!ref)
            throw new Error(`no page "${id}" in ${locale}; the template links to a page that content/ does not have`);
          return ref;
        },
        get(locale, id) {
          record(`find ${locale} ${id}`);
          return byId.get(`${locale} ${id}`);
        },
        ofTemplate(locale, template) {
          record(`template ${locale} ${template}`);
          return byTemplate.get(`${locale} ${template}`) ?? [];
        },
        childrenOf(locale, id) {
          record(`children ${locale} ${id}`);
          return byFolder.get(`${locale} ${id}`) ?? [];
        },
      };
      const exists = (url: string) => {
        record(`exists ${url}`);
        return existing.has(url);
      };
      const sizeOf = (url: string) => {
        record(`size ${url}`);
        return sizes[url];
      };
      return {
        pages,
        exists,
        sizeOf,
        reads: () => [...seen].sort(),
        async capture(work) {
          const outer = captured;
          const reads = (captured = new Set());
          try {
            return { value: await work(), reads: [...reads] };
          } finally {
            captured = outer;
            for (const read of reads) outer?.add(read);
          }
        },
        include(reads) {
          for (const read of reads) record(read);
        },
      };
    },
    answerOf(read) {
      let answer = answers.get(read);
      if (answer === undefined) {
        const kind = read.slice(0, read.indexOf(' '));
        const question = read.slice(kind.length + 1);
        if (kind === 'exists') answer = String(existing.has(question));
        else if (kind === 'size') answer = JSON.stringify(sizes[question] ?? null);
        else if (kind === 'find') answer = contentHash(JSON.stringify(byId.get(question) ?? null));
        else answer = contentHash(JSON.stringify((kind === 'children' ? byFolder : byTemplate).get(question) ?? []));
        answers.set(read, answer);
      }
      return answer;
    },
  };
}

function addTo(lists: Map<string, PageRef[]>, key: string, ref: PageRef): void {
  const list = lists.get(key);
  if (list) list.push(ref);
  else lists.set(key, [ref]);
}
