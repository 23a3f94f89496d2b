import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** How a build runs: folders, strictness, output detail, clock. */
export interface Config {
  /** Content folder (YAML and markdown per locale). */
  readonly contentDir: string;
  /** Static files copied as they are. */
  readonly publicDir: string;
  /** Where the finished site goes. */
  readonly outDir: string;
  /** The site stylesheet, part of the templates. */
  readonly stylesheet: string;
  /** The widgets' sources: `loader.ts` and one folder per widget. */
  readonly widgetsDir: string;
  /** Most JavaScript a page may load without interaction, gzip bytes (--strict fails over it). */
  readonly scriptBudgets: { readonly home: number; readonly page: number };
  /** Browsers the stylesheet is prefixed for (browserslist queries). */
  readonly browsers: readonly string[];
  /** Results that later builds can reuse, keyed by the hash of their inputs. */
  readonly cacheDir: string;
  /** Identifies the generator's code; caches are kept per version. None: no markdown cache. */
  readonly generatorKey?: string;
  /** Fail on any warning: fallbacks to Catalan, unknown translation keys. */
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
}

/** The generator's own folder when its modules run unbundled (tests). */
const sourcePackageRoot = resolve(fileURLToPath(import.meta.url), '../..');

/** The browsers the site supports; autoprefixer adds the prefixes they need. */
const supportedBrowsers = ['defaults', 'not dead'];

const defaults = {
  contentDir: 'content',
  publicDir: 'public',
  outDir: 'dist',
} satisfies Partial<Record<keyof Config, string>>;

/** Pages to render before worker threads pay for their start (measured with bench/scale.js). */
const THREADS_FROM = 300;

/** Resolves flags and environment into a Config; folders are relative to the working directory. */
export function loadConfig(
  flags: BuildFlags,
  env: NodeJS.ProcessEnv = process.env,
  packageRoot = sourcePackageRoot,
  generatorKey?: string,
  workerScript?: string,
): Config {
  const epoch = env.SOURCE_DATE_EPOCH;
  if (epoch !== undefined && !/^\d+$/.test(epoch))
    throw new Error(`SOURCE_DATE_EPOCH must be whole seconds since 1970, not "${epoch}"`);
  return {
    contentDir: resolve(flags.content ?? defaults.contentDir),
    publicDir: resolve(defaults.publicDir),
    outDir: resolve(flags.out ?? defaults.outDir),
    stylesheet: resolve(packageRoot, 'templates/styles/site.css'),
    widgetsDir: resolve(packageRoot, 'widgets'),
    browsers: supportedBrowsers,
    scriptBudgets: { home: 12 * 1024, page: 8 * 1024 },
    cacheDir: resolve('.cache/sitegen'),
    generatorKey,
    isStrict: flags.strict ?? false,
    verbosity: flags.quiet ? 'quiet' : flags.verbose ? 'verbose' : 'normal',
    buildTime: epoch === undefined ? new Date() : new Date(Number(epoch) * 1000),
    renderThreads: renderThreadsOf(env.SITEGEN_THREADS, workerScript),
  };
}

/** SITEGEN_THREADS: `off` renders on the main thread only, `always` uses threads for any number of pages. */
function renderThreadsOf(setting: string | undefined, script: string | undefined): Config['renderThreads'] {
  if (setting !== undefined && !['off', 'always'].includes(setting))
    throw new Error(`SITEGEN_THREADS must be "off" or "always", not "${setting}"`);
  if (!script || setting === 'off') return undefined;
  return { script, from: setting === 'always' ? 1 : THREADS_FROM };
}
