#!/usr/bin/env node
// The generator is TypeScript. esbuild bundles it (milliseconds) into a cache file inside the
// package, so the command runs from any folder with no compile step and no runtime loader.
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const result = await build({
  entryPoints: [join(packageRoot, 'cli/main.ts')],
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  jsx: 'automatic',
  sourcemap: 'inline',
  write: false,
  logLevel: 'error',
});
const code = result.outputFiles[0].contents;
const cacheDir = join(packageRoot, 'node_modules/.cache/sitegen');
const bundle = join(cacheDir, `cli-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
if (!existsSync(bundle)) {
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(bundle, code);
}
process.setSourceMapsEnabled(true);
// React's development build is several times slower and adds nothing to static rendering.
process.env.NODE_ENV ??= 'production';
const { main } = await import(pathToFileURL(bundle).href);
process.exitCode = await main(process.argv.slice(2), packageRoot);
