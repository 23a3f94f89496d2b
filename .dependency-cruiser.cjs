/**
 * The import rules of the repository, checked by `npm run deps` (part of `npm test`):
 * no import cycles; the generator's stages never import each other; shared helpers in
 * cli/lib/ never import stages or anything above them; templates see only the content model;
 * widgets (browser code) see nothing of the generator or the templates; the generator runs on
 * its dependencies alone, as a production install has them.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'An import cycle makes load order matter and modules impossible to read alone.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'stages-stand-alone',
      severity: 'error',
      comment: 'Stages are independent steps of cli/build.ts: one never imports another.',
      from: { path: '^cli/stages/([^/]+)' },
      to: { path: '^cli/stages/', pathNot: '^cli/stages/$1$' },
    },
    {
      name: 'only-the-build-and-incremental-call-stages',
      severity: 'error',
      comment:
        'cli/build.ts is the only file that runs the stages in order; the incremental build and commands may call one stage alone.',
      from: { pathNot: '^(cli/(build\\.ts|stages/|incremental/|commands/|dev/)|tests/|bench/)' },
      to: { path: '^cli/stages/' },
    },
    {
      name: 'lib-is-shared-and-below-stages',
      severity: 'error',
      comment:
        'cli/lib/ holds the helpers the stages share (cli/README.md says which touch files or processes); it imports nothing above it.',
      from: { path: '^cli/(lib|schemas)/' },
      to: { path: '^cli/(stages|incremental|commands|dev|serve|check|render|hosts|validate)/|^cli/(build|main)\\.ts$' },
    },
    {
      name: 'the-writer-knows-no-page',
      severity: 'error',
      comment:
        'cli/output/ owns the output folders and writes files of any kind: it imports no stage, page, route or manifest, only lib/ and errors.ts.',
      from: { path: '^cli/output/' },
      to: { path: '^cli/', pathNot: '^cli/(output|lib)/|^cli/errors\\.ts$' },
    },
    {
      name: 'no-stage-knows-incremental',
      severity: 'error',
      comment: 'Incremental building wraps the pipeline; no stage or helper knows that it exists.',
      from: { path: '^cli/(stages|lib|render|hosts|schemas|output)/' },
      to: { path: '^cli/incremental/' },
    },
    {
      name: 'templates-see-the-content-model-only',
      severity: 'error',
      comment: 'Templates are pure functions of the content model (cli/types.ts).',
      from: { path: '^templates/' },
      to: { path: '^(cli|widgets)/', pathNot: '^cli/types\\.ts$|^widgets/registry\\.ts$' },
    },
    {
      name: 'widgets-are-browser-code',
      severity: 'error',
      comment: 'Widgets run in the browser: they import neither the generator nor the templates.',
      from: { path: '^widgets/' },
      to: { path: '^(cli|templates)/|^node:' },
    },
    {
      name: 'generator-runs-on-dependencies',
      severity: 'error',
      comment:
        'A production install (npm ci --omit=dev) has no devDependencies: what cli/, templates/ and widgets/ import must be in dependencies, not in devDependencies nor only there as another package’s dependency. Type-only imports (mdast, unified) are erased when cli/bin.js bundles the generator.',
      from: { path: '^(cli|templates|widgets)/' },
      to: { dependencyTypes: ['npm-dev', 'npm-no-pkg', 'npm-unknown'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'generator-never-imports-tests',
      severity: 'error',
      from: { path: '^(cli|templates|widgets)/' },
      to: { path: '^(tests|bench)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
