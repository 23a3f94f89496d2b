import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { BuildError } from '../errors.ts';
import { cached } from '../lib/cache-file.ts';
import { scriptFilesFor } from '../lib/scripts.ts';
import type { BinaryFile, Output, ScriptManifest } from '../types.ts';
import { LOADER_WIDGETS } from '../../widgets/registry.ts';

/** The widgets bundled: every file (its site path below the root) and the manifest pages use. */
export interface WidgetBundle {
  readonly files: readonly BinaryFile[];
  readonly scripts: ScriptManifest;
}

/**
 * Bundles `widgets/loader.ts`, with the widgets it carries (`LOADER_WIDGETS`), and every other
 * `widgets/<name>/index.ts` with esbuild: minified ES modules, split so shared code (the Preact
 * runtime) is one chunk, named by content hash. A carried widget's URL is the loader's.
 * Every widget is bundled before the pages are rendered, so each page gets its script tags as
 * it is rendered; the build writes only the files the pages' islands reach. Cached by the
 * hash of the sources, so an unchanged widget costs one read.
 */
export async function bundleWidgets(widgetsDir: string, cacheDir: string): Promise<WidgetBundle> {
  const sources = (await readdir(widgetsDir, { recursive: true }))
    .map(String)
    .filter((file) => /\.tsx?$/.test(file))
    .sort();
  const names = sources.filter((file) => /^[^/\\]+[/\\]index\.ts$/.test(file)).map((file) => file.split(/[/\\]/)[0]!);
  const inputs = await Promise.all(
    sources.map(async (file) => `${file}\0${await readFile(join(widgetsDir, file), 'utf8')}`),
  );
  const packed = await cached(cacheDir, 'widgets', [process.version, names.join(','), ...inputs], () =>
    runEsbuild(widgetsDir, names),
  );
  return JSON.parse(packed.toString('utf8'), (key, value: unknown) =>
    key === 'contents' && typeof value === 'string' ? Buffer.from(value, 'base64') : value,
  ) as WidgetBundle;
}

/** The widget files the site ships: those the islands of `pages` reach, and nothing when no page has one. */
export function widgetFilesFor(pages: readonly Output[], bundle: WidgetBundle): BinaryFile[] {
  const islands = new Set(pages.flatMap((page) => page.summary?.islands.map((island) => island.name) ?? []));
  return scriptFilesFor([...islands].sort(), bundle.files, bundle.scripts);
}

async function runEsbuild(widgetsDir: string, names: readonly string[]): Promise<Buffer> {
  const { build } = await import('esbuild');
  const entryPoints = Object.fromEntries<string>([
    ['loader', join(widgetsDir, 'loader.ts')],
    ...names
      .filter((name) => !(LOADER_WIDGETS as readonly string[]).includes(name))
      .map((name): [string, string] => [name, join(widgetsDir, name, 'index.ts')]),
  ]);
  let result;
  try {
    result = await build({
      entryPoints,
      bundle: true,
      splitting: true,
      format: 'esm',
      minify: true,
      target: 'es2020',
      platform: 'browser',
      outdir: '/assets',
      publicPath: '/assets',
      entryNames: '[name].[hash]',
      chunkNames: 'chunk.[hash]',
      write: false,
      metafile: true,
      legalComments: 'none',
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"production"' },
    });
  } catch (cause) {
    const first = (cause as { errors?: { text: string; location?: { file: string; line: number; column: number } }[] })
      .errors?.[0];
    throw new BuildError('BundleError', first?.text ?? (cause as Error).message, {
      file: first?.location?.file,
      line: first?.location?.line,
      col: first?.location?.column,
      cause,
    });
  }
  const urlOf = (outPath: string) => outPath.slice(outPath.indexOf('/assets/'));
  // The metafile names entry points relative to the working directory.
  const entryByPath = new Map(Object.entries(entryPoints).map(([name, path]) => [relative(process.cwd(), path), name]));
  const files = result.outputFiles.map((file) => ({
    path: urlOf(file.path).slice(1),
    contents: Buffer.from(file.contents).toString('base64'),
  }));
  const chunks: Record<string, ScriptManifest['chunks'][string]> = {};
  const entries: Record<string, string> = {};
  for (const [outPath, output] of Object.entries(result.metafile.outputs)) {
    const url = `/${outPath.replace(/^.*?assets\//, 'assets/')}`;
    const file = result.outputFiles.find((candidate) => urlOf(candidate.path) === url)!;
    chunks[url] = {
      gzip: gzipSync(file.contents, { level: 9 }).length,
      imports: output.imports
        .filter((imported) => imported.kind === 'import-statement')
        .map((imported) => `/${imported.path.replace(/^.*?assets\//, 'assets/')}`),
      dynamicImports: output.imports
        .filter((imported) => imported.kind === 'dynamic-import')
        .map((imported) => `/${imported.path.replace(/^.*?assets\//, 'assets/')}`),
    };
    const entry = output.entryPoint === undefined ? undefined : entryByPath.get(output.entryPoint);
    if (entry) entries[entry] = url;
  }
  const { loader, ...modules } = entries;
  const widgets = { ...modules, ...Object.fromEntries(LOADER_WIDGETS.map((name) => [name, loader!])) };
  const scripts: ScriptManifest = { loader: loader!, widgets, chunks };
  return Buffer.from(JSON.stringify({ files, scripts }));
}
