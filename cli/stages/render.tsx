import { LanguageProvider } from '../../templates/i18n.tsx';
import { RedirectPage } from '../../templates/stubs/RedirectPage.tsx';
import { notFoundScript } from '../../templates/stubs/redirect-scripts.ts';
import { robotsTxt, sitemapXml } from '../../templates/seo/sitemap.ts';
import { BuildError, fromRecord, throwIfAny } from '../errors.ts';
import { createPageIndex, type PageRead } from '../lib/page-index.ts';
import { summarizeHtml } from '../lib/page-summary.ts';
import { outputPathOf } from '../lib/url.ts';
import {
  createPageRenderer,
  languageOf,
  type RenderContext,
  renderDocument,
  type PageJob,
  type PageResult,
} from '../render/render-page.tsx';
import type { ProgressLine } from '../lib/progress.ts';
import { mergeRepeatedErrors } from '../render/template-error.ts';
import { renderInThreads } from '../render/worker-pool.ts';
import type { Output, PageSummary, Redirect, Route, Site } from '../types.ts';

/** A rendered page: its files (the page, and copies where hosts look for a 404 page) and what it looked up. */
export interface RenderedPage {
  readonly job: PageJob;
  readonly outputs: readonly Output[];
  /** The other pages and files its templates and body looked up (see lib/page-index.ts). */
  readonly reads: readonly PageRead[];
}

/** What rendering made: the pages asked for, and the site's other generated files. */
export interface RenderResult {
  readonly pages: readonly RenderedPage[];
  /** Redirect stubs, sitemap.xml and robots.txt: a handful of files, made every time. */
  readonly files: readonly Output[];
  /** The pages' compressed copies the render threads made (RenderOptions.compress). */
  readonly copies: readonly Output[];
}

/** The language codes in the site's order; the first is the default. */
const codesOf = (site: Site) => site.content.languages.map((language) => language.code);

/**
 * Every page of the site as a job: each route at its address, the 404 page of each language
 * also at `/{lang}/404.html` (where hosts look for a folder's 404 page), and the default
 * language's 404 page at `/404.html` with the in-browser rules of docs/behaviour.md#404-pages.
 */
export function listPageJobs(site: Site): PageJob[] {
  const jobs: PageJob[] = site.routes.map((route) => ({
    route,
    paths:
      route.template === 'not-found'
        ? [outputPathOf(route.url), `${route.locale}/404.html`]
        : [outputPathOf(route.url)],
  }));
  const [fallback] = codesOf(site);
  const rootNotFound = site.routes.find((route) => route.locale === fallback && route.template === 'not-found');
  if (rootNotFound) {
    const fixed = Object.fromEntries(
      site.redirects.filter((redirect) => redirect.kind === 'fixed').map((redirect) => [redirect.from, redirect.to]),
    );
    const unprefixed = site.redirects
      .filter((redirect) => redirect.kind === 'language' && redirect.from !== '/')
      .map((redirect) => redirect.from.slice(1));
    jobs.push({
      route: rootNotFound,
      paths: ['404.html'],
      headScript: notFoundScript(codesOf(site), fixed, unprefixed),
    });
  }
  return jobs;
}

/** How pages render, and where each goes once rendered. */
export interface RenderOptions {
  /** Worker threads, used when at least `from` pages are to render; none: this thread. */
  readonly threads?: { readonly script: string; readonly from: number };
  /** Whether the threads also make each page's compressed copies (the compress stage makes the rest). */
  readonly compress?: boolean;
  readonly progress?: ProgressLine;
  /**
   * Where each page's files go as soon as it is rendered (the writer's draft of the new
   * version), in place of the files: the result holds what `add` returns, not the bytes.
   */
  readonly into?: { add(outputs: Output[]): Promise<Output[]> };
}

/**
 * Renders the given page jobs and the site's other generated files (redirect stubs, sitemap,
 * robots.txt). Collects every problem and throws them once.
 */
