import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { LanguageProvider } from '../../templates/i18n.tsx';
import { pageComponents } from '../../templates/pages/index.ts';
import { BuildError, toRecord, type ProblemRecord } from '../errors.ts';
import { removeInvisibleCharacters } from '../lib/invisible-characters.ts';
import { injectIslandScripts, islandsOf } from '../lib/islands.ts';
import { renderBody } from '../lib/page-bodies.ts';
import { createPageIndex, type Dependency, type PageIndex } from '../lib/page-index.ts';
import { summarizeHtml } from '../lib/page-summary.ts';
import { createTranslator } from '../lib/translate.ts';
import {
  LOCALES,
  type AssetManifest,
  type Collections,
  type Content,
  type ImageManifest,
  type Locale,
  type PageRef,
  type PageSummary,
  type Route,
  type ScriptManifest,
  type Settings,
} from '../types.ts';

/**
 * Everything a page's rendering reads besides its own route: plain data, so it can be sent to
 * worker threads once and shared by all the pages they render.
 */
export interface RenderContext {
  readonly settings: Settings;
  readonly collections: Collections;
  readonly ui: Content['ui'];
  readonly assets: AssetManifest;
  readonly scripts: ScriptManifest;
  readonly images: ImageManifest;
  readonly buildYear: number;
  /** Every page of the site, without bodies. */
  readonly pages: readonly PageRef[];
  /** Site paths of the public files and content images: `/images/logo.svg`. */
  readonly files: readonly string[];
}

/** One page to render, and the output paths it is written to. */
export interface PageJob {
  readonly route: Route;
  readonly paths: readonly string[];
  /** A script the page runs first, in its head (the root 404 page's rules). */
  readonly headScript?: string;
}

/** A rendered page: the finished HTML (scripts attached), what the checks need, what it looked up. */
export interface PageResult {
  readonly paths: readonly string[];
  /** Undefined when rendering failed; `errors` says why. */
  readonly html?: string;
  readonly summary?: PageSummary;
  readonly dependencies: readonly Dependency[];
  readonly errors: readonly ProblemRecord[];
  readonly warnings: readonly ProblemRecord[];
}

/**
 * Renders pages of one build; the same code runs on the main thread and in workers. `index` is
 * the context's pages indexed, when the caller has it already.
 */
export function createPageRenderer(
  context: RenderContext,
  index: PageIndex = createPageIndex(context.pages, context.files),
): (job: PageJob) => Promise<PageResult> {
  let warnings: BuildError[] = [];
  const translators = Object.fromEntries(
    LOCALES.map((locale) => [locale, createTranslator(locale, context.ui, (problem) => warnings.push(problem))]),
  );
  const languageNames = Object.fromEntries(
    LOCALES.map((locale) => [locale, context.ui[locale]['language.name'] ?? locale]),
  ) as Record<Locale, string>;

  return async (job) => {
    const { route } = job;
    const errors: BuildError[] = [];
    warnings = [];
    const lookups = index.recorder();
    const t = translators[route.locale]!;
    const bodyHtml = await renderBody(route, context, t, lookups.exists, errors);
    const Page = pageComponents[route.template];
    const element = (
      <LanguageProvider locale={route.locale} t={t}>
        <Page
          route={route}
          pages={lookups.pages}
          languageNames={languageNames}
          settings={context.settings}
          collections={context.collections}
          assets={context.assets}
          buildYear={context.buildYear}
          bodyHtml={bodyHtml}
          headScript={job.headScript}
        />
      </LanguageProvider>
    );
    const document =
      errors.length > 0
        ? undefined
        : await renderDocument(element, route.entry?.file ?? `template "${route.template}" for ${route.url}`, errors);
    // The scripts go in the head and place no island: the page's islands are found once.
    const islands = document === undefined ? [] : islandsOf(document);
    const html = document === undefined ? undefined : injectIslandScripts(document, context.scripts, islands);
    return {
      paths: job.paths,
      html,
      summary: html === undefined ? undefined : summarizeHtml(html, islands),
      dependencies: lookups.dependencies(),
      errors: errors.map(toRecord),
      warnings: warnings.map(toRecord),
    };
  };
}

/**
 * Renders a whole document, without the invisible characters content may hold (validation
 * reports where they were); a template that throws becomes a TemplateError naming its component.
 */
export async function renderDocument(
  element: ReactElement,
  source: string,
  errors: BuildError[],
): Promise<string | undefined> {
  try {
    return removeInvisibleCharacters(`<!DOCTYPE html>${lowercaseHtmlAttributes(renderToStaticMarkup(element))}`);
  } catch (error) {
    const stack = await componentStackOf(element);
    errors.push(new BuildError('TemplateError', `${(error as Error).message}${stack}`, { file: source, cause: error }));
    return undefined;
  }
}

/** HTML attributes React writes in its camelCase prop names; HTML's own spelling is lowercase. */
const CAMEL_CASE_ATTRIBUTES =
  /\s(?:allowFullScreen|autoComplete|charSet|dateTime|hrefLang|referrerPolicy|crossOrigin|fetchPriority|srcSet|noModule)=/g;

/**
 * Rewrites those names inside tags only, in one pass: React escapes `<` and `>` in text and
 * attribute values, so a name is inside a tag when the nearest `<` before it is nearer than any `>`.
 */
function lowercaseHtmlAttributes(html: string): string {
  return html.replace(CAMEL_CASE_ATTRIBUTES, (whole: string, offset: number) =>
    html.lastIndexOf('<', offset) > html.lastIndexOf('>', offset) ? whole.toLowerCase() : whole,
  );
}

/** The component stack of a failing render; the synchronous renderer does not report it. */
async function componentStackOf(element: ReactElement): Promise<string> {
  // Needed only when a template fails; a build does not load it otherwise.
  const { prerenderToNodeStream } = await import('react-dom/static');
  let stack = '';
  await prerenderToNodeStream(element, {
    onError: (_error, info) => void (stack ||= info?.componentStack ?? ''),
  }).catch(() => undefined);
  const frames = stack
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('at '))
    .map((line) => line.replace(/ \(.*\)$/, '').slice(3));
  const components = frames.filter((name) => /^[A-Z]/.test(name));
  return components.length > 0
    ? ` (in <${components[0]}>, inside ${components
        .slice(1)
        .map((name) => `<${name}>`)
        .join(' ← ')})`
    : '';
}
