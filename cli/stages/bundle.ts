import { readFile } from 'node:fs/promises';
import autoprefixer from 'autoprefixer';
import { transform } from 'esbuild';
import postcss from 'postcss';
import { BuildError } from '../errors.ts';
import { contentHash } from '../lib/hash.ts';
import type { AssetManifest, Output } from '../types.ts';

/**
 * Builds the site stylesheet: postcss + autoprefixer for the browsers in package.json's
 * browserslist, minified by esbuild, named by its content hash so it can be cached for ever.
 */
export async function bundleAssets(stylesheetPath: string): Promise<{ assets: AssetManifest; outputs: Output[] }> {
  let css: string;
  try {
    css = await readFile(stylesheetPath, 'utf8');
  } catch (cause) {
    throw new BuildError('ReadError', `cannot read the stylesheet: ${(cause as Error).message}`, { file: stylesheetPath, cause });
  }
  try {
    const prefixed = await postcss([autoprefixer]).process(css, { from: stylesheetPath });
    const minified = await transform(prefixed.css, { loader: 'css', minify: true, sourcefile: stylesheetPath });
    const path = `assets/site.${contentHash(minified.code)}.css`;
    return { assets: { stylesheet: `/${path}` }, outputs: [{ path, contents: minified.code }] };
  } catch (cause) {
    const where = cause as { line?: number; column?: number; reason?: string; message: string };
    throw new BuildError('BundleError', where.reason ?? where.message, { file: stylesheetPath, line: where.line, col: where.column, cause });
  }
}