export async function renderSite(
  site: Site,
  context: RenderContext,
  jobs: readonly PageJob[],
  { threads, progress, into, compress }: RenderOptions = {},
): Promise<RenderResult> {
  const errors: BuildError[] = [];
  if (!site.routes.some((route) => route.locale === codesOf(site)[0] && route.template === 'not-found')) {
    const file = `content/${codesOf(site)[0]}/404.md`;
    errors.push(
      new BuildError('ReadError', `there is no 404 page: add ${file} with \`template: not-found\``, { file }),
    );
  }
  const pages: RenderedPage[] = [];
  const routeOf = new Map(jobs.map((job) => [outputPathOf(job.route.url), job.route]));
  const jobOf = new Map(jobs.map((job) => [job.paths[0], job]));
  const shared = sharedCopies();
  let finished = 0;
  const accept = async (result: PageResult) => {
    progress?.advance(++finished, jobs.length);
    errors.push(...result.errors.map(fromRecord));
    const { html, bytes } = result;
    if ((html === undefined && bytes === undefined) || !result.summary) return;
    const summary = shared.summary(result.summary);
    // As bytes: UTF-8 takes half the memory of a page's text as a string once it holds any
    // character beyond Latin-1 (a typographic apostrophe is enough), and is what gets written.
    const contents = bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : Buffer.from(html!);
    // The page's record carries its route; its copies (the 404 pages hosts look for) do not.
    const outputs = result.paths.map((path) => ({ path, contents, route: routeOf.get(path), summary }));
    pages.push({
      job: jobOf.get(result.paths[0])!,
      outputs: into ? await into.add(outputs) : outputs,
      reads: result.reads.map(shared.text),
    });
    const made = Object.entries(result.copies ?? {}).flatMap(([kind, copy]) =>
      result.paths.map((path) => ({
        path: `${path}.${kind}`,
        contents: Buffer.from(copy.buffer, copy.byteOffset, copy.byteLength),
      })),
    );
    if (made.length > 0) copies.push(...(into ? await into.add(made) : made));
  };
  const copies: Output[] = [];
  if (threads && jobs.length >= threads.from) {
    await renderInThreads(threads.script, context, jobs, accept, { compress });
  } else {
    const render = createPageRenderer(context, createPageIndex(context.pages, context.files, context.imageSizes));
    for (const job of jobs) await accept(await render(job));
  }
  const files = [...(await renderRedirects(site, errors)), ...searchFiles(site)];
  throwIfAny(mergeRepeatedErrors(errors));
  return { pages, files, copies };
}

/**
 * One copy of each text and island the pages' records repeat: their frame's links and ids, the
 * lookups every page makes. A page from a render thread arrives with copies of its own; kept for
 * every page of a 15,000-page site, they took some 100 MB.
 */
function sharedCopies() {
  const texts = new Map<string, string>();
  const islands = new Map<string, PageSummary['islands'][number]>();
  const text = (value: string) => texts.get(value) ?? (texts.set(value, value), value);
  const island = (value: PageSummary['islands'][number]) => {
    const key = `${value.name} ${value.load}`;
    return islands.get(key) ?? (islands.set(key, value), value);
  };
  return {
    text,
    summary: (summary: PageSummary): PageSummary => ({
      ...summary,
      links: summary.links.map(text),
      ids: summary.ids.map(text),
      islands: summary.islands.map(island),
      inlineScripts: summary.inlineScripts.map(text),
    }),
  };
}

/** The redirect stubs at the old addresses (docs/behaviour.md#redirects): a handful, rendered every time. */
async function renderRedirects(site: Site, errors: BuildError[]): Promise<Output[]> {
  const codes = codesOf(site);
  const outputs: Output[] = [];
  for (const redirect of site.redirects) {
    const locale = redirect.kind === 'fixed' ? redirect.to.split('/')[1]! : codes[0]!;
    const element = (
      <LanguageProvider {...languageOf(site.content, locale, errors)}>
        <RedirectPage redirect={redirect} baseUrl={site.content.settings.baseUrl} languages={codes} />
      </LanguageProvider>
    );
    const html = await renderDocument(element, 'content/redirects.yaml', errors);
    if (html !== undefined) outputs.push({ path: stubPathOf(redirect), contents: html, summary: summarizeHtml(html) });
  }
  return outputs;
}

/** The file a redirect stub is written to: `/about` → `about/index.html`. */
const stubPathOf = (redirect: Redirect) =>
  redirect.from === '/' ? 'index.html' : `${redirect.from.slice(1)}/index.html`;

/** sitemap.xml and robots.txt. */
function searchFiles(site: Site): Output[] {
  const { baseUrl } = site.content.settings;
  const sitemap = sitemapXml(site.routes, codesOf(site)[0]!, baseUrl, (route) => lastModified(route, site.routes));
  return [
    { path: 'sitemap.xml', contents: sitemap },
    { path: 'robots.txt', contents: robotsTxt(baseUrl) },
  ];
}

/** The content date of a page; a model page takes the date of the model list in its language. */
function lastModified(route: Route, routes: readonly Route[]): string | undefined {
  if (route.entry) return route.entry.updated;
  return routes.find((candidate) => candidate.locale === route.locale && candidate.template === 'model-list')?.entry
    ?.updated;
}
