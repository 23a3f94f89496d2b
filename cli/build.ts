import { join } from 'node:path';
import type { Config } from './config.ts';
import { BuildError, throwIfAny } from './errors.ts';
import { openIncrementalBuild, type BuildPlan, type IncrementalBuild } from './incremental/incremental-build.ts';
import { findOrphanPages } from './lib/orphan-pages.ts';
import { createProgress, type Progress } from './lib/progress.ts';
import { scriptFilesFor, type ScriptWeight } from './lib/scripts.ts';
import { bundleAssets } from './stages/bundle.ts';
import { checkSite } from './stages/check.ts';
import { precompress } from './stages/compress.ts';
import { buildHostConfigs, UPLOAD_FOLDERS, type HostFolder } from './stages/hosts.ts';
import { buildImages } from './stages/images.ts';
import { loadSources } from './stages/load.ts';
import type { PageJob } from './render/render-page.tsx';
import { listPageJobs, renderSite } from './stages/render.tsx';
import { buildRoutes } from './stages/route.ts';
import { validateContent } from './stages/validate.ts';
import { bundleWidgets } from './stages/widgets.ts';
import { fsWriter, type Draft, type Writer } from './stages/write.ts';
import type { FileStamp, Output, Site } from './types.ts';

/** A finished build: the site record, every file written, the warnings and how long each step took. */
export interface BuildResult {
  readonly site: Site;
  /** Every file of the site, with its stamp as written. */
  readonly outputs: readonly (Output & { readonly stamp: FileStamp })[];
  readonly warnings: readonly BuildError[];
  readonly timings: Progress['timings'];
  /** Each page's JavaScript, gzip bytes, by output path. */
  readonly scriptWeights: ReadonlyMap<string, ScriptWeight>;
  /** Pages rendered by this build, and pages carried over unchanged from the last one. */
  readonly rendered: number;
  readonly kept: number;
  /** The incremental build, for the next build to start from (the dev server keeps it). */
  readonly incremental: IncrementalBuild;
}

/** Where a build writes, how it reports progress, and the incremental build to continue. */
export interface BuildOptions {
  readonly writer?: Writer;
  /**
   * Where each host folder goes; `false` writes none (the dev server). By default the folders
   * of `config.hostsDir` when the site goes to `config.outDir`, and none when `writer` is given.
   */
  readonly hostWriters?: ((folder: HostFolder) => Writer) | false;
  readonly progress?: Progress;
  readonly incremental?: IncrementalBuild;
}

/**
 * The pipeline: load → validate → route → bundle → images → widgets → render → hosts → check
 * → compress → write → host folders. Each stage is a function of what the earlier ones made;
 * the incremental build (cli/incremental/) plans which pages render again before `render` and
 * remembers what was written after `write`. Rendered pages go into the writer's draft of the
 * new version as they come, and the draft replaces the site only once every check has passed,
 * so a failed build changes nothing; the host folders follow the site.
 */
export async function build(config: Config, options: BuildOptions = {}): Promise<BuildResult> {
  const { task, timings } = options.progress ?? createProgress({ silent: true });
  const writer = options.writer ?? fsWriter(config.outDir, { spareIn: config.cacheDir });
  const hostWriters =
    options.hostWriters ??
    (options.writer
      ? false
      : (folder: HostFolder) => fsWriter(join(config.hostsDir, folder), { spareIn: config.cacheDir }));
  const incremental = await openIncrementalBuild(config, options.incremental);

  const sources = await task('load', () => loadSources(config));
  // The stylesheet, icons and widgets need nothing of the content: esbuild, sharp and zlib work
  // on other threads and processes while this one validates.
  const bundled = settled(task('bundle', () => bundleAssets({ ...config, publicFiles: sources.publicFiles })));
  const widgetsBundled = settled(task('widgets', () => bundleWidgets(config.widgetsDir, config.generatorCacheDir)));
  const content = await task('validate', () => validateContent(sources, incremental.parser()));
  const { routes, redirects } = await task('route', () => buildRoutes(content));
  const images = await task('images', () => buildImages(content.images, config.cacheDir));
  const assets = await bundled();
  const widgets = await widgetsBundled();
  const buildYear = config.buildTime.getUTCFullYear();
  const site: Site = {
    content,
    routes,
    redirects,
    assets: assets.manifest,
    images: images.manifest,
    scripts: widgets.scripts,
    buildYear,
  };

  const jobs = listPageJobs(site);
  const plan = await task('plan', () => incremental.plan(site, jobs, writer));
  const draft = await writer.begin();
  try {
    const assetFiles = [...assets.outputs, ...images.outputs];
    const isOnDisk = !options.writer;
    const made = { site, plan, jobs, assetFiles, widgets, incremental, writer, draft, hostWriters, isOnDisk };
    return await finishBuild(config, made, task, timings);
  } catch (error) {
    await draft.discard();
    throw error;
  }
}

