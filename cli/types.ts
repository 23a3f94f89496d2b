/**
 * The content model and the build record, shared by the generator's stages and the templates.
 * Entry types are inferred from the zod schemas, so a schema and its type cannot drift apart.
 */
import type * as z from 'zod';
import type {
  brandSchema,
  modelSchema,
  productSchema,
  reviewSchema,
  serviceCardSchema,
  storageItemSchema,
} from './schemas/collections.ts';
import type { localizedSchema } from './schemas/common.ts';
import type { pageTemplates } from './schemas/page.ts';
import type { settingsSchema } from './schemas/site.ts';
import type { UiKey } from './schemas/ui.ts';
import type { BuildError } from './errors.ts';
import type { OutputFile } from './output/types.ts';

export type { UiKey } from './schemas/ui.ts';

/**
 * A language code of the site (`ca`, `es`, `en`): one of `languages` in content/site.yaml,
 * which lists them in the order the site offers them; the first is the default.
 */
export type Locale = string;

/** A language of the site as pages name it: its code, its own name, its Open Graph locale. */
export interface Language {
  readonly code: Locale;
  /** The language's name in itself ("Català"), for the language switcher. */
  readonly name: string;
  readonly ogLocale: string;
}

export type Settings = z.infer<typeof settingsSchema>;
/** A host the site deploys to (content/site.yaml `hosts`). */
export type Host = Settings['hosts'][number];
export type Localized = z.infer<typeof localizedSchema>;
export type Product = z.infer<typeof productSchema>;
export type ServiceCard = z.infer<typeof serviceCardSchema>;
export type Review = z.infer<typeof reviewSchema>;
export type Brand = z.infer<typeof brandSchema>;
export type Model = z.infer<typeof modelSchema>;
export type StorageItem = z.infer<typeof storageItemSchema>;
export type PageTemplate = (typeof pageTemplates)[number];

/** Values a translated text may interpolate: `{year}` in a text takes `vars.year`. */
export type TranslationVars = Readonly<Record<string, string | number>>;
/** The typed translation function templates receive: a key and its values give the text. */
export type Translate = (key: UiKey, vars?: TranslationVars) => string;

/** One markdown page in one language, as validated. */
export interface PageEntry {
  /** Path below the language folder without extension: `services/orto-k`; the home page is ''. */
  readonly id: string;
  readonly locale: Locale;
  readonly template: PageTemplate;
  readonly title: string;
  readonly description: string;
  readonly keywords: readonly string[];
  readonly updated?: string;
  /** A photo or illustration shown right under the title, loaded first; `alt` is empty when it is decorative. */
  readonly image?: {
    readonly src: string;
    readonly alt: string;
    readonly width: number;
    readonly height: number;
    readonly example: boolean;
  };
  /** Short name for menus, the footer and breadcrumbs; the title when not set. */
  readonly label?: string;
  readonly appointment?: { readonly subject?: string; readonly duration?: number };
  /** On the not-found page: the pages it offers instead, by address without the language (`/services`). */
  readonly suggestions?: readonly string[];
  /** Key facts of a service page (who it is for, how long, what it costs…), as label and value. */
  readonly facts?: readonly { readonly label: string; readonly value: string }[];
  /** The file it came from, relative to the working directory: `content/es/about.md`. */
  readonly file: string;
  /** The markdown body, below the front matter. */
  readonly body: string;
  /** Line in the file where the body starts (1-based), for error positions. */
  readonly bodyLine: number;
}

/** All collections, validated. */
export interface Collections {
  readonly products: readonly Product[];
  readonly services: readonly ServiceCard[];
  readonly reviews: readonly Review[];
  readonly brands: readonly Brand[];
  readonly models: readonly Model[];
  readonly storage: readonly StorageItem[];
}

/** An old address that leads to a page (content/redirects.yaml). */
export interface RedirectRule {
  readonly from: string;
  readonly to: string;
}

/** A file read as bytes: a static file of public/ or an image of content/images/. */
export interface BinaryFile {
  /** Path below its folder, with forward slashes: `images/logo.svg`. */
  readonly path: string;
  readonly contents: Buffer;
}

/** A content file as read from disk. */
export interface SourceFile {
  /** Path for messages, relative to the working directory: `content/es/about.md`. */
  readonly file: string;
  /** Path below the content folder, forward slashes: `es/about.md`. */
  readonly path: string;
  readonly text: string;
}

