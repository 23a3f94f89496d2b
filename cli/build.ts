import type { Config } from './config.ts';
import type { BuildError } from './errors.ts';
import { openIncrementalBuild, type IncrementalBuild } from './incremental/incremental-build.ts';
import { createProgress, type Progress } from './lib/progress.ts';
import { summarizeBuild, type BuildSummary } from './lib/build-summary.ts';
import type { ScriptWeight } from './lib/scripts.ts';
import { fsWriter } from './output/folder-writer.ts';
import type { FileStamp, FolderVersion } from './output/types.ts';
import { filesOf, stampIn, writeVersion, type Writer } from './output/writer.ts';
import { renderContextOf } from './render/render-page.tsx';
import { bundleAssets, bundleStyles } from './stages/bundle.ts';
import { precompress } from './stages/compress.ts';
import { buildHostConfigs, hostFolderFiles, isAnyHostSendingCopies } from './stages/hosts.ts';
import { buildImages } from './stages/images.ts';
import { loadSources } from './stages/load.ts';
import { listPageJobs, renderSite } from './stages/render.tsx';
import { buildRoutes } from './stages/route.ts';
import { validateContent } from './stages/validate.ts';
import { judgeSite } from './stages/verdict.ts';
import { bundleWidgets, widgetFilesFor } from './stages/widgets.ts';
import type { Output, Site } from './types.ts';

/** A finished build: the site record, every file written, the warnings and how long each step took. */
export interface BuildResult {
  readonly site: Site;
  /** Every file of the site, with its stamp as written. */
  readonly outputs: readonly (Output & { readonly stamp: FileStamp })[];
  /** The version of the site's folder written: the same id as the last build's when nothing changed. */
  readonly version: FolderVersion;
  readonly warnings: readonly BuildError[];
  readonly timings: Progress['timings'];
  /** Each page's JavaScript, gzip bytes, by output path. */
  readonly scriptWeights: ReadonlyMap<string, ScriptWeight>;
  /** Pages rendered by this build, and pages kept as the last one wrote them (unchanged). */
  readonly rendered: number;
  readonly kept: number;
  /** The incremental build, for the next build to start from (the dev server holds it). */
  readonly incremental: IncrementalBuild;
  /** What the report says of the site. */
  readonly summary: BuildSummary;
}

/** Where a build writes, how it reports progress, and the incremental build to continue. */
export interface BuildOptions {
  /**
   * Where the site and the host folders (`nginx/…`, `netlify/…`) go; no `hosts` writes none (the
   * dev server). By default `config.outDir` and `config.hostsDir` on disk, each writer keeping its
   * record in `config.cacheDir`.
   */
  readonly writers?: { readonly site: Writer; readonly hosts?: Writer };
  readonly progress?: Progress;
  readonly incremental?: IncrementalBuild;
  /**
   * The key of what this build reads, taken before it starts (incremental/up-to-date.ts): saved
   * with its record, so that the next `sitegen build` can tell that nothing changed.
   */
  readonly inputs?: string;
}

/** The writers of a build on disk: the site into `outDir`, the host folders into `hostsDir`. */
export const writersOnDisk = (config: Config) => ({
  site: fsWriter(config.outDir, config.cacheDir),
  hosts: fsWriter(config.hostsDir, config.cacheDir),
});

/**
 * The pipeline. Its tasks, in the order they run (the progress and the timings name them so):
 *
 *   load → bundle, widgets (beside what follows) → validate → route → images → plan → render
 *   → hosts → verdict → compress → write → host folders → remember
 *
 * Each stage (cli/stages/) is a function of what the earlier ones made. The incremental build
 * (cli/incremental/) wraps it: `plan` says which pages render again, `remember` records what was
 * made. The writer (cli/output/) owns the output folders: pages go into its draft of the new
 * version as they are rendered, so the build holds none of their bytes, and the draft replaces
 * the site only once `verdict` has passed, so a failed build changes nothing.
 */
