import { join } from 'node:path';
import type { Config } from './config.ts';
import type { BuildError } from './errors.ts';
import { openIncrementalBuild, type IncrementalBuild } from './incremental/incremental-build.ts';
import { createProgress, type Progress } from './lib/progress.ts';
import { renderContextOf } from './render/render-page.tsx';
import { summarizeBuild, type BuildSummary } from './lib/build-summary.ts';
import type { ScriptWeight } from './lib/scripts.ts';
import { bundleAssets } from './stages/bundle.ts';
import { judgeSite } from './stages/check.ts';
import { precompress } from './stages/compress.ts';
import { buildHostConfigs, hostFolderFiles, isAnyHostSendingCopies } from './stages/hosts.ts';
import { buildImages } from './stages/images.ts';
import { loadSources } from './stages/load.ts';
import { listPageJobs, renderSite } from './stages/render.tsx';
import { buildRoutes } from './stages/route.ts';
import { validateContent } from './stages/validate.ts';
import { bundleWidgets, widgetFilesFor } from './stages/widgets.ts';
import { fsWriter, writeVersion, type Writer } from './stages/write.ts';
import type { FileStamp, Output, Site, Written } from './types.ts';

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
  /** What the report says of the site. */
  readonly summary: BuildSummary;
}

/** Where a build writes, how it reports progress, and the incremental build to continue. */
export interface BuildOptions {
  /** Where the site goes; by default `config.outDir` on disk. */
  readonly writer?: Writer;
  /**
   * Where the host folders go (`nginx/…`, `netlify/…`); `false` writes none (the dev server).
   * By default `config.hostsDir` when the site goes to `config.outDir`, and none when `writer` is given.
   */
  readonly hostWriter?: Writer | false;
  readonly progress?: Progress;
  readonly incremental?: IncrementalBuild;
  /**
   * The key of what this build reads, taken before it starts (incremental/up-to-date.ts): saved
   * with its record, so that the next `sitegen build` can tell that nothing changed.
   */
  readonly inputs?: string;
}

/**
 * The pipeline, in order: load → validate → route → bundle, widgets, images → render → hosts
 * → check → compress → write → host folders. Each stage is a function of what the earlier ones
 * made. The incremental build (cli/incremental/) wraps it: it plans which pages render again,
 * and remembers what was made. Pages go into the writer's draft of the new version as they are
 * rendered, so the build holds none of their bytes; the draft replaces the site only once the
 * checks have passed, so a failed build changes nothing.
 */
export async function build(config: Config, options: BuildOptions = {}): Promise<BuildResult> {
  const { task, timings } = options.progress ?? createProgress({ silent: true });
  const writer = options.writer ?? fsWriter(config.outDir);
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
  const scripts = widgets.scripts;
  const buildYear = config.buildTime.getUTCFullYear();
  const site: Site = {
    content,
    routes,
    redirects,
    assets: assets.manifest,
    images: images.manifest,
    imageSizes: assets.imageSizes,
    scripts,
    buildYear,
  };
  const languages = content.languages.map((language) => language.code);

  const draft = await writer.begin(incremental.written(config.outDir));
  try {
    const jobs = listPageJobs(site);
    const context = renderContextOf(site);
    const plan = await task('plan', () => incremental.plan(site, context, jobs, draft));
    const hasCopies = config.precompress && isAnyHostSendingCopies(content.settings.hosts);
    const rendered = await task('render', (line) =>
      renderSite(site, context, plan.toRender, {
        threads: config.renderThreads,
        progress: line,
        into: draft,
        compress: hasCopies,
      }),
    );
    const pages = [...rendered.pages.flatMap((page) => page.outputs), ...plan.carried, ...rendered.files];
    const files = [
      ...pages,
      ...assets.outputs,
      ...(await assets.pictures),
      ...images.outputs,
      ...widgetFilesFor(pages, widgets),
      ...content.publicFiles,
    ];
    const hosts = await task('hosts', () => buildHostConfigs(files, redirects, content.settings, languages));
    const verdict = await task('check', () =>
      judgeSite([...files, ...hosts.site], scripts, languages, {
        earlier: content.warnings,
        isStrict: config.isStrict,
      }),
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
    const written = await task('write', () => draft.finish([...files, ...hosts.site, ...copies]));
    const folders = new Map([[config.outDir, written]]);
    const hostWriter = options.hostWriter ?? (!options.writer && fsWriter(config.hostsDir));
    if (hostWriter) {
      // The upload folders hold the site's files without the copies: links to the files just written.
      const siteFiles = writer.folder ? files.map(({ path }) => siteFileOf(writer.folder!, path, written)) : files;
      const last = incremental.written(config.hostsDir);
      const hostsWritten = await task('host folders', () =>
        writeVersion(hostWriter, hostFolderFiles(hosts, siteFiles), last),
      );
      folders.set(config.hostsDir, hostsWritten);
    }
    const outputs = [...files, ...hosts.site].map((output) => ({ ...output, stamp: written.files.get(output.path)! }));
    const summary = summarizeBuild(site, outputs, { jobs: jobs.length, ...verdict });
    await task('remember', () =>
      incremental.remember(site, plan, rendered.pages, folders, { summary, inputs: options.inputs }),
    );

    return {
      site,
      outputs,
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

/** An output that is the site's file at `path`, as just written: what the host folders link to. */
const siteFileOf = (folder: string, path: string, written: Written): Output => ({
  path,
  contents: { file: join(folder, path), stamp: written.files.get(path)! },
});

/**
 * Starts `work` now and returns a function that waits for it: a failure is reported when
 * awaited, and never as an unhandled rejection when an earlier stage fails first.
 */
function settled<T>(work: Promise<T>): () => Promise<T> {
  work.catch(() => undefined);
  return () => work;
}
