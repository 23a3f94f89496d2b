import { BuildError } from '../errors.ts';
import type { Locale, PageSummary, Route } from '../types.ts';

/** A file of a site as the link checker sees it: its path, and what it links to when it is HTML. */
export interface LinkedFile {
  /** Path below the site's root, with forward slashes: `es/about/index.html`. */
  readonly path: string;
  readonly summary?: Pick<PageSummary, 'links' | 'ids' | 'isRedirect'>;
}

/** A link that does not lead where it should, in the file that holds it. */
export interface BrokenLink {
  readonly path: string;
  readonly message: string;
}

/**
 * The build's link checker, on the site before it is written (`sitegen check` crawls the served
 * site with linkinator instead): every internal link and source of every HTML file leads to a
 * file of the site; a link to a page goes to the page itself (never to a redirect stub),
 * carries a language prefix (docs/behaviour.md#routes), and points at a fragment that exists.
 */
export function findBrokenLinks(files: readonly LinkedFile[], languages: readonly Locale[]): BrokenLink[] {
  const byPath = new Map(files.map((file) => [file.path, file]));
  const idsByPath = new Map<string, ReadonlySet<string>>();
  const idsOf = (file: LinkedFile) => {
    let ids = idsByPath.get(file.path);
    if (!ids) idsByPath.set(file.path, (ids = new Set(file.summary?.ids)));
    return ids;
  };
  const isPage = (file: LinkedFile) => file.summary !== undefined && !file.summary.isRedirect;
  // Menus and footers repeat the same links on every page: each is judged once.
  const verdicts = new Map<string, string | undefined>();
  const judge = (url: string): string | undefined => {
    const [pathPart = '', fragment] = url.split('#');
    const path = pathPart.split('?')[0]!;
    const target = byPath.get(path.slice(1)) ?? byPath.get(`${path.slice(1)}index.html`);
    if (!target) return `the link ${url} leads to no file of the site`;
    if (target.summary?.isRedirect) return `the link ${url} leads to a redirect, not to the page itself`;
    if (isPage(target) && !languages.includes(path.split('/')[1] ?? '') && path.endsWith('/')) {
      return `the link ${url} has no language prefix`;
    }
    if (fragment && isPage(target) && !idsOf(target).has(fragment))
      return `the link ${url} points at no element of ${path}`;
    return undefined;
  };
  const broken: BrokenLink[] = [];
  for (const file of files) {
    if (!file.summary) continue;
    for (const url of file.summary.links) {
      if (url.startsWith('#')) {
        if (url !== '#' && !idsOf(file).has(url.slice(1))) {
          broken.push({ path: file.path, message: `the link ${url} points at no element of this page` });
        }
        continue;
      }
      if (!url.startsWith('/') || url.startsWith('//')) continue;
      if (!verdicts.has(url)) verdicts.set(url, judge(url));
      const verdict = verdicts.get(url);
      if (verdict) broken.push({ path: file.path, message: verdict });
    }
  }
  return broken;
}

/** How many of the pages holding one broken link a problem names; the rest are counted. */
const PAGES_NAMED = 3;

/** A file of the finished site, with the route of the page it is, if it is one. */
type SiteFile = LinkedFile & { readonly route?: Route };

/**
 * The broken links of the finished site as problems: one per broken link, however many pages
 * hold it (a link a template makes is on every page of it, a footer's on every page), named
 * by the pages' addresses, never by the output folder's files (dev writes elsewhere than
 * dist/). A link on one page is that page's source file's problem, a link on several is the
 * template's.
 */
export function brokenLinkProblems(files: readonly SiteFile[], languages: readonly Locale[]): BuildError[] {
  const byPath = new Map(files.map((file) => [file.path, file]));
  const holders = new Map<string, SiteFile[]>();
  for (const { path, message } of findBrokenLinks(files, languages)) {
    const file = byPath.get(path)!;
    const held = holders.get(message);
    if (held) held.push(file);
    else holders.set(message, [file]);
  }
  return [...holders].map(([message, held]) => {
    const addresses = held.map((file) => file.route?.url ?? `/${file.path}`);
    const templates = [...new Set(held.flatMap(({ route }) => (route ? [`"${route.template}"`] : [])))];
    const [{ route } = {}] = held;
    if (held.length === 1) {
      const hint =
        route && `The link is in ${route.entry?.file ?? "the page's data"} or in the ${templates[0]} template.`;
      const file = route?.entry?.file;
      return new BuildError('BrokenLink', `${message}, on ${addresses[0]}`, {
        ...(file ? { file } : {}),
        ...(hint ? { hint } : {}),
      });
    }
    const more = addresses.length > PAGES_NAMED ? ` and ${addresses.length - PAGES_NAMED} more` : '';
    const pages = `on ${addresses.length} pages: ${addresses.slice(0, PAGES_NAMED).join(', ')}${more}`;
    const source = held.find((file) => file.route?.entry)?.route?.entry?.file;
    const maker =
      templates.length === 1
        ? `the ${templates[0]} template (templates/pages/)`
        : 'the layout every page shares (templates/layout/: the header, the footer)';
    const hint = `A link on many pages is made by ${maker} or by a collection or setting it shows${source ? `, not by a page's text such as ${source}` : ''}.`;
    return new BuildError('BrokenLink', `${message}, ${pages}`, { hint });
  });
}
