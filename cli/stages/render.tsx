import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { LanguageProvider } from '../../templates/i18n.tsx';
import { pageComponents } from '../../templates/pages/index.ts';
import { RedirectPage } from '../../templates/stubs/RedirectPage.tsx';
import { notFoundScript } from '../../templates/stubs/redirect-scripts.ts';
import { robotsTxt, sitemapXml } from '../../templates/seo/sitemap.ts';
import { BuildError, throwIfAny } from '../errors.ts';
import type { MarkdownCache } from '../lib/markdown-cache.ts';
import { createBodyRenderer } from '../lib/page-bodies.ts';
import { createTranslator } from '../lib/translate.ts';
import { outputPathOf } from '../lib/url.ts';
import { DEFAULT_LOCALE, LOCALES, type AssetManifest, type ImageManifest, type Content, type Locale, type Output, type PageProps, type Redirect, type Route, type Translate } from '../types.ts';

/** What rendering needs: the content, its routes and redirects, the asset URLs and the clock. */
export interface RenderInput {
  readonly content: Content;
  readonly routes: readonly Route[];
  readonly redirects: readonly Redirect[];
  readonly assets: AssetManifest;
  readonly buildTime: Date;
  /** Markdown rendered by earlier builds, by the hash of its inputs. */
  readonly markdownCache: MarkdownCache;
  /** Responsive versions of the content images. */
  readonly images: ImageManifest;
}

/** What rendering made: the files, the warnings, and the markdown this build rendered or reused. */
export interface RenderResult {
  readonly outputs: Output[];
  readonly warnings: BuildError[];
  readonly markdownCache: MarkdownCache;
}

/**
 * Renders every page, redirect stub and the root 404 page to HTML; pure apart from the
 * console warning of an unknown translation key. Collects every problem and throws them once.
 */
export async function renderSite(input: RenderInput): Promise<RenderResult> {
  const { content, routes } = input;
  const errors: BuildError[] = [];
  const warnings: BuildError[] = [];
  const translators = Object.fromEntries(LOCALES.map((locale) => [locale, createTranslator(locale, content.ui, (problem) => warnings.push(problem))])) as Record<Locale, Translate>;
  const languageNames = Object.fromEntries(LOCALES.map((locale) => [locale, content.ui[locale]['language.name'] ?? locale])) as Record<Locale, string>;
  const bodies = createBodyRenderer(input, translators, errors);
  const pageProps = async (route: Route): Promise<PageProps> => ({
    route, routes, languageNames, settings: content.settings, collections: content.collections, assets: input.assets, buildTime: input.buildTime,
    bodyHtml: await bodies.render(route),
  });

  const outputs: Output[] = [];
  for (const route of routes) {
    const html = await renderDocument(pageElement(await pageProps(route), translators), route.entry?.file ?? `template "${route.template}" for ${route.url}`, errors);
    if (html === undefined) continue;
    outputs.push({ path: outputPathOf(route.url), contents: html, route });
    // Also at /{lang}/404.html, where hosts look for the 404 page of a folder (decision 8).
    if (route.template === 'not-found') outputs.push({ path: `${route.locale}/404.html`, contents: html });
  }
  for (const redirect of input.redirects) {
    const locale = redirect.kind === 'fixed' ? (redirect.to.split('/')[1] as Locale) : DEFAULT_LOCALE;
    const element = (
      <LanguageProvider locale={locale} t={translators[locale]}>
        <RedirectPage redirect={redirect} baseUrl={content.settings.baseUrl} />
      </LanguageProvider>
    );
    const html = await renderDocument(element, 'content/redirects.yaml', errors);
    if (html !== undefined) outputs.push({ path: redirect.from === '/' ? 'index.html' : `${redirect.from.slice(1)}/index.html`, contents: html });
  }
  const rootNotFound = await renderRootNotFound(input, pageProps, translators, errors);
  if (rootNotFound) outputs.push(rootNotFound);
  outputs.push({ path: 'sitemap.xml', contents: sitemapXml(routes, content.settings.baseUrl, (route) => lastModified(route, routes)) });
  outputs.push({ path: 'robots.txt', contents: robotsTxt(content.settings.baseUrl) });
  throwIfAny(errors);
  return { outputs, warnings, markdownCache: bodies.used };
}

