import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { transform } from 'esbuild';
import { BuildError } from '../errors.ts';
import { contentHash } from '../lib/hash.ts';
import type { AssetManifest, Output } from '../types.ts';

/**
 * Builds the site stylesheet: postcss + autoprefixer for the browsers in package.json's
 * browserslist, minified by esbuild, named by its content hash so it can be cached for ever.
 * The result is cached by the hash of its inputs, so an unchanged stylesheet costs one read.
 */
export async function bundleAssets(stylesheetPath: string, cacheDir: string, browsers: readonly string[]): Promise<{ assets: AssetManifest; outputs: Output[] }> {
  const css = await readFile(stylesheetPath, 'utf8').catch((cause: Error) => {
    throw new BuildError('ReadError', `cannot read the stylesheet: ${cause.message}`, { file: stylesheetPath, cause });
  });
  const cacheFile = join(cacheDir, `css-${contentHash(`${browsers.join(',')}\0${css}`)}.css`);
  const code = (await readFile(cacheFile, 'utf8').catch(() => undefined)) ?? (await processStylesheet(css, stylesheetPath, browsers, cacheFile));
  const path = `assets/site.${contentHash(code)}.css`;
  return { assets: { stylesheet: `/${path}` }, outputs: [{ path, contents: code }] };
}

async function processStylesheet(css: string, from: string, browsers: readonly string[], cacheFile: string): Promise<string> {
  // Loaded only on a cache miss: autoprefixer and its browser data take ~80 ms to import.
  const [{ default: postcss }, { default: autoprefixer }] = await Promise.all([import('postcss'), import('autoprefixer')]);
  try {
    const prefixed = await postcss([autoprefixer({ overrideBrowserslist: [...browsers] })]).process(css, { from });
    const { code } = await transform(prefixed.css, { loader: 'css', minify: true, sourcefile: from });
    await mkdir(join(cacheFile, '..'), { recursive: true });
    await writeFile(cacheFile, code);
    return code;
  } catch (cause) {
    const where = cause as { line?: number; column?: number; reason?: string; message: string };
    throw new BuildError('BundleError', where.reason ?? where.message, { file: from, line: where.line, col: where.column, cause });
  }
}
