#!/usr/bin/env node
// The generator is TypeScript. esbuild bundles it into a cache file inside the package, so the
// command runs from any folder with no compile step and no runtime loader. The bundle is keyed
// by a hash of the generator's sources (cli/ and templates/): an unchanged generator is not
// re-bundled, and the key tells the incremental build which version made a page.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
// Widgets are bundled for the browser by the build itself; only their types reach this bundle.
const sourceDirs = ['cli', 'templates'];

/** A hash of every TypeScript source of the generator: its paths and contents. */
function sourcesKey() {
  const hash = createHash('sha256');
  for (const dir of sourceDirs) {
    const files = readdirSync(join(packageRoot, dir), { recursive: true })
      .map(String)
      .filter((file) => /\.tsx?$/.test(file))
      .sort();
    for (const file of files)
      hash
        .update(`${dir}/${file}\0`)
        .update(readFileSync(join(packageRoot, dir, file)))
        .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** Bundles the command and the render thread's entry into `target`, a folder made whole or not at all. */
async function bundleCli(target) {
  const { build } = await import('esbuild');
  const temporary = `${target}.${process.pid}.tmp`;
  await build({
    entryPoints: {
      main: join(packageRoot, 'cli/main.ts'),
      'render-worker': join(packageRoot, 'cli/render/render-worker.ts'),
    },
    outdir: temporary,
    outExtension: { '.js': '.mjs' },
    // Each command's code in chunks of its own, loaded by its dynamic import: `--version`
    // or `check` does not compile the whole build.
    splitting: true,
    chunkNames: 'chunk-[hash]',
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    sourcemap: 'inline',
    logLevel: 'error',
  });
  // Renamed into place so a concurrent build never imports a half-written bundle.
  try {
    renameSync(temporary, target);
  } catch (error) {
    // Another build finished the same bundle first.
    if (!existsSync(target)) throw error;
    rmSync(temporary, { recursive: true, force: true });
  }
}

/** Removes bundles of earlier versions of the sources, once no build can still be using them. */
function removeOldBundles(current) {
  const hourAgo = Date.now() - 3600_000;
  for (const name of readdirSync(cacheDir)) {
    const path = join(cacheDir, name);
    if (name.startsWith('cli-') && path !== current && statSync(path).mtimeMs < hourAgo)
      rmSync(path, { recursive: true, force: true });
  }
}

const cacheDir = join(packageRoot, 'node_modules/.cache/sitegen');
const generatorKey = sourcesKey();
const bundle = join(cacheDir, `cli-${generatorKey}`);
if (!existsSync(bundle)) {
  mkdirSync(cacheDir, { recursive: true });
  try {
    await bundleCli(bundle);
  } catch {
    // esbuild has printed each error with its file, line and column.
    console.error('BundleError — the generator could not be built from its sources; fix the file named above.');
    process.exit(1);
  }
  removeOldBundles(bundle);
}
process.setSourceMapsEnabled(true);
// React's development build is several times slower and adds nothing to static rendering.
process.env.NODE_ENV ??= 'production';
const { main } = await import(pathToFileURL(join(bundle, 'main.mjs')).href);
process.exitCode = await main(process.argv.slice(2), {
  root: packageRoot,
  key: generatorKey,
  workerScript: join(bundle, 'render-worker.mjs'),
});
