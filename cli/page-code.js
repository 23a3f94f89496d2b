// Which of the generator's source files each page runs, for the keys the incremental build
// compares pages by (cli/incremental/fingerprint.ts): an edit to a template renders again only
// the pages whose page template reaches it. Plain JavaScript, as bin.js is: it runs while bin.js
// bundles the TypeScript, from esbuild's account of what it bundled.
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import vm from 'node:vm';

/** The module that maps each page template to its component, and the map's name there. */
const PAGE_MAP = join('templates', 'pages', 'index.ts');
const PAGE_MAP_EXPORT = 'pageComponents';
/** Where the bundles start: the command, and the render thread's entry. */
const ENTRIES = [join('cli', 'main.ts'), join('cli', 'render', 'render-worker.ts')];
/** What each module the map imports adds to the probe's record of them (`pageModulesOf`). */
const RECORD = '__pageModules';

/**
 * The bundles' imports as a graph: each source file (as `root`-relative paths, as bin.js names
 * them) to the source files it imports, from esbuild's metafiles. Type-only imports are not in
 * it: esbuild leaves them out, and they change no page.
 */
export function importGraphOf(metafiles, root) {
  // esbuild names the files from the working directory.
  const fileOf = (path) => relative(root, resolve(path));
  const graph = new Map();
  for (const { inputs } of metafiles)
    for (const [path, input] of Object.entries(inputs)) {
      const imports = input.imports.filter((each) => !each.external).map((each) => fileOf(each.path));
      graph.set(fileOf(path), [...new Set([...(graph.get(fileOf(path)) ?? []), ...imports])]);
    }
  return graph;
}

/**
 * Each page template's component module(s), found by running the map of page templates with
 * every module it imports recorded, and looking each component up among their exports. Undefined
 * when that fails or a component is no module's export: every page then depends on all the code.
 */
export async function pageModulesOf(build, root) {
  const mapFile = join(root, PAGE_MAP);
  const recording = {
    name: 'page-modules',
    setup(probe) {
      probe.onResolve({ filter: /^\./ }, async ({ path, importer, resolveDir, kind, pluginData }) => {
        if (importer !== mapFile || pluginData?.isProbe) return undefined;
        const found = await probe.resolve(path, {
          importer,
          resolveDir,
          kind,
          pluginData: { isProbe: true },
        });
        return found.errors.length > 0 ? undefined : { path: found.path, namespace: 'page-module' };
      });
      probe.onLoad({ filter: /.*/, namespace: 'page-module' }, ({ path }) => ({
        contents: `export * from ${JSON.stringify(path)};
          import * as all from ${JSON.stringify(path)};
          ${RECORD}.push([${JSON.stringify(path)}, all]);`,
        resolveDir: dirname(path),
        loader: 'js',
      }));
      probe.onResolve({ filter: /^[^./]/ }, ({ path }) => ({
        path,
        external: true,
      }));
    },
  };
  try {
    const { outputFiles } = await build({
      entryPoints: [mapFile],
      bundle: true,
      write: false,
      format: 'cjs',
      platform: 'node',
      jsx: 'automatic',
      plugins: [recording],
      logLevel: 'silent',
    });
    const recorded = [];
    const exported = { exports: {} };
    const run = vm.runInThisContext(`(function (exports, require, module, ${RECORD}) {\n${outputFiles[0].text}\n})`, {
      filename: mapFile,
    });
    run(exported.exports, createRequire(mapFile), exported, recorded);
    const components = exported.exports[PAGE_MAP_EXPORT];
    if (typeof components !== 'object' || components === null) return undefined;
    const modules = new Map();
    for (const [template, component] of Object.entries(components)) {
      const found = recorded.filter(([, all]) => Object.values(all).includes(component));
      if (found.length === 0) return undefined;
      modules.set(
        template,
        found.map(([path]) => relative(root, path)),
      );
    }
    return modules;
  } catch {
    return undefined;
  }
}

/**
 * The source files `files` in the parts pages are keyed by: `shared`, what every page runs
 * (cli/ and bin.js, the files of templates/ reached from the entries without going through a
 * page template's component, and those no page template reaches), and `templates`, for each
 * page template the other files of templates/ its component module reaches through imports.
 */
export function pageCodeFiles(files, graph, pageModules) {
  const components = new Set([...pageModules.values()].flat());
  const reached = (starts, isCut) => {
    const seen = new Set();
    const next = [...starts];
    while (next.length > 0) {
      const file = next.pop();
      if (seen.has(file)) continue;
      seen.add(file);
      for (const imported of graph.get(file) ?? []) if (!isCut(file, imported)) next.push(imported);
    }
    return seen;
  };
  // Every module's top level runs in every build, but templates keep no state there (no
  // globals, templates/README.md): a page's markup comes of the functions its imports reach.
  // The map imports every component and a page runs its own; anything else that imports one
  // runs it for every page.
  const everyPage = reached(ENTRIES, (file, imported) => file === PAGE_MAP && components.has(imported));
  const isOwn = (file) => file.startsWith(`templates${sep}`) && !everyPage.has(file);
  const templates = {};
  for (const [template, modules] of pageModules) {
    const runs = reached(modules, () => false);
    templates[template] = files.filter((file) => isOwn(file) && runs.has(file));
  }
  const own = new Set(Object.values(templates).flat());
  return { shared: files.filter((file) => !own.has(file)), templates };
}
