import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BuildError } from './errors.ts';

/** How a build runs: folders, strictness, output detail, clock. */
export interface Config {
  /** Content folder (YAML and markdown per language). */
  readonly contentDir: string;
  /** Static files copied as they are. */
  readonly publicDir: string;
  /** Where the finished site goes. */
  readonly outDir: string;
  /**
   * Where the host folders go (docs/behaviour.md#static-hosts): the upload folders of Netlify
   * and Cloudflare Pages, and nginx's configuration. Beside the site: `dist-hosts/`.
   */
  readonly hostsDir: string;
  /** Whether to write `.br` and `.gz` copies of text files (off in the dev server). */
  readonly precompress: boolean;
  /**
   * Where compressed copies are kept by the hash of their bytes: the cache folder, or
   * SITEGEN_COMPRESS_CACHE, a folder that projects or CI runs may share (a copy depends on
   * nothing but the bytes).
   */
  readonly compressCacheDir: string;
  /** The site stylesheet, part of the templates. */
  readonly stylesheet: string;
  /** The widgets' sources: `loader.ts` and one folder per widget. */
  readonly widgetsDir: string;
  /** Browsers the stylesheet is prefixed for (browserslist queries). */
  readonly browsers: readonly string[];
  /** Results that later builds can reuse: processed assets and the incremental build's manifest. */
  readonly cacheDir: string;
  /**
   * Where work that depends on the generator's own files alone is kept (the prefixed stylesheet,
   * the widgets' bundles): inside the generator's package, beside the bundle `cli/bin.js` makes of
   * its code, so every project and every clean build of it finds them made.
   */
  readonly generatorCacheDir: string;
  /**
   * Identifies the generator's code, templates included (a hash of their sources): a build by
   * another version renders again the pages whose code changed (`pageCode`; without it, every
   * page). None: every build renders every page.
   */
  readonly generatorKey?: string;
  /** The keys of the code pages run, from the same sources (`PageCode`); none: every page runs all of it. */
  readonly pageCode?: PageCode;
  /** Fail on any warning: fallbacks to the default language, unknown translation keys, budgets. */
  readonly isStrict: boolean;
  readonly verbosity: 'quiet' | 'normal' | 'verbose';
  /** The build's clock: SOURCE_DATE_EPOCH when set, so builds are reproducible. */
  readonly buildTime: Date;
  /**
   * Pages are rendered on worker threads running `script` when at least `from` pages need
   * rendering; below that, starting the threads costs more than they save. None: one thread.
   */
  readonly renderThreads?: { readonly script: string; readonly from: number };
}

/** Flags as the command line gives them. */
export interface BuildFlags {
  content?: string;
  out?: string;
  strict?: boolean;
  quiet?: boolean;
  verbose?: boolean;
  /** Print the report as one JSON object on stdout (`BuildReport`), the stages' progress on stderr. */
  json?: boolean;
  /** `--no-compress` sets it false: no precompressed copies, whichever hosts the site lists. */
  compress?: boolean;
}

/**
 * The generator's code as pages run it, in two kinds of key (cli/page-code.js): an edit to a
 * template renders again only the pages of the page templates that reach it.
 */
export interface PageCode {
  /** What every page runs: cli/, and every file of templates/ that is not a page template's own. */
  readonly shared: string;
  /** By page template (`Route['template']`): the other files of templates/ its component reaches through imports. */
  readonly templates: Readonly<Record<string, string>>;
}

/** The generator as the command runs it: its folder, its version and its render thread's script. */
export interface Generator {
  /** The package's folder, where templates/ and widgets/ are. */
  readonly root: string;
  readonly key?: string;
  readonly pageCode?: PageCode;
  readonly workerScript?: string;
  /** Called when `sitegen build` has built (not when the last build was still the answer). */
  readonly afterBuild?: () => void;
}

/** The generator's own folder when its modules run unbundled (tests). */
const sourceRoot = resolve(fileURLToPath(import.meta.url), '../..');

/** The browsers the site supports; autoprefixer adds the prefixes they need. */
const supportedBrowsers = ['defaults', 'not dead'];

/** Pages to render before worker threads pay for their start (measured with bench/scale.js). */
const THREADS_FROM = 300;

/** Resolves flags and environment into a Config; folders are relative to the working directory. */
export function loadConfig(
  flags: BuildFlags,
  env: NodeJS.ProcessEnv = process.env,
  generator: Generator = { root: sourceRoot },
): Config {
  const epoch = env.SOURCE_DATE_EPOCH;
  if (epoch !== undefined && !/^\d+$/.test(epoch)) {
    throw new BuildError('InvalidConfig', `SOURCE_DATE_EPOCH must be whole seconds since 1970, not "${epoch}"`);
  }
  return {
    contentDir: resolve(flags.content ?? 'content'),
    publicDir: resolve('public'),
    outDir: resolve(flags.out ?? 'dist'),
    hostsDir: `${resolve(flags.out ?? 'dist')}-hosts`,
    precompress: flags.compress ?? true,
    stylesheet: resolve(generator.root, 'templates/styles/site.css'),
    widgetsDir: resolve(generator.root, 'widgets'),
    browsers: supportedBrowsers,
    cacheDir: resolve('.cache/sitegen'),
    generatorCacheDir: resolve(generator.root, 'node_modules/.cache/sitegen/generator'),
    compressCacheDir: resolve(env.SITEGEN_COMPRESS_CACHE || '.cache/sitegen'),
    generatorKey: generator.key,
    pageCode: generator.pageCode,
    isStrict: flags.strict ?? false,
    verbosity: flags.quiet ? 'quiet' : flags.verbose ? 'verbose' : 'normal',
    buildTime: epoch === undefined ? new Date() : new Date(Number(epoch) * 1000),
    renderThreads: renderThreadsOf(env.SITEGEN_THREADS, generator.workerScript),
  };
}

/** SITEGEN_THREADS: `off` renders on the main thread only, `always` uses threads for any number of pages. */
function renderThreadsOf(setting: string | undefined, script: string | undefined): Config['renderThreads'] {
  if (setting !== undefined && !['off', 'always'].includes(setting)) {
    throw new BuildError('InvalidConfig', `SITEGEN_THREADS must be "off" or "always", not "${setting}"`);
  }
  if (!script || setting === 'off') return undefined;
  return { script, from: setting === 'always' ? 1 : THREADS_FROM };
}
