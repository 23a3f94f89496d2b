import { LanguageProvider } from '../../templates/i18n.tsx';
import { RedirectPage } from '../../templates/stubs/RedirectPage.tsx';
import { notFoundScript } from '../../templates/stubs/redirect-scripts.ts';
import { robotsTxt, sitemapXml } from '../../templates/seo/sitemap.ts';
import { BuildError, fromRecord, throwIfAny } from '../errors.ts';
import { contentHash } from '../lib/hash.ts';
import { createPageIndex } from '../lib/page-index.ts';
import type { PageManifest, PageMemory } from '../lib/build-memory.ts';
import { pageRefOf } from '../lib/page-index.ts';
import { summarizeHtml } from '../lib/page-summary.ts';
import { createTranslator } from '../lib/translate.ts';
import { outputPathOf } from '../lib/url.ts';
import {
  createPageRenderer,
  renderDocument,
  type PageJob,
  type PageResult,
  type RenderContext,
} from '../render/render-page.tsx';
import { renderInThreads } from '../render/worker-pool.ts';
import type { WriteSession } from './write.ts';
import {
  DEFAULT_LOCALE,
  type AssetManifest,
  type Content,
  type ImageManifest,
  type Locale,
  type OutputRecord,
  type PageSummary,
  type Redirect,
  type Route,
  type ScriptManifest,
} from '../types.ts';

/** What rendering needs: the content, its routes and redirects, the asset and script URLs, the year. */
export interface RenderInput {
  readonly content: Content;
  readonly routes: readonly Route[];
  readonly redirects: readonly Redirect[];
  readonly assets: AssetManifest;
  readonly scripts: ScriptManifest;
  readonly images: ImageManifest;
  readonly buildYear: number;
  /** What the last build remembers of its pages. */
  readonly manifest: PageManifest;
  /** The last build's fingerprint of every answer a page can look up (`RenderResult.lookups`). */
  readonly lookups?: string;
  /** Render on worker threads with this script when there are at least `threadsFrom` pages to render. */
  readonly threads?: { readonly script: string; readonly from: number };
}

/** What rendering made: a record of each file (already handed to the writer), the warnings, the pages' memory. */
export interface RenderResult {
  readonly outputs: OutputRecord[];
  readonly warnings: BuildError[];
  /** Pages by output path: those carried over as the last build remembered them, the rendered ones without stamps yet (the writer gives those on commit). */
  readonly pages: Map<string, PageMemory | Omit<PageMemory, 'stamp'>>;
  /** How many pages were rendered, and how many were carried over from the last build unchanged. */
  readonly rendered: number;
  /** The output paths this build rendered (the others it carried over). */
  readonly renderedPaths: ReadonlySet<string>;
  readonly kept: number;
  /** A hash of the pages and files that lookups answer from: equal, and every lookup answers as before. */
  readonly lookups: string;
}

/**
 * Renders every page, redirect stub and the root 404 page and hands each file to the writer as
 * soon as it is finished, so the site is never held in memory whole. A page whose own inputs
 * and lookups are what they were in the last build is carried over without rendering. Collects
 * every problem and throws them once.
 */
