#!/usr/bin/env node
// The generator is TypeScript. esbuild bundles it into a cache file inside the package, so the
// command runs from any folder with no compile step and no runtime loader. The bundle is keyed
// by the sources' paths, sizes and modification times: an unchanged generator is not re-bundled.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const sourceDirs = ['cli', 'templates', 'widgets'];

function sourcesKey() {
  const hash = createHash('sha256');
  for (const dir of sourceDirs) {
    const files = readdirSync(join(packageRoot, dir), { recursive: true }).map(String).filter((file) => /\.tsx?$/.test(file)).sort();
    for (const file of files) {
      const stats = statSync(join(packageRoot, dir, file));
      hash.update(`${dir}/${file}\0${stats.size}\0${stats.mtimeMs}\n`);
    }
  }
  return hash.digest('hex').slice(0, 16);
}

async function bundleCli(target) {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [join(packageRoot, 'cli/main.ts')],
    outfile: `${target}.${process.pid}.tmp`,
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
  renameSync(`${target}.${process.pid}.tmp`, target);
}

const cacheDir = join(packageRoot, 'node_modules/.cache/sitegen');
const generatorKey = sourcesKey();
const bundle = join(cacheDir, `cli-${generatorKey}.mjs`);
if (!existsSync(bundle)) {
  mkdirSync(cacheDir, { recursive: true });
  await bundleCli(bundle);
}
process.setSourceMapsEnabled(true);
// React's development build is several times slower and adds nothing to static rendering.
process.env.NODE_ENV ??= 'production';
const { main } = await import(pathToFileURL(bundle).href);
process.exitCode = await main(process.argv.slice(2), packageRoot, generatorKey);
