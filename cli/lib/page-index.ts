import { contentHash } from './hash.ts';
import type { PageRef, Route, SitePages } from '../types.ts';

/**
 * A lookup a page made while rendering: `find ca services/orto-k`, `template es model`, or
 * `exists /ca/about/` (a link of its body). A page has to be rendered again only when the
 * answer to one of its lookups changed.
 */
export type Dependency = string;

/** The site's pages by id and by template, answering templates' lookups in constant time. */
export interface PageIndex {
  /** Lookups for rendering one page, and the list of what it looked up. */
  recorder(): { readonly pages: SitePages; exists(url: string): boolean; dependencies(): Dependency[] };
  /** A hash of what the lookups answer now; equal hashes mean equal answers. */
  signature(dependencies: readonly Dependency[]): string;
}

/** What templates may read of another page: everything but its body. */
export function pageRefOf(route: Route): PageRef {
  const { entry, model, ...rest } = route;
  const ref: { -readonly [K in keyof PageRef]: PageRef[K] } = { ...rest };
  if (entry) {
    const { bodyStart: _start, bodyLine: _line, sourceHash: _hash, ...frontMatter } = entry;
    ref.entry = frontMatter;
  }
  if (model) {
    const { body: _body, ...summary } = model;
    ref.model = summary;
  }
  return ref;
}

/** Indexes the pages (as `pageRefOf` gives them) and `files`, the site paths of its public files and images. */
export function createPageIndex(refs: readonly PageRef[], files: readonly string[]): PageIndex {
  const existing = new Set([...refs.map((ref) => ref.url), ...files]);
  const byId = new Map<string, PageRef>();
  const byTemplate = new Map<string, PageRef[]>();
  for (const ref of refs) {
    byId.set(`${ref.locale} ${ref.id}`, ref);
    const key = `${ref.locale} ${ref.template}`;
    const list = byTemplate.get(key);
    if (list) list.push(ref);
    else byTemplate.set(key, [ref]);
  }
  const answers = new Map<Dependency, string>();
  const answerOf = (dependency: Dependency): string => {
    let answer = answers.get(dependency);
    if (answer === undefined) {
      const kind = dependency.slice(0, dependency.indexOf(' '));
      const question = dependency.slice(kind.length + 1);
      if (kind === 'exists') answer = String(existing.has(question));
      else
        answer = contentHash(
          JSON.stringify(kind === 'find' ? (byId.get(question) ?? null) : (byTemplate.get(question) ?? [])),
        );
      answers.set(dependency, answer);
    }
    return answer;
  };

  return {
    recorder() {
      const seen = new Set<Dependency>();
      const pages: SitePages = {
        find(locale, id) {
          seen.add(`find ${locale} ${id}`);
          const ref = byId.get(`${locale} ${id}`);
          if (!ref)
            throw new Error(`no page "${id}" in ${locale}; the template links to a page that content/ does not have`);
          return ref;
        },
        ofTemplate(locale, template) {
          seen.add(`template ${locale} ${template}`);
          return byTemplate.get(`${locale} ${template}`) ?? [];
        },
      };
      const exists = (url: string) => {
        seen.add(`exists ${url}`);
        return existing.has(url);
      };
      return { pages, exists, dependencies: () => [...seen].sort() };
    },
    signature(dependencies) {
      return contentHash(dependencies.map((dependency) => `${dependency}=${answerOf(dependency)}`).join('\n'));
    },
  };
}
