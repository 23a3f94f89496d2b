#!/usr/bin/env node
// The generator is TypeScript. esbuild bundles it into a cache file inside the package, so the
// command runs from any folder with no compile step and no runtime loader. The bundle is keyed
// by a hash of the generator's sources (cli/ and templates/) and of this file: an unchanged
// generator is not re-bundled, and the key tells the incremental build which version made a page.
// Beside the bundle go the keys of the code each page template runs (page-code.js): a page is
// rendered again only when code it runs changed.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import module, { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { importGraphOf, pageCodeFiles, pageModulesOf } from './page-code.js';

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
// Widgets are bundled for the browser by the build itself; only their types reach this bundle.
const sourceDirs = ['cli', 'templates'];

/** The files the generator's key covers: this file, page-code.js and every TypeScript or JSON source. */
function sourceFiles() {
  const sources = sourceDirs.flatMap((dir) =>
    readdirSync(join(packageRoot, dir), { recursive: true })
      .map(String)
      .filter((file) => /\.(tsx?|json)$/.test(file))
      .sort()
      .map((file) => join(dir, file)),
  );
  const scripts = [import.meta.url, new URL('page-code.js', import.meta.url)];
  return [...scripts.map((url) => relative(packageRoot, fileURLToPath(url))), ...sources];
}

/** A hash of the files' paths and contents: this file holds the bundling options. */
function sourcesKey(files) {
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(packageRoot, file)))
      .update('\0');
  return hash.digest('hex').slice(0, 16);
}

/**
 * The generator's key, looked up by the files' stamps (size, times, inode) when they are as an
 * earlier run found them: reading and hashing every source took 10 ms of each run. Saving a
 * file sets its change time, which nobody can set back, so a stamp never vouches for other bytes.
 */
function generatorKeyOf(files) {
  const stamps = createHash('sha256');
  for (const file of files) {
    const { size, mtimeMs, ctimeMs, ino } = statSync(join(packageRoot, file));
    stamps.update(`${file}\0${size}\0${mtimeMs}\0${ctimeMs}\0${ino}\n`);
  }
  const note = join(cacheDir, `sources-${stamps.digest('hex').slice(0, 16)}`);
  const noted = existsSync(note) ? readFileSync(note, 'utf8') : '';
  if (/^[0-9a-f]{16}$/.test(noted)) return noted;
  const key = sourcesKey(files);
  try {
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(`${note}.${process.pid}.tmp`, key);
    renameSync(`${note}.${process.pid}.tmp`, note);
  } catch {
    // A package folder that cannot be written to: the sources are hashed at every start.
  }
  return key;
}

/**
 * npm packages bundled into the generator with everything they import, instead of loaded from
 * node_modules at each run: the markdown, React and content-model stacks are some 400 small
 * modules, and resolving and compiling them one by one took longer than the build of a changed
 * page. The rest stay external: native binaries (esbuild, sharp), packages that read their own
 * files at run time (cspell's dictionaries, axe-core, html-validate), and those only `check`,
 * `dev` or `preview` load.
 */
const BUNDLED = new Set([
  'commander',
  'gray-matter',
  'js-yaml',
  'mdast-util-gfm-strikethrough',
  'mdast-util-gfm-table',
  'micromark-extension-gfm-strikethrough',
  'micromark-extension-gfm-table',
  'react',
  'react-dom',
  'remark',
  'remark-html',
  'yaml',
  'zod',
]);

/** The package a bare import names: `react-dom/server` → `react-dom`, `@scope/name/x` → `@scope/name`. */
const packageOf = (path) =>
  path
    .split('/')
    .slice(0, path.startsWith('@') ? 2 : 1)
    .join('/');

