import type { ReactElement, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SharedPartsContext } from '../../templates/components/Shared.tsx';
import { LanguageProvider } from '../../templates/i18n.tsx';
import { pageComponents } from '../../templates/pages/index.ts';
import { BuildError, toRecord, type ProblemRecord } from '../errors.ts';
import type { CopyKind } from '../lib/compression.ts';
import { removeInvisibleCharacters } from '../lib/invisible-characters.ts';
import { regionOf } from '../../templates/format.ts';
import { renderBody, withFactsFilled } from '../lib/page-body.ts';
import { createPageIndex, pageRefOf, type PageIndex, type PageRead } from '../lib/page-index.ts';
import { createTranslator } from '../lib/translate.ts';
import { assemblePage, BODY_MARK, partMarkOf, pieceOf, type Piece } from './page-pieces.ts';
import { templateErrorOf } from './template-error.ts';
import type {
  AssetManifest,
  Collections,
  Content,
  ImageManifest,
  ImageSizes,
  Language,
  Localized,
  PageRef,
  PageSummary,
  Route,
  ScriptManifest,
  Settings,
  Site,
  Translate,
} from '../types.ts';

/**
 * Everything a page's rendering reads besides its own route: plain data, so it can be sent to
 * worker threads once and shared by all the pages they render. Declared here alone: the
 * incremental build's key of what every page reads is this, whatever it holds
 * (cli/incremental/fingerprint.ts).
 */
export interface RenderContext {
  readonly settings: Settings;
  /** The site's languages in order; the first is the default. */
  readonly languages: readonly Language[];
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
  /** The sizes of the images of public/, which a page's text shows at their size. */
  readonly imageSizes: ImageSizes;
}

/**
 * What every page's rendering reads besides its own route, from the site record. build() makes
 * it once and hands it to rendering and to the incremental build's keys.
 */
export function renderContextOf(site: Site): RenderContext {
  const { content } = site;
  return {
    settings: content.settings,
    languages: content.languages,
    collections: content.collections,
    ui: content.ui,
    assets: site.assets,
    scripts: site.scripts,
    images: site.images,
    buildYear: site.buildYear,
    pages: site.routes.map(pageRefOf),
    files: [...content.publicFiles, ...content.images].map((file) => `/${file.path}`),
    imageSizes: site.imageSizes,
  };
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
  /** The same as UTF-8, instead of `html`, from a render thread. */
  readonly bytes?: Uint8Array;
  /** Its compressed copies, when a render thread was asked for them (`.br`, `.gz`, each only if smaller). */
  readonly copies?: Partial<Record<CopyKind, Uint8Array>>;
  readonly summary?: PageSummary;
  /** The other pages and files its templates and body looked up. */
  readonly reads: readonly PageRead[];
  readonly errors: readonly ProblemRecord[];
}

/** The two translation functions of a language: the UI table's `t`, and `pick` for collection texts. */
function languageTools(
  context: Pick<RenderContext, 'languages' | 'ui'>,
  locale: string,
  onProblem: (problem: BuildError) => void,
) {
  const fallback = context.languages[0]?.code ?? locale;
  const t: Translate = createTranslator(locale, fallback, context.ui, onProblem);
  const pick = (text: Localized) => text[locale] ?? text[fallback] ?? '';
  const region = regionOf(context.languages, locale);
  return { locale, region, t, pick };
}

/**
 * Renders pages of one build; the same code runs on the main thread and in workers. `index` is
 * the context's pages indexed, when the caller has it already. A page is its own markup with
 * its body and the frame's shared parts put in (page-pieces.ts), each part rendered once per
 * language; `isSharing: false` renders every page whole instead, in one pass, which gives the
 * same bytes (tests/site/shared-parts.test.tsx).
 */