/** Everything a build reads: the content files, the content images and the public files. */
export interface Sources {
  readonly content: readonly SourceFile[];
  /** Raster images below content/images/, as bytes: the build makes responsive versions. */
  readonly images: readonly BinaryFile[];
  readonly publicFiles: readonly BinaryFile[];
}

/** Everything the content folder says, validated. */
export interface Content {
  /** Business settings from content/site.yaml. */
  readonly settings: Settings;
  /** The site's languages in order; the first is the default. */
  readonly languages: readonly Language[];
  /** Example content still in use: `!example` settings and example reviews, as `file: path`. */
  readonly examples: readonly string[];
  /** The translation table per language; all but the default may lack keys (they fall back to it). */
  readonly ui: Readonly<Record<Locale, Readonly<Partial<Record<UiKey, string>>>>>;
  /** Every markdown page in every language. */
  readonly pages: readonly PageEntry[];
  readonly collections: Collections;
  readonly redirectRules: readonly RedirectRule[];
  /** First segments of the page ids whose unprefixed paths redirect to the visitor's language. */
  readonly unprefixedSections: readonly string[];
  /** Static files of public/, copied as they are. */
  readonly publicFiles: readonly BinaryFile[];
  /** Raster images of content/images/ (path below content/: `images/shop.jpg`). */
  readonly images: readonly BinaryFile[];
  /** Fallbacks to the default language and other things a maintainer should fix; `--strict` fails on them. */
  readonly warnings: readonly BuildError[];
}

/** One page of the site in one language. */
export interface Route {
  /** Root-relative URL with trailing slash: `/es/services/orto-k/`. */
  readonly url: string;
  readonly locale: Locale;
  /** The page's id, the same in every language: `services/orto-k`, `products/oticon-models/real`. */
  readonly id: string;
  readonly template: PageTemplate | 'model';
  /** The markdown entry rendered here (the default language's when this one lacks its own). */
  readonly entry?: PageEntry;
  /** The model a model page shows. */
  readonly model?: Model;
  /** The same page in every language, by language code, in the site's order (a 404 page: each home page). */
  readonly alternates: Readonly<Record<Locale, string>>;
  /** True when the page shows the default language's content because this language has none. */
  readonly isFallback: boolean;
  /** False for pages that search engines should not list (404 pages). */
  readonly isIndexable: boolean;
}

/** How a redirect stub picks its target. */
export type RedirectKind =
  /** A fixed target: legacy addresses and `/cat/`. */
  | 'fixed'
  /** The visitor's saved language or the default one: the root and unprefixed page paths. */
  | 'language';

/** One redirect of the site: a stub file and, later, host configuration. */
export interface Redirect {
  /** Path without trailing slash, e.g. `/ayudas-tecnicas`; the root is `/`. */
  readonly from: string;
  /** Target URL; for `language` redirects the default language's target, its prefix to be swapped. */
  readonly to: string;
  readonly kind: RedirectKind;
  /** 301 for permanent moves, 302 where the target depends on the visitor. */
  readonly status: 301 | 302;
}

/** A hashed image of the site with its size. */
export interface ImageAsset {
  readonly url: string;
  readonly width: number;
  readonly height: number;
}

/** The widgets' scripts: the loader, each widget's module, and every chunk's size and imports. */
export interface ScriptManifest {
  /** URL of the island loader, which every page with islands runs. */
  readonly loader: string;
  /** URL of each widget's module, by widget name: the loader's for the widgets it carries. */
  readonly widgets: Readonly<Record<string, string>>;
  /** Every script file by URL: gzip size, and the chunks it imports at once or on demand. */
  readonly chunks: Readonly<
    Record<
      string,
      { readonly gzip: number; readonly imports: readonly string[]; readonly dynamicImports: readonly string[] }
    >
  >;
}

/** A content image as responsive versions: its size, the fallback file and a srcset per format. */
export interface ResponsiveImage {
  readonly width: number;
  readonly height: number;
  readonly fallback: string;
  readonly sources: readonly { readonly type: string; readonly srcset: string }[];
}

/** Responsive versions of content images, by the address content uses: `/images/shop.jpg`. */
export type ImageManifest = Readonly<Record<string, ResponsiveImage>>;

