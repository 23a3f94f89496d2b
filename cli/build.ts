import { BuildError, BuildErrors, throwIfAny } from './errors.ts';
import { loadMarkdownCache, saveMarkdownCache } from './lib/markdown-cache.ts';
import { createProgress, type Progress } from './lib/progress.ts';
import { attachScripts, usedWidgets } from './stages/attach-scripts.ts';
import { bundleAssets } from './stages/bundle.ts';
import { buildImages } from './stages/images.ts';
import { bundleWidgets } from './stages/bundle-widgets.ts';
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
import type { Output, Site } from './types.ts';

/** A finished build: the site record, its warnings and how long each stage took. */
export interface BuildResult {
  readonly site: Site;
  readonly warnings: readonly BuildError[];
  readonly timings: readonly { stage: string; ms: number }[];
  /** Each page's JavaScript, gzip bytes, by output path. */
  readonly scriptWeights: ReadonlyMap<string, ScriptWeight>;
}

/**
 * The pipeline, in order: load → validate → route → bundle → images → render → widgets → hosts → check → write.
 * Widgets are bundled after rendering, so only the islands the pages place are built.
 * Checks run on the in-memory site, so a failed build writes nothing.
 */
export async function build(config: Config, writer: Writer = fsWriter(config.outDir), progress: Progress = createProgress(config)): Promise<BuildResult> {
  const task = progress.task;
  const files = await task('load', () => loadFiles(config.contentDir, config.publicDir));
  const content = await task('validate', () => validateContent(files));
  const { routes, redirects } = await task('route', () => buildRoutes(content));
  const bundle = await task('bundle', () => bundleAssets({ stylesheetPath: config.stylesheet, browsers: config.browsers, publicFiles: content.publicFiles, cacheDir: config.cacheDir }));
  const images = await task('images', () => buildImages(content.images, config.cacheDir));
  const markdownCache = await loadMarkdownCache(config.cacheDir, config.generatorKey);
  const rendered = await task('render', () => renderSite({ content, routes, redirects, assets: bundle.assets, buildTime: config.buildTime, markdownCache, images: images.manifest }));
  const widgets = await task('widgets', () => bundleWidgets(config.widgetsDir, config.cacheDir, usedWidgets(rendered.outputs)));
  const pages = attachScripts(rendered.outputs, widgets.scripts);
  const publicOutputs: Output[] = content.publicFiles.map((file) => ({ path: file.path, contents: file.contents }));
  const hosts = await task('hosts', () => writeHostConfigs(pages, redirects, content.settings));
  const outputs = [...pages, ...bundle.outputs, ...images.outputs, ...widgets.files, ...publicOutputs, ...hosts.outputs];
  const scriptCheck = await task('check', () => {
    const checked = checkScripts(outputs, widgets.scripts, config.scriptBudgets);
    throwIfAny([...checkOutputs(outputs), ...checked.errors]);
    return checked;
  });
  const warnings = [...content.warnings, ...rendered.warnings, ...scriptCheck.overBudget];
  if (config.isStrict && warnings.length > 0) throw new BuildErrors(warnings.map((warning) => new BuildError(warning.code, `${warning.message} (--strict)`, warning)));
  await task('write', () => Promise.all([writer.write(outputs), saveMarkdownCache(config.cacheDir, config.generatorKey, rendered.markdownCache, markdownCache)]));
  return { site: { content, routes, redirects, assets: bundle.assets, scripts: widgets.scripts, outputs }, warnings, timings: progress.timings, scriptWeights: scriptCheck.weights };
}
