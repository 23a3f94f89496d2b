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
import { loadFiles } from './stages/load.ts';
import { renderSite } from './stages/render.tsx';
import { buildRoutes } from './stages/route.ts';
import { validateContent } from './stages/validate.ts';
import { fsWriter, type Writer } from './stages/write.ts';
import type { Config } from './config.ts';
import type { Output, OutputRecord, Site } from './types.ts';

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
export async function build(config: Config, writer: Writer = fsWriter(config.outDir), progress: Progress = createProgress(config), memory?: BuildMemory): Promise<BuildResult> {
  const task = progress.task;
  const files = await task('load', () => loadFiles(config.contentDir, config.publicDir));
  const previous = memory ?? (await loadBuildMemory(config.cacheDir, config.generatorKey, config.outDir));
  const parsed = new Map(previous.parsed);
  const checked = new Map(previous.checked);
  const content = await task('validate', () => validateContent(files, parsed, checked));
  const { routes, redirects } = await task('route', () => buildRoutes(content));
  const bundle = await task('bundle', () => bundleAssets({ stylesheetPath: config.stylesheet, browsers: config.browsers, publicFiles: content.publicFiles, cacheDir: config.cacheDir }));
  const images = await task('images', () => buildImages(content.images, config.cacheDir));
  const widgets = await task('widgets', () => bundleWidgets(config.widgetsDir, config.cacheDir));

  const session = await writer.begin();
  try {
    const rendered = await task('render', () => renderSite({
      content, routes, redirects, assets: bundle.assets, scripts: widgets.scripts, images: images.manifest, buildYear: config.buildTime.getUTCFullYear(),
      manifest: previous.pages, threads: config.renderThreads,
    }, session));
    const usedWidgets = [...new Set(rendered.outputs.flatMap((output) => output.summary?.islands.map((island) => island.name) ?? []))].sort();
    const publicOutputs: Output[] = content.publicFiles.map((file) => ({ path: file.path, contents: file.contents }));
    const hosts = await task('hosts', () => writeHostConfigs(rendered.outputs, redirects, content.settings));
    const others = [...bundle.outputs, ...images.outputs, ...scriptFilesFor(usedWidgets, widgets), ...publicOutputs, ...hosts.outputs];
    for (const output of others) await session.put(output.path, output.contents);
    const records: OutputRecord[] = [...rendered.outputs, ...others.map((output) => ({ path: output.path }))];
    const scriptCheck = await task('check', () => {
      const checked = checkScripts(records, widgets.scripts, config.scriptBudgets);
      throwIfAny([...checkOutputs(records), ...checked.errors]);
      return checked;
    });
    const warnings = [...content.warnings, ...rendered.warnings, ...scriptCheck.overBudget];
    if (config.isStrict && warnings.length > 0) throw new BuildErrors(warnings.map((warning) => new BuildError(warning.code, `${warning.message} (--strict)`, warning)));
    const stamps = await task('write', () => session.commit(previous.files.length > 0 ? previous.files : undefined));
    const pages = new Map([...rendered.pages].map(([path, page]) => [path, { ...page, stamp: stamps.get(path)! }]));
    const files = records.map((record) => record.path);
    await saveBuildMemory(config.cacheDir, config.generatorKey, config.outDir, { pages, parsed, checked, files });
    const stylesheet = bundle.outputs.find((output) => `/${output.path}` === bundle.assets.stylesheet);
    return {
      site: { content, routes, redirects, assets: bundle.assets, scripts: widgets.scripts, outputs: records.map((record) => ({ ...record, size: stamps.get(record.path)?.size })) },
      warnings, timings: progress.timings, scriptWeights: scriptCheck.weights, stylesheetGzip: stylesheet ? gzipSync(stylesheet.contents).length : 0,
      rendered: rendered.rendered, kept: rendered.kept, memory: { pages, parsed, checked, files },
    };
  } catch (error) {
    await session.abort();
    throw error;
  }
}