export function createPageRenderer(
  context: RenderContext,
  index: PageIndex = createPageIndex(context.pages, context.files, context.imageSizes),
  { isSharing = true }: { isSharing?: boolean } = {},
): (job: PageJob) => Promise<PageResult> {
  // What the page's templates asked of the translation table that it does not have: the page's errors.
  let unknownKeys: BuildError[] = [];
  const tools = new Map(
    context.languages.map(({ code }) => [code, languageTools(context, code, (problem) => unknownKeys.push(problem))]),
  );
  const codes = context.languages.map((language) => language.code);

  // The shared parts of the page frame (templates/components/Shared.tsx), rendered once per language.
  const parts = new Map<string, Piece & { readonly reads: readonly PageRead[]; readonly problems: BuildError[] }>();

  return async (job) => {
    const errors: BuildError[] = [];
    unknownKeys = [];
    const lookups = index.recorder();
    const language = tools.get(job.route.locale)!;
    const bodyContext = { ...context, languages: codes, sizeOf: (url: string) => lookups.sizeOf(url) };
    const route = withFactsFilled(job.route, bodyContext, language.t, errors);
    const body = await renderBody(route, bodyContext, language.t, (url) => lookups.exists(url), errors);
    const Page = pageComponents[route.template];
    // The page's own markup, with a mark where its body and each shared part go.
    const placed = new Map<string, ReactNode>();
    const place = (name: string, part: ReactNode) => {
      const key = `${route.locale} ${name}`;
      placed.set(key, part);
      return <template data-shared={key} />;
    };
    const element = (
      <SharedPartsContext.Provider value={isSharing ? { place } : null}>
        <LanguageProvider {...language}>
          <Page
            route={route}
            pages={lookups.pages}
            languages={context.languages}
            settings={context.settings}
            collections={context.collections}
            assets={context.assets}
            images={context.images}
            buildYear={context.buildYear}
            bodyHtml={isSharing ? BODY_MARK : body}
            headScript={job.headScript}
          />
        </LanguageProvider>
      </SharedPartsContext.Provider>
    );
    // The page being rendered, for a template that throws: its content file, else its address (a model page).
    const source = route.entry?.file ?? route.url;
    const shell = errors.length > 0 ? undefined : await renderDocument(element, source, errors);
    // Whole, the body is in the markup already.
    const pieces = new Map<string, Piece>(isSharing ? [[BODY_MARK, pieceOf(removeInvisibleCharacters(body))]] : []);
    let isWhole = shell !== undefined;
    for (const [key, part] of placed) {
      let rendered = parts.get(key);
      if (rendered) {
        lookups.include(rendered.reads);
        unknownKeys.push(...rendered.problems);
      } else {
        const before = unknownKeys.length;
        const made = await lookups.capture(() =>
          renderMarkup(<LanguageProvider {...language}>{part}</LanguageProvider>, source, errors),
        );
        if (made.value === undefined) {
          isWhole = false;
          continue;
        }
        rendered = { ...pieceOf(made.value), reads: made.reads, problems: unknownKeys.slice(before) };
        parts.set(key, rendered);
      }
      pieces.set(partMarkOf(key), rendered);
    }
    const page = isWhole ? assemblePage(shell!, pieces, context.scripts) : undefined;
    return {
      paths: job.paths,
      html: page?.html,
      summary: page?.summary,
      reads: lookups.reads(),
      errors: [...errors, ...unknownKeys].map(toRecord),
    };
  };
}

/** The translation functions of a language, for documents other than pages (redirect stubs). */
export function languageOf(context: Pick<RenderContext, 'languages' | 'ui'>, locale: string, errors: BuildError[]) {
  return languageTools(context, locale, (problem) => errors.push(problem));
}

/**
 * Renders a whole document, without the invisible characters content may hold (validation
 * reports where they were); a template that throws becomes a TemplateError at the template's
 * line (template-error.ts), naming its component and `source`, the page being rendered.
 */
export async function renderDocument(
  element: ReactElement,
  source: string,
  errors: BuildError[],
): Promise<string | undefined> {
  const markup = await renderMarkup(element, source, errors);
  return markup === undefined ? undefined : `<!DOCTYPE html>${markup}`;
}

/** Renders `element` as `renderDocument` does, without the doctype: a whole document, or a part of one. */
async function renderMarkup(element: ReactElement, source: string, errors: BuildError[]): Promise<string | undefined> {
  try {
    return removeInvisibleCharacters(lowercaseHtmlAttributes(renderToStaticMarkup(element)));
  } catch (error) {
    errors.push(templateErrorOf(error, await componentStackOf(element), source));
    return undefined;
  }
}

/**
 * HTML attributes React writes in its camelCase prop names; HTML's own spelling is lowercase.
 * React puts exactly one space before each attribute: a literal space scans twice as fast as `\s`.
 */
const CAMEL_CASE_ATTRIBUTES =
  / (?:allowFullScreen|autoComplete|charSet|dateTime|hrefLang|referrerPolicy|crossOrigin|fetchPriority|srcSet|noModule)=/g;

/**
 * Rewrites those names inside tags only, in one pass: React escapes `<` and `>` in text and
 * attribute values, so a name is inside a tag when the nearest `<` before it is nearer than any `>`.
 */
function lowercaseHtmlAttributes(html: string): string {
  return html.replace(CAMEL_CASE_ATTRIBUTES, (whole: string, offset: number) =>
    html.lastIndexOf('<', offset) > html.lastIndexOf('>', offset) ? whole.toLowerCase() : whole,
  );
}

/** The component stack of a failing render (`at Name (file:line:col)` lines); the synchronous renderer does not report it. */
async function componentStackOf(element: ReactElement): Promise<string> {
  let stack = '';
  // Loaded for a failing template only: React's streaming renderer is as large as the one above.
  // Through esbuild's code splitting a CommonJS module's exports are its default export.
  const { default: reactDomStatic } = await import('react-dom/static');
  await reactDomStatic
    .prerenderToNodeStream(element, {
      onError: (_error, info) => void (stack ||= info?.componentStack ?? ''),
    })
    .catch(() => undefined);
  return stack;
}
