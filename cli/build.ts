import { gzipSync } from 'node:zlib';
import { BuildError, BuildErrors, throwIfAny } from './errors.ts';
import { loadBuildMemory, saveBuildMemory, type BuildMemory } from './lib/build-memory.ts';
import { createProgress, type Progress } from './lib/progress.ts';
import { bundleAssets } from './stages/bundle.ts';
import { buildImages } from './stages/images.ts';
import { bundleWidgets, scriptFilesFor } from './stages/bundle-widgets.ts';
import { checkOutputs } from './stages/check.ts';
import { checkScripts } from './stages/check-scripts.ts';
import { writeHostConfigs } from './stages/host-config.ts';
import type { ScriptWeight } from './lib/islands.ts';
import { loadFiles, type KnownSources } from './stages/load.ts';
import { renderSite } from './stages/render.tsx';
import { buildRoutes } from './stages/route.ts';
import { validateContent } from './stages/validate.ts';
import { fsWriter, type Writer } from './stages/write.ts';
import type { Config } from './config.ts';
import type { Output, OutputRecord, Site } from './types.ts';

/**
 * Which pages' links need checking: all of them, unless the site has the same files as the
 * last build, pages where it had pages, and no page it rendered again changed its ids; then
 * the links of the pages it carried over lead where they led before, and only the rendered
 * pages are checked.
 */
function linksToCheck(
  records: readonly OutputRecord[],
  rendered: { renderedPaths: ReadonlySet<string>; pages: ReadonlyMap<string, unknown> },
  previous: BuildMemory,
): (output: OutputRecord) => boolean {
  const { renderedPaths } = rendered;
  const all = () => true;
  if (previous.files.length !== records.length) return all;
  const before = new Set(previous.files);
  if (
    records.some(
      (record) => !before.has(record.path) || previous.pages.has(record.path) !== rendered.pages.has(record.path),
    )
  )
    return all;
  for (const record of records) {
    if (!renderedPaths.has(record.path)) continue;
    const ids = previous.pages.get(record.path)?.summary.ids;
    if (!ids || ids.join('\n') !== (record.summary?.ids ?? []).join('\n')) return all;
  }
  return (output) => renderedPaths.has(output.path);
}

/** A finished build: the site record, its warnings and how long each stage took. */
export interface BuildResult {
  readonly site: Site;
  readonly warnings: readonly BuildError[];
  readonly timings: readonly { stage: string; ms: number }[];
  /** Each page's JavaScript, gzip bytes, by output path. */
  readonly scriptWeights: ReadonlyMap<string, ScriptWeight>;
  /** The stylesheet's gzip bytes. */
  readonly stylesheetGzip: number;
  /** Pages rendered by this build, and pages carried over unchanged from the last one. */
  readonly rendered: number;
  readonly kept: number;
  /** What this build remembers, for the next one (the dev server keeps it in memory). */
  readonly memory: BuildMemory;
}

/**
 * The pipeline, in order: load → validate → route → bundle → images → widgets → render → hosts →
 * check → write. Pages are handed to the writer as they are rendered; the writer keeps them
 * apart from the current site until the checks pass, so a failed build changes nothing.
 * `memory` is what the last build remembered; by default it is read from the cache folder.
 */
export async function build(
  config: Config,
  writer: Writer = fsWriter(config.outDir),
  progress: Progress = createProgress(config),
  memory?: BuildMemory,
): Promise<BuildResult> {
  const task = progress.task;
  const previous = memory ?? (await loadBuildMemory(config.cacheDir, config.generatorKey, config.outDir));
  const files = await task('load', () => loadFiles(config.contentDir, config.publicDir, previous.sources));
  const parsed = new Map(previous.parsed);
  const checked = new Map(previous.checked);
  const content = await task('validate', () => validateContent(files, parsed, checked));
  const { routes, redirects } = await task('route', () => buildRoutes(content));
  const bundle = await task('bundle', () =>
    bundleAssets({
      stylesheetPath: config.stylesheet,
      browsers: config.browsers,
      publicFiles: content.publicFiles,
      cacheDir: config.cacheDir,
    }),
  );
  const images = await task('images', () => buildImages(content.images, config.cacheDir));
  const widgets = await task('widgets', () => bundleWidgets(config.widgetsDir, config.cacheDir));

  const session = await writer.begin();
  try {
    const rendered = await task('render', () =>
      renderSite(
        {
          content,
          routes,
          redirects,
          assets: bundle.assets,
          scripts: widgets.scripts,
          images: images.manifest,
          buildYear: config.buildTime.getUTCFullYear(),
          manifest: previous.pages,
          lookups: previous.lookups,
          threads: config.renderThreads,
        },
        session,
      ),
    );
    const usedWidgets = [
      ...new Set(rendered.outputs.flatMap((output) => output.summary?.islands.map((island) => island.name) ?? [])),
    ].sort();
    const publicOutputs: Output[] = content.publicFiles.map((file) => ({ path: file.path, contents: file.contents }));
    const hosts = await task('hosts', () => writeHostConfigs(rendered.outputs, redirects, content.settings));
    const others = [
      ...bundle.outputs,
      ...images.outputs,
      ...scriptFilesFor(usedWidgets, widgets),
      ...publicOutputs,
      ...hosts.outputs,
    ];
    for (const output of others) await session.put(output.path, output.contents);
    const records: OutputRecord[] = [...rendered.outputs, ...others.map((output) => ({ path: output.path }))];
    const scriptCheck = await task('check', () => {
      const checked = checkScripts(records, widgets.scripts, config.scriptBudgets);
      throwIfAny([...checkOutputs(records, linksToCheck(records, rendered, previous)), ...checked.errors]);
      return checked;
    });
    const warnings = [...content.warnings, ...rendered.warnings, ...scriptCheck.overBudget];
    if (config.isStrict && warnings.length > 0)
      throw new BuildErrors(
        warnings.map((warning) => new BuildError(warning.code, `${warning.message} (--strict)`, warning)),
      );
    const stamps = await task('write', () => session.commit(previous.files.length > 0 ? previous.files : undefined));
    const pages = new Map(
      [...rendered.pages].map(([path, page]) => [path, 'stamp' in page ? page : { ...page, stamp: stamps.get(path)! }]),
    );
    const written = records.map((record) => record.path);
    const hashes = new Map(content.pages.map((page) => [page.file, page.sourceHash]));
    const sources: KnownSources = new Map(
      files.content.flatMap((file) =>
        file.stamp && hashes.has(file.file) ? [[file.path, { stamp: file.stamp, hash: hashes.get(file.file)! }]] : [],
      ),
    );
    const remembered = { pages, parsed, checked, sources, files: written, lookups: rendered.lookups };
    // The site is written by now; a memory that cannot be saved only makes the next build slower.
    await saveBuildMemory(config.cacheDir, config.generatorKey, config.outDir, remembered).catch(() => undefined);
    const stylesheet = bundle.outputs.find((output) => `/${output.path}` === bundle.assets.stylesheet);
    return {
      site: {
        content,
        routes,
        redirects,
        assets: bundle.assets,
        scripts: widgets.scripts,
        outputs: records.map((record) => ({ ...record, size: stamps.get(record.path)?.size })),
      },
      warnings,
      timings: progress.timings,
      scriptWeights: scriptCheck.weights,
      stylesheetGzip: stylesheet ? gzipSync(stylesheet.contents).length : 0,
      rendered: rendered.rendered,
      kept: rendered.kept,
      memory: remembered,
    };
  } catch (error) {
    await session.abort();
    throw error;
  }
}
