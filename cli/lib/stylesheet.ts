import { dirname, relative, resolve } from 'node:path';
import { BuildError } from '../errors.ts';
import { fitFontsToWeights } from './font-weights.ts';
import type { Output } from '../types.ts';

/** Where the stylesheet's fonts are written, named by esbuild's hash of their bytes. */
const FONT_NAMES = 'assets/fonts/[name].[hash]';

/** The site stylesheet prefixed for `browsers` by autoprefixer (the slow step, worth caching). */
export async function prefixStylesheet(css: string, from: string, browsers: readonly string[]): Promise<Buffer> {
  // Imported here, on a cache miss only: autoprefixer and its browser data take ~80 ms to load.
  const [{ default: postcss }, { default: autoprefixer }] = await Promise.all([
    import('postcss'),
    import('autoprefixer'),
  ]);
  try {
    const prefixed = await postcss([autoprefixer({ overrideBrowserslist: [...browsers] })]).process(css, { from });
    return Buffer.from(prefixed.css);
  } catch (cause) {
    throw stylesheetError(cause, from);
  }
}

/**
 * Bundles the prefixed stylesheet with esbuild: minified, and every font it names with `url()`
 * (a path in an npm package, such as a `@fontsource-variable` file) copied beside it under a
 * hashed name, each variable font cut to the weights its `@font-face` declares
 * (font-weights.ts; the fitted fonts kept in `cacheDir`). Returns the stylesheet's text, the
 * fonts as outputs, and the files it read.
 */
export async function bundleStylesheet(
  css: Buffer,
  from: string,
  cacheDir?: string,
): Promise<{ css: Buffer; fonts: Output[]; inputs: string[] }> {
  const { build } = await import('esbuild');
  const outdir = resolve(dirname(from), '.stylesheet-out');
  try {
    const result = await build({
      stdin: { contents: css.toString('utf8'), resolveDir: dirname(from), sourcefile: from, loader: 'css' },
      bundle: true,
      minify: true,
      write: false,
      outdir,
      publicPath: '/',
      assetNames: FONT_NAMES,
      loader: { '.woff2': 'file' },
      logLevel: 'silent',
      metafile: true,
    });
    const files = result.outputFiles.map((file) => ({ path: relative(outdir, file.path), contents: file.contents }));
    const stylesheet = files.find((file) => file.path.endsWith('.css'))!;
    const fitted = await fitFontsToWeights(
      Buffer.from(stylesheet.contents),
      files
        .filter((file) => file !== stylesheet)
        .map((file) => ({ path: file.path, contents: Buffer.from(file.contents) })),
      from,
      cacheDir,
    );
    return {
      css: fitted.css,
      // The files it read besides the stylesheet itself (the fonts), as absolute paths.
      inputs: Object.keys(result.metafile.inputs)
        .filter((input) => input !== '<stdin>')
        .map((input) => resolve(input)),
      fonts: fitted.fonts,
    };
  } catch (cause) {
    throw stylesheetError(cause, from);
  }
}

function stylesheetError(cause: unknown, file: string): BuildError {
  const esbuildError = (cause as { errors?: { text: string; location?: { line: number; column: number } }[] })
    .errors?.[0];
  const where = cause as { line?: number; column?: number; reason?: string; message: string };
  return new BuildError('BundleError', esbuildError?.text ?? where.reason ?? where.message, {
    file,
    line: esbuildError?.location?.line ?? where.line,
    col: esbuildError?.location ? esbuildError.location.column + 1 : where.column,
    cause,
  });
}