/** What the build has made by the time it renders, and where it writes, for the stages from there on. */
interface MadeSoFar {
  readonly site: Site;
  readonly plan: BuildPlan;
  readonly jobs: readonly PageJob[];
  /** The stylesheet, fonts, icons and content images. */
  readonly assetFiles: readonly Output[];
  readonly widgets: Awaited<ReturnType<typeof bundleWidgets>>;
  readonly incremental: IncrementalBuild;
  readonly writer: Writer;
  readonly draft: Draft;
  /** Where each host folder goes; or none. */
  readonly hostWriters: ((folder: HostFolder) => Writer) | false;
  /** Whether the site is written to `config.outDir`, where the host folders link to its files. */
  readonly isOnDisk: boolean;
}

/**
 * Render → hosts → check → compress → write → host folders. Each rendered page is compressed
 * and written aside as it arrives, while the threads render the next: the build holds no
 * page's bytes, and the disk works while the processors render.
 */
async function finishBuild(
  config: Config,
  { site, plan, jobs, assetFiles, widgets, incremental, writer, draft, hostWriters, isOnDisk }: MadeSoFar,
  task: Progress['task'],
  timings: Progress['timings'],
): Promise<BuildResult> {
  const { content, redirects } = site;
  const copies: Output[] = [];
  const keep = async (outputs: Output[]) => {
    const compressed = config.precompress
      ? await precompress(outputs, config.compressCacheDir, (path) => writer.current(path))
      : [];
    const [kept, keptCopies] = await Promise.all([draft.add(outputs), draft.add(compressed)]);
    copies.push(...keptCopies);
    return kept;
  };
  const rendered = await task('render', (line) => renderSite(site, plan.toRender, config.renderThreads, line, keep));
  const fresh = new Set(rendered.pages.flatMap((page) => page.outputs.map((output) => output.path)));
  const pages = [...rendered.pages.flatMap((page) => page.outputs), ...plan.carried, ...rendered.files];
  const languages = content.languages.map((language) => language.code);
  const islands = [...new Set(pages.flatMap((page) => page.summary?.islands.map((island) => island.name) ?? []))];
  const files = [
    ...pages,
    ...assetFiles,
    ...scriptFilesFor(islands.sort(), widgets.files, widgets.scripts),
    ...content.publicFiles,
  ];
  const hosts = await task('hosts', () => buildHostConfigs(files, redirects, content.settings, languages));
  const outputs = [...files, ...hosts.site];
  const checked = await task('check', () => checkSite(outputs, site.scripts, languages));
  throwIfAny(checked.errors);
  const warnings = [...content.warnings, ...rendered.warnings, ...checked.overBudget, ...findOrphanPages(pages)];
  if (config.isStrict)
    throwIfAny(warnings.map((warning) => new BuildError(warning.code, `${warning.message} (--strict)`, warning)));
  // The pages rendered have their copies already.
  const toCompress = files.filter((file) => !fresh.has(file.path));
  const compressed = config.precompress
    ? await task('compress', () => precompress(toCompress, config.compressCacheDir, (path) => writer.current(path)))
    : [];
  const stamps = await task('write', () => draft.finish([...outputs, ...copies, ...compressed]));
  if (hostWriters) {
    // Netlify and Cloudflare Pages get the site without the copies they would serve as pages,
    // linked to the files just written; nginx gets its configuration alone.
    const linked = isOnDisk
      ? files.map(({ path }) => ({ path, contents: { copyOf: join(config.outDir, path), stamp: stamps.get(path) } }))
      : files;
    await task('host folders', async () => {
      for (const [folder, own] of Object.entries(hosts.folders) as [HostFolder, readonly Output[]][])
        await hostWriters(folder).write([...(UPLOAD_FOLDERS.includes(folder) ? linked : []), ...own]);
    });
  }
  await task('remember', () => incremental.remember(site, rendered.pages, stamps));

  return {
    site,
    outputs: outputs.map((output) => ({ ...output, stamp: stamps.get(output.path)! })),
    warnings,
    timings,
    scriptWeights: checked.weights,
    rendered: plan.toRender.length,
    kept: jobs.length - plan.toRender.length,
    incremental,
  };
}

/**
 * Starts `work` now and returns a function that waits for it: a failure is reported when
 * awaited, and never as an unhandled rejection when an earlier stage fails first.
 */
function settled<T>(work: Promise<T>): () => Promise<T> {
  work.catch(() => undefined);
  return () => work;
}