export async function renderSite(input: RenderInput, session: WriteSession): Promise<RenderResult> {
  const { content, routes } = input;
  const context: RenderContext = {
    settings: content.settings,
    collections: content.collections,
    ui: content.ui,
    assets: input.assets,
    scripts: input.scripts,
    images: input.images,
    buildYear: input.buildYear,
    pages: routes.map(pageRefOf),
    files: [...content.publicFiles, ...content.images].map((file) => `/${file.path}`),
  };
  const index = createPageIndex(context.pages, context.files);
  // When no page ref and no file changed, no lookup can answer differently: a page's own
  // lookups need not be checked one by one (at 15,000 pages that saves 0.1 s of a rebuild).
  const lookups = contentHash(JSON.stringify([context.pages, context.files]));
  const isSameAnswers = input.lookups === lookups;
  // Everything every page reads; a change to any of it renders every page again.
  const shared = contentHash(
    JSON.stringify([
      context.settings,
      context.collections,
      context.ui,
      context.assets,
      context.scripts,
      context.images,
      context.buildYear,
    ]),
  );
  const errors: BuildError[] = [];
  const warnings = new Map<string, BuildError>();
  const outputs: OutputRecord[] = [];
  const pages = new Map<string, PageMemory | Omit<PageMemory, 'stamp'>>();
  const keys = new Map<string, string>();
  const routeOf = new Map<string, Route>();

  const jobs: PageJob[] = routes.map((route) => ({
    route,
    // Also at /{lang}/404.html, where hosts look for the 404 page of a folder (decision 8).
    paths:
      route.template === 'not-found'
        ? [outputPathOf(route.url), `${route.locale}/404.html`]
        : [outputPathOf(route.url)],
  }));
  const rootNotFound = routes.find((route) => route.locale === DEFAULT_LOCALE && route.template === 'not-found');
  if (rootNotFound)
    jobs.push({
      route: rootNotFound,
      paths: ['404.html'],
      headScript: notFoundScript(fixedRedirects(input.redirects), unprefixedIds(input.redirects)),
    });
  else
    errors.push(
      new BuildError('ReadError', 'there is no 404 page: add content/ca/404.md with `template: not-found`', {
        file: 'content/ca/404.md',
      }),
    );

  const toRender: PageJob[] = [];
  let kept = 0;
  for (const job of jobs) {
    // A markdown page is its file (by the hash validation computed) at its address; the rest
    // of its route follows from those.
    const { route } = job;
    const own = route.entry
      ? `${route.url}\0${route.template}\0${route.isFallback}\0${route.entry.file}\0${route.entry.sourceHash}`
      : JSON.stringify(route);
    const key = contentHash(`${shared}\0${own}\0${job.headScript ?? ''}`);
    const [path] = job.paths as [string];
    keys.set(path, key);
    // The page's record carries its route; its copies (the 404 pages hosts look for) do not.
    if (path === outputPathOf(job.route.url)) routeOf.set(path, job.route);
    const before = input.manifest.get(path);
    const isUnchanged =
      before !== undefined &&
      before.key === key &&
      (isSameAnswers || index.signature(before.dependencies) === before.signature);
    if (
      isUnchanged &&
      job.paths.every((output) => session.keep(output, input.manifest.get(output)?.stamp ?? before.stamp))
    ) {
      kept++;
      for (const output of job.paths) {
        const remembered = input.manifest.get(output) ?? before;
        outputs.push({ path: output, route: routeOf.get(output), summary: remembered.summary });
        pages.set(output, remembered);
      }
    } else {
      toRender.push(job);
    }
  }

  // Menus and footers give every page the same links and lookups: one copy of each string.
  // A new string is copied: a regular expression's match is a slice that would keep the
  // whole page it came from in memory.
  const strings = new Map<string, string>();
  const intern = (values: readonly string[]) =>
    values.map((value) => {
      let kept = strings.get(value);
      if (kept === undefined) strings.set(value, (kept = JSON.parse(JSON.stringify(value)) as string));
      return kept;
    });
  const accept = async (result: PageResult) => {
    errors.push(...result.errors.map(fromRecord));
    for (const warning of result.warnings.map(fromRecord))
      warnings.set(`${warning.code} ${warning.file} ${warning.message}`, warning);
    if (result.html === undefined || !result.summary) return;
    const [path] = result.paths as [string];
    const dependencies = intern(result.dependencies);
    const { links, ids, islands, inlineScripts, externalScript } = result.summary;
    const summary: PageSummary = {
      links: intern(links),
      ids: intern(ids),
      inlineScripts: intern(inlineScripts),
      islands: islands.map((island) => ({ name: intern([island.name])[0]!, load: intern([island.load])[0]! })),
      ...(externalScript === undefined ? {} : { externalScript: intern([externalScript])[0]! }),
    };
    const signature = index.signature(dependencies);
    for (const output of result.paths) {
      await session.put(output, result.html);
      outputs.push({ path: output, route: routeOf.get(output), summary });
      pages.set(output, { key: keys.get(path)!, dependencies, signature, summary });
    }
  };
  if (input.threads && toRender.length >= input.threads.from) {
    await renderInThreads(input.threads.script, context, toRender, accept);
  } else {
    const render = createPageRenderer(context, index);
    for (const job of toRender) await accept(await render(job));
  }

  await renderRedirects(input, session, outputs, errors);
  await session.put(
    'sitemap.xml',
    sitemapXml(routes, content.settings.baseUrl, (route) => lastModified(route, routes)),
  );
  await session.put('robots.txt', robotsTxt(content.settings.baseUrl));
  outputs.push({ path: 'sitemap.xml' }, { path: 'robots.txt' });
  throwIfAny(errors);
  const renderedPaths = new Set(toRender.flatMap((job) => job.paths));
  return {
    outputs: outputs.sort((a, b) => (a.path < b.path ? -1 : 1)),
    warnings: [...warnings.values()],
    pages,
    rendered: toRender.length,
    renderedPaths,
    kept,
    lookups,
  };
}

/** The redirect stubs at the old addresses (decision 7); a handful, rendered every time. */
async function renderRedirects(
  input: RenderInput,
  session: WriteSession,
  outputs: OutputRecord[],
  errors: BuildError[],
): Promise<void> {
  const translators = new Map<Locale, ReturnType<typeof createTranslator>>();
  for (const redirect of input.redirects) {
    const locale = redirect.kind === 'fixed' ? (redirect.to.split('/')[1] as Locale) : DEFAULT_LOCALE;
    if (!translators.has(locale))
      translators.set(
        locale,
        createTranslator(locale, input.content.ui, (problem) => errors.push(problem)),
      );
    const element = (
      <LanguageProvider locale={locale} t={translators.get(locale)!}>
        <RedirectPage redirect={redirect} baseUrl={input.content.settings.baseUrl} />
      </LanguageProvider>
    );
    const html = await renderDocument(element, 'content/redirects.yaml', errors);
    if (html === undefined) continue;
    const path = redirect.from === '/' ? 'index.html' : `${redirect.from.slice(1)}/index.html`;
    await session.put(path, html);
    outputs.push({ path, summary: summarizeHtml(html) });
  }
}

const fixedRedirects = (redirects: readonly Redirect[]) =>
  Object.fromEntries(
    redirects.filter((redirect) => redirect.kind === 'fixed').map((redirect) => [redirect.from, redirect.to]),
  );
const unprefixedIds = (redirects: readonly Redirect[]) =>
  redirects
    .filter((redirect) => redirect.kind === 'language' && redirect.from !== '/')
    .map((redirect) => redirect.from.slice(1));

/** The content date of a page; a model page takes the date of the model list in its language. */
function lastModified(route: Route, routes: readonly Route[]): string | undefined {
  if (route.entry) return route.entry.updated;
  return routes.find((candidate) => candidate.locale === route.locale && candidate.template === 'model-list')?.entry
    ?.updated;
}
