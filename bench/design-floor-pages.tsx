// The generator's side of bench/design-floor.js, bundled by it with esbuild: `siteOf` gives the
// model of a project as the build makes it (untimed), and a worker thread started on this
// bundle renders its share of the corpus pages through remark and the real page components.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import matter from 'gray-matter';
import { renderToStaticMarkup } from 'react-dom/server';
import { remark } from 'remark';
import remarkHtml from 'remark-html';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import type { Processor } from 'unified';
import { loadConfig } from '../cli/config.ts';
import { createPageIndex } from '../cli/lib/page-index.ts';
import { languageOf, renderContextOf, type RenderContext } from '../cli/render/render-page.tsx';
import { bundleAssets } from '../cli/stages/bundle.ts';
import { buildImages } from '../cli/stages/images.ts';
import { loadSources } from '../cli/stages/load.ts';
import { buildRoutes } from '../cli/stages/route.ts';
import { validateContent } from '../cli/stages/validate.ts';
import { bundleWidgets } from '../cli/stages/widgets.ts';
import type { Route } from '../cli/types.ts';
import { LanguageProvider } from '../templates/i18n.tsx';
import { pageComponents } from '../templates/pages/index.ts';

/** One page for a render thread: its markdown file, and its route without the body the thread reads itself. */
export interface FloorPage {
  readonly file: string;
  readonly route: Route;
}

/** What a render thread is started with. */
export interface FloorWork {
  readonly context: RenderContext;
  readonly pages: readonly FloorPage[];
}

/**
 * The project's model, as the build's stages make it before rendering, and the pages whose
 * address contains `section` (the corpus), each with its markdown file.
 */
export async function siteOf(projectDir: string, generatorRoot: string, section: string) {
  const config = loadConfig(
    { content: join(projectDir, 'content'), quiet: true },
    { SOURCE_DATE_EPOCH: '1763683200' },
    { root: generatorRoot },
  );
  const sources = await loadSources({ contentDir: config.contentDir, publicDir: join(projectDir, 'public') });
  const assets = await bundleAssets({ ...config, publicFiles: sources.publicFiles });
  const widgets = await bundleWidgets(config.widgetsDir, config.generatorCacheDir);
  const content = validateContent(sources);
  const { routes, redirects } = buildRoutes(content);
  const images = await buildImages(content.images, join(projectDir, '.cache/sitegen'));
  const context = renderContextOf({
    content,
    routes,
    redirects,
    assets: assets.manifest,
    images: images.manifest,
    imageSizes: assets.imageSizes,
    scripts: widgets.scripts,
    buildYear: config.buildTime.getUTCFullYear(),
  });
  const pages = routes
    .filter((route) => route.url.includes(`/${section}/`) && route.entry)
    .map(({ entry, ...route }): FloorPage => ({
      // The build names files from the folder it runs in.
      file: resolve(entry!.file),
      route: { ...route, entry: { ...entry!, body: '' } },
    }));
  return { context, pages };
}

/** remark with the generator's two GitHub extensions and remark-html, as bench/remark-floor.js has it. */
function markdownProcessor() {
  function tablesAndStrikethrough(this: Processor) {
    const data = this.data();
    (data.micromarkExtensions ??= []).push(gfmTable(), gfmStrikethrough());
    (data.fromMarkdownExtensions ??= []).push(gfmTableFromMarkdown(), gfmStrikethroughFromMarkdown());
  }
  return remark().use(tablesAndStrikethrough).use(remarkHtml).freeze();
}

/**
 * Renders every page of `work` as the design needs at least: the file read, its front matter
 * split off, its markdown through remark, and the page's own component around it with
 * `renderToStaticMarkup`, which the build uses. No placeholders, links, checks or summaries,
 * nothing written. Returns the characters rendered, so that nothing is optimised away.
 */
function renderAll({ context, pages }: FloorWork): number {
  const processor = markdownProcessor();
  const index = createPageIndex(context.pages, context.files, context.imageSizes);
  const languages = new Map(context.languages.map(({ code }) => [code, languageOf(context, code, [])]));
  let characters = 0;
  for (const { file, route } of pages) {
    const bodyHtml = String(processor.processSync(matter(readFileSync(file, 'utf8')).content));
    const Page = pageComponents[route.template];
    characters += renderToStaticMarkup(
      <LanguageProvider {...languages.get(route.locale)!}>
        <Page
          route={route}
          pages={index.recorder().pages}
          languages={context.languages}
          settings={context.settings}
          collections={context.collections}
          assets={context.assets}
          images={context.images}
          buildYear={context.buildYear}
          bodyHtml={bodyHtml}
        />
      </LanguageProvider>,
    ).length;
  }
  return characters;
}

if (!isMainThread) parentPort!.postMessage(renderAll(workerData as FloorWork));