/** Keeps every import external except the packages of BUNDLED and what they import themselves. */
const bundledPackages = {
  name: 'bundled-packages',
  setup(build) {
    // `react-dom/server` loads both of React's server renderers: the synchronous one the build
    // calls (renderToStaticMarkup), and the streaming one, some 300 KB every start compiled for
    // nothing. This is the file `react-dom/server` itself takes renderToStaticMarkup from.
    build.onResolve({ filter: /^react-dom\/server$/ }, () => ({
      path: join(
        dirname(createRequire(import.meta.url).resolve('react-dom/package.json')),
        'cjs/react-dom-server-legacy.node.production.js',
      ),
    }));
    // gray-matter's default YAML engine, js-yaml, which loads esprima (6 ms) at every start: the
    // build gives gray-matter an engine of its own (cli/lib/front-matter.ts) and never calls it.
    build.onResolve({ filter: /^js-yaml$/ }, ({ importer }) =>
      importer.includes('/node_modules/gray-matter/') ? { path: 'js-yaml', namespace: 'unused' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'unused' }, ({ path }) => ({
      contents: `const unused = () => { throw new Error('${path} is not part of the generator'); };
        module.exports = { safeLoad: unused, safeDump: unused };`,
    }));
    build.onResolve({ filter: /^[^./]/ }, ({ path, importer }) =>
      importer.includes('/node_modules/') || BUNDLED.has(packageOf(path)) ? undefined : { path, external: true },
    );
  },
};

/**
 * Bundles the command and the render thread's entry into `target`, a folder made whole or not
 * at all. The command is one CommonJS script, so that V8 can cache its compiled code (below);
 * the render thread's entry is an ES module of its own.
 */
async function bundleCli(target) {
  const { build } = await import('esbuild');
  const temporary = `${target}.${process.pid}.tmp`;
  const options = {
    bundle: true,
    plugins: [bundledPackages],
    // React's development build is several times slower and adds nothing to static rendering.
    define: { 'process.env.NODE_ENV': '"production"' },
    platform: 'node',
    target: 'node20',
    jsx: 'automatic',
    // Frames of a template's error and a bug's stack are placed in the TypeScript sources
    // through the maps, read only then (cli/lib/source-location.ts): Node's own source maps
    // read every chunk's map at every start. They sit beside the chunks and leave the sources
    // out (they are in the package).
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'error',
  };
  const [command, worker, pageModules] = await Promise.all([
    build({
      ...options,
      entryPoints: [join(packageRoot, 'cli/main.ts')],
      outfile: join(temporary, COMMAND),
      format: 'cjs',
      metafile: true,
      // Without comments and indentation the script is a third smaller (2.2 → 1.6 MB), read and
      // checked against its code cache at every start. Names stay as written.
      minifyWhitespace: true,
      // The few modules that ask for their own address (to find a package beside them) get the script's.
      define: { ...options.define, 'import.meta.url': '__bundleUrl' },
      banner: {
        js: "const __bundleUrl = require('node:url').pathToFileURL(__filename).href;",
      },
    }),
    build({
      ...options,
      entryPoints: [join(packageRoot, 'cli/render/render-worker.ts')],
      outfile: join(temporary, RENDER_WORKER),
      format: 'esm',
      metafile: true,
      // The bundled CommonJS packages (React, gray-matter) call require(); an ES module has none.
      banner: {
        js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
      },
    }),
    pageModulesOf(build, packageRoot),
  ]);
  routeImports(join(temporary, COMMAND), command.metafile);
  savePageCode(temporary, [command.metafile, worker.metafile], pageModules);
  // Renamed into place so a concurrent build never imports a half-written bundle.
  try {
    renameSync(temporary, target);
  } catch (error) {
    // Another build finished the same bundle first.
    if (!existsSync(target)) throw error;
    rmSync(temporary, { recursive: true, force: true });
  }
}

const COMMAND = 'main.cjs';
const RENDER_WORKER = 'render-worker.mjs';
const PAGE_CODE = 'page-code.json';

/**
 * Saves beside the bundle the keys of the code pages run (`Generator.pageCode` in cli/config.ts):
 * one of what every page runs, and one per page template of what its component alone reaches.
 * None when the page templates' components could not be told apart, or when a source changed
 * while it was bundled (the keys could then describe other code than the bundle's): every page
 * then depends on the whole generator, by its key.
 */
function savePageCode(folder, metafiles, pageModules) {
  if (!pageModules) return;
  const files = sourceFiles();
  const parts = pageCodeFiles(files, importGraphOf(metafiles, packageRoot), pageModules);
  const templates = Object.fromEntries(Object.entries(parts.templates).map(([name, own]) => [name, sourcesKey(own)]));
  const pageCode = { shared: sourcesKey(parts.shared), templates };
  if (sourcesKey(files) === generatorKey) writeFileSync(join(folder, PAGE_CODE), JSON.stringify(pageCode));
}