/** An image's intrinsic size in CSS pixels. */
export interface ImageSize {
  readonly width: number;
  readonly height: number;
}

/** The sizes of the images of public/ that could be read, by site path: `/images/logo.svg`. */
export type ImageSizes = Readonly<Record<string, ImageSize>>;

/** Hashed asset URLs that pages link to. */
export interface AssetManifest {
  /** URL of the site stylesheet. */
  readonly stylesheet: string;
  /** URLs of the fonts the stylesheet declares, which every page preloads. */
  readonly fonts: readonly string[];
  /** The preview image that social networks and messengers show for a shared page. */
  readonly socialImage?: ImageAsset;
  /** The browser-tab icon (SVG from public/), when there is one. */
  readonly favicon?: string;
  /** The icon phones put on the home screen. */
  readonly touchIcon?: ImageAsset;
}

/** What an HTML file links to, names and runs, read from it once when it is rendered. */
export interface PageSummary {
  /** True for a redirect stub: a page that sends the visitor on to another address at once. */
  readonly isRedirect: boolean;
  /** Every href and src value, entities decoded, in document order. */
  readonly links: readonly string[];
  /** Every id attribute: what a fragment can point at. */
  readonly ids: readonly string[];
  /** The islands it places, in document order. */
  readonly islands: readonly { readonly name: string; readonly load: string }[];
  /** The CSP hash of each inline script the browser runs. */
  readonly inlineScripts: readonly string[];
  /** The first script it loads from another site, if any. */
  readonly externalScript?: string;
}

/** A file of the finished site: a file of the output folder, and what the build knows of it. */
export interface Output extends OutputFile {
  /** The route it renders, for pages. */
  readonly route?: Route;
  /** For HTML files: what the checks and the host configuration need to know of them. */
  readonly summary?: PageSummary;
}

/** The build record: each stage adds its part and nothing changes it afterwards. */
export interface Site {
  /** Validated content. */
  readonly content: Content;
  /** Every page in every language. */
  readonly routes: readonly Route[];
  /** Every redirect, from content/redirects.yaml and derived from the routes. */
  readonly redirects: readonly Redirect[];
  /** Bundled assets: the stylesheet and icons. */
  readonly assets: AssetManifest;
  /** Responsive versions of the content images. */
  readonly images: ImageManifest;
  /** The sizes of the images of public/, which a page's text shows at their size. */
  readonly imageSizes: ImageSizes;
  /** The widgets' scripts the pages load. */
  readonly scripts: ScriptManifest;
  /** The year of the build's clock, for the copyright line. */
  readonly buildYear: number;
}

/**
 * Another page as templates see it: its address and front matter, never its body, so a page
 * depends on what menus and lists show of other pages and not on their text.
 */
export interface PageRef extends Omit<Route, 'entry' | 'model'> {
  readonly entry?: Omit<PageEntry, 'body' | 'bodyLine'>;
  readonly model?: Omit<Model, 'body'>;
}

/** The site's pages as templates look them up. */
export interface SitePages {
  /** The page `id` in `locale`; throws when the site has no such page, failing the build. */
  find(locale: Locale, id: string): PageRef;
  /** The page `id` in `locale`, or undefined: for pages that may or may not exist, such as a folder's own page. */
  get(locale: Locale, id: string): PageRef | undefined;
  /** The pages one folder below `id` in `locale` (`services` → `services/orto-k`, …), by address. */
  childrenOf(locale: Locale, id: string): readonly PageRef[];
  /** Every page of a template in a language, by address. */
  ofTemplate(locale: Locale, template: Route['template']): readonly PageRef[];
}

/** Everything a page template receives: plain data, no I/O. */
export interface PageProps {
  readonly route: Route;
  readonly pages: SitePages;
  readonly settings: Settings;
  /** The site's languages in order; the first is the default. */
  readonly languages: readonly Language[];
  readonly collections: Collections;
  readonly assets: AssetManifest;
  /** Responsive versions of the content images, for photos named in front matter. */
  readonly images: ImageManifest;
  /** The page body as HTML, placeholders filled and links resolved. */
  readonly bodyHtml: string;
  /** The year of the build's clock (SOURCE_DATE_EPOCH when set), for the copyright line. */
  readonly buildYear: number;
  /** A script the page runs first, in its head (the root 404 page's rules). */
  readonly headScript?: string;
}