/** The content date of a page; a model page takes the date of the model list in its language. */
function lastModified(route: Route, routes: readonly Route[]): string | undefined {
  if (route.entry) return route.entry.updated;
  return routes.find((candidate) => candidate.locale === route.locale && candidate.template === 'model-list')?.entry?.updated;
}

function pageElement(props: PageProps, translators: Record<Locale, Translate>): ReactElement {
  const Page = pageComponents[props.route.template];
  return (
    <LanguageProvider locale={props.route.locale} t={translators[props.route.locale]}>
      <Page {...props} />
    </LanguageProvider>
  );
}

/** /404.html (decision 8): the Catalan 404 page with the in-browser redirect rules in its head. */
async function renderRootNotFound(input: RenderInput, pageProps: (route: Route) => Promise<PageProps>, translators: Record<Locale, Translate>, errors: BuildError[]): Promise<Output | undefined> {
  const route = input.routes.find((candidate) => candidate.locale === DEFAULT_LOCALE && candidate.template === 'not-found');
  if (!route) {
    errors.push(new BuildError('ReadError', 'there is no 404 page: add content/ca/404.md with `template: not-found`', { file: 'content/ca/404.md' }));
    return undefined;
  }
  const fixed = Object.fromEntries(input.redirects.filter((redirect) => redirect.kind === 'fixed').map((redirect) => [redirect.from, redirect.to]));
  const pageIds = input.redirects.filter((redirect) => redirect.kind === 'language' && redirect.from !== '/').map((redirect) => redirect.from.slice(1));
  const props = { ...(await pageProps(route)), headScript: notFoundScript(fixed, pageIds) };
  const html = await renderDocument(pageElement(props, translators), route.entry?.file ?? '404', errors);
  return html === undefined ? undefined : { path: '404.html', contents: html };
}

/** Renders a whole document; a template that throws becomes a TemplateError naming its component. */
export async function renderDocument(element: ReactElement, source: string, errors: BuildError[]): Promise<string | undefined> {
  try {
    return `<!DOCTYPE html>${lowercaseHtmlAttributes(renderToStaticMarkup(element))}`;
  } catch (error) {
    const stack = await componentStackOf(element);
    errors.push(new BuildError('TemplateError', `${(error as Error).message}${stack}`, { file: source, cause: error }));
    return undefined;
  }
}

/** HTML attributes React writes in its camelCase prop names; HTML's own spelling is lowercase. */
const CAMEL_CASE_ATTRIBUTES = /\s(allowFullScreen|autoComplete|charSet|dateTime|hrefLang|referrerPolicy|crossOrigin|fetchPriority|srcSet|noModule)=/g;

/**
 * Rewrites those names inside tags only. React escapes `<` and `>` in text and attribute values,
 * so every `<…>` match is a whole tag.
 */
function lowercaseHtmlAttributes(html: string): string {
  return html.replace(/<[a-z][^>]*>/g, (tag) => tag.replace(CAMEL_CASE_ATTRIBUTES, (whole) => whole.toLowerCase()));
}

/** The component stack of a failing render; the synchronous renderer does not report it. */
async function componentStackOf(element: ReactElement): Promise<string> {
  let stack = '';
  await prerenderToNodeStream(element, { onError: (_error, info) => void (stack ||= info?.componentStack ?? '') }).catch(() => undefined);
  const frames = stack.split('\n').map((line) => line.trim()).filter((line) => line.startsWith('at ')).map((line) => line.replace(/ \(.*\)$/, '').slice(3));
  const components = frames.filter((name) => /^[A-Z]/.test(name));
  return components.length > 0 ? ` (in <${components[0]}>, inside ${components.slice(1).map((name) => `<${name}>`).join(' ← ')})` : '';
}
