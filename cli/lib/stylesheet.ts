import { BuildError } from '../errors.ts';

/** The site stylesheet prefixed for `browsers` by autoprefixer and minified by esbuild. */
export async function processStylesheet(css: string, from: string, browsers: readonly string[]): Promise<Buffer> {
  // Imported here, on a cache miss only: autoprefixer and its browser data take ~80 ms to load.
  const [{ default: postcss }, { default: autoprefixer }, { transform }] = await Promise.all([
    import('postcss'),
    import('autoprefixer'),
    import('esbuild'),
  ]);
  try {
    const prefixed = await postcss([autoprefixer({ overrideBrowserslist: [...browsers] })]).process(css, { from });
    const { code } = await transform(prefixed.css, { loader: 'css', minify: true, sourcefile: from });
    return Buffer.from(code);
  } catch (cause) {
    const where = cause as { line?: number; column?: number; reason?: string; message: string };
    throw new BuildError('BundleError', where.reason ?? where.message, {
      file: from,
      line: where.line,
      col: where.column,
      cause,
    });
  }
}