export async function build(config: Config, options: BuildOptions = {}): Promise<BuildResult> {
  const { task, timings } = options.progress ?? createProgress({ silent: true });
  const writers = options.writers ?? writersOnDisk(config);
  const incremental = await openIncrementalBuild(config, options.incremental);

  const sources = await task('load', () => loadSources(config));
  // The stylesheet, icons and widgets need nothing of the content: esbuild and sharp work on
  // other threads and processes while this one validates.
  const bundled = settled(task('bundle', () => bundleAssets({ ...config, publicFiles: sources.publicFiles })));
  const widgetsBundled = settled(task('widgets', () => bundleWidgets(config.widgetsDir, config.generatorCacheDir)));
  const content = await task('validate', () => validateContent(sources, incremental.parser()));
  const { routes, redirects } = await task('route', () => buildRoutes(content));
  const images = await task('images', () => buildImages(content.images, config.cacheDir));
  const [assets, widgets] = [await bundled(), await widgetsBundled()];
  const site: Site = {
    content,
    routes,
    redirects,
    assets: assets.manifest,
    images: images.manifest,
    imageSizes: assets.imageSizes,
    scripts: widgets.scripts,
    buildYear: config.buildTime.getUTCFullYear(),
  };
  const languages = content.languages.map((language) => language.code);
  const hasCopies = config.precompress && isAnyHostSendingCopies(content.settings.hosts);

  const draft = await writers.site.begin();
  try {
    const jobs = listPageJobs(site);
    const context = renderContextOf(site);
    const plan = await task('plan', () => incremental.plan(site, context, jobs, draft));
    const rendered = await task('render', (line) =>
      renderSite(site, context, plan.toRender, {
        threads: config.renderThreads,
        progress: line,
        into: draft,
        compress: hasCopies,
      }),
    );
    // Rendering's files: the pages rendered now and kept, the redirect stubs, the sitemap, robots.txt.
    const renderedFiles = [...rendered.pages.flatMap((page) => page.outputs), ...plan.kept, ...rendered.files];
    const files = [
      ...renderedFiles,
      ...assets.outputs,
      ...(await assets.pictures),
      ...images.outputs,
      ...widgetFilesFor(renderedFiles, widgets),
      ...content.publicFiles,
    ];
    const hosts = await task('hosts', () => buildHostConfigs(files, redirects, content.settings, languages));
    const siteFiles = [...files, ...hosts.site];
    const verdict = await task('verdict', () =>
      judgeSite(siteFiles, site.scripts, languages, { earlier: content.warnings, isStrict: config.isStrict }),
    );
    const copies = hasCopies
      ? await task('compress', () =>
          precompress(
            files,
            config.compressCacheDir,
            (path) => draft.current(path),
            (made) => draft.add(made),
            rendered.copies,
          ),
        )
      : [];
    const version = await task('write', () => draft.finish([...siteFiles, ...copies]));
    const hostsWriter = writers.hosts;
    if (hostsWriter) {
      // The upload folders hold the site's files without the copies: links to the files just written.
      await task('host folders', () => writeVersion(hostsWriter, hostFolderFiles(hosts, filesOf(version, files))));
    }
    const outputs = siteFiles.map((output) => ({ ...output, stamp: stampIn(version, output.path) }));
    const summary = summarizeBuild(site, outputs, { jobs: jobs.length, ...verdict });
    await task('remember', () =>
      incremental.remember(site, plan, rendered.pages, { version: version.id, summary, inputs: options.inputs }),
    );

    return {
      site,
      outputs,
      version,
      warnings: verdict.warnings,
      timings,
      scriptWeights: verdict.weights,
      rendered: plan.toRender.length,
      kept: jobs.length - plan.toRender.length,
      incremental,
      summary,
    };
  } finally {
    await draft.discard();
  }
}

/**
 * The stylesheet alone, after an edit to it (the dev server): bundled again and written in place
 * of the last build's, beside its other files as they are, with no page rendered. The pages
 * still link the old address, which the dev server rewrites as it serves them; the next build
 * renders them with the new one. Undefined when the edit changed the fonts the stylesheet names,
 * which pages preload: only a build will do then.
 */
export async function restyle(config: Config, last: BuildResult, writer: Writer): Promise<BuildResult | undefined> {
  const { stylesheet, fonts } = await bundleStyles(config);
  const { assets } = last.site;
  if (fonts.map((font) => `/${font.path}`).join('\n') !== assets.fonts.join('\n')) return undefined;
  const others = last.outputs.filter((output) => `/${output.path}` !== assets.stylesheet);
  const version = await writeVersion(writer, [...filesOf(last.version, others), stylesheet]);
  await last.incremental.rebase(version.id);
  const outputs = [...others, stylesheet].map((output) => ({ ...output, stamp: stampIn(version, output.path) }));
  const site = { ...last.site, assets: { ...assets, stylesheet: `/${stylesheet.path}` } };
  return { ...last, site, outputs, version, rendered: 0, kept: last.rendered + last.kept };
}

/**
 * Starts `work` now and returns a function that waits for it: a failure is reported when
 * awaited, and never as an unhandled rejection when an earlier stage fails first.
 */
function settled<T>(work: Promise<T>): () => Promise<T> {
  work.catch(() => undefined);
  return () => work;
}