/** The keys savePageCode saved beside a bundle, or undefined. */
function pageCodeIn(folder) {
  try {
    return JSON.parse(readFileSync(join(folder, PAGE_CODE), 'utf8'));
  } catch {
    return undefined;
  }
}
/** What the command calls instead of import(): as long as the keyword, so the source map's columns hold. */
const IMPORT = '__imp_';

/**
 * Makes the command's every import() of an external package (esbuild, sharp, …) a call of
 * IMPORT, which loadCommand hands in. A script compiled from V8's cache cannot call import()
 * itself: Node 20 loses the script's dynamic-import callback with the cache
 * (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING), and Node 24 warns that the callback is experimental.
 * esbuild writes each as `import("name")`; the count must be the metafile's.
 */
function routeImports(file, metafile) {
  const text = readFileSync(file, 'utf8');
  const names = Object.values(metafile.outputs).flatMap((output) =>
    output.imports.filter((each) => each.kind === 'dynamic-import' && each.external).map((each) => each.path),
  );
  let routed = 0;
  const result = text.replace(/\bimport\(("[^"]+")\)/g, (call, name) =>
    names.includes(JSON.parse(name)) ? ((routed += 1), `${IMPORT}(${name})`) : call,
  );
  if (text.includes(IMPORT) || routed !== names.length)
    throw new Error(`${file}: found ${routed} of the ${names.length} import() calls of external packages`);
  writeFileSync(file, result);
}

/**
 * Compiles and runs the bundled command with V8's code cache: the compiled code of the script and
 * of every function a whole build ran, saved beside the bundle by the first build that finds
 * none (`saveCodeCache`), and handed back to V8 at every start after it. V8 checks that the
 * cache is of this script and of its own version, and compiles as usual when not. A one-edit
 * build of the real site spent some 70 ms compiling the generator's functions as they were first
 * called; Node 22's own compile cache keeps only the top level of a module.
 */
function loadCommand(folder) {
  const file = join(folder, COMMAND);
  const cacheFile = join(folder, `main.${process.versions.v8}.cache`);
  const cachedData = existsSync(cacheFile) ? readFileSync(cacheFile) : undefined;
  // As Node wraps a CommonJS module, on a line of its own so that lines stay the map's.
  const script = new vm.Script(
    `(function (exports, require, module, __filename, __dirname, ${IMPORT}) {\n${readFileSync(file, 'utf8')}\n})`,
    { filename: file, lineOffset: -1, cachedData },
  );
  const commandModule = { exports: {} };
  // This module's import() resolves a package as the bundle's would: both are in this package.
  const importPackage = (name) => import(name);
  script.runInThisContext()(commandModule.exports, createRequire(file), commandModule, file, folder, importPackage);
  const isCached = cachedData !== undefined && !script.cachedDataRejected;
  return {
    main: commandModule.exports.main,
    /** Saves the code cache when there was none to use. */
    saveCodeCache() {
      if (isCached) return;
      try {
        const temporary = `${cacheFile}.${process.pid}.tmp`;
        writeFileSync(temporary, script.createCachedData());
        renameSync(temporary, cacheFile);
      } catch {
        // A package folder that cannot be written to: every start compiles, as without the cache.
      }
    },
  };
}

/** Removes bundles and keys of earlier versions of the sources, once no build can still be using them. */
function removeOldBundles(current) {
  const hourAgo = Date.now() - 3600_000;
  for (const name of readdirSync(cacheDir)) {
    const path = join(cacheDir, name);
    if (/^(cli|sources)-/.test(name) && path !== current && statSync(path).mtimeMs < hourAgo)
      rmSync(path, { recursive: true, force: true });
  }
}

const cacheDir = join(packageRoot, 'node_modules/.cache/sitegen');
const generatorKey = generatorKeyOf(sourceFiles());
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
// Node 22.1 and later keep V8's compiled code of ES modules between runs: the render thread's
// entry and the external packages.
module.enableCompileCache?.(join(cacheDir, 'compiled'));
// As in the bundle (React reads it there), for the packages that stay external.
process.env.NODE_ENV ??= 'production';
const command = loadCommand(bundle);
process.exitCode = await command.main(process.argv.slice(2), {
  root: packageRoot,
  key: generatorKey,
  pageCode: pageCodeIn(bundle),
  workerScript: join(bundle, RENDER_WORKER),
  // A finished build has compiled most of what the next one runs: the code to keep.
  afterBuild: command.saveCodeCache,
});
