import { resolve } from 'node:path';
import { Command } from 'commander';
import { build } from './build.ts';
import { loadConfig, type BuildFlags } from './config.ts';
import { BuildError, BuildErrors, formatError } from './errors.ts';
import { formatReport } from './lib/report.ts';

/**
 * Runs the command line and returns the process exit code. `packageRoot` locates the templates;
 * `generatorKey` identifies this version of the generator for its caches; `workerScript` is the
 * bundled render thread, for sites with enough pages to render in parallel.
 */
export async function main(
  argv: readonly string[],
  packageRoot?: string,
  generatorKey?: string,
  workerScript?: string,
): Promise<number> {
  let exitCode = 0;
  const program = new Command('sitegen')
    .description('Builds the trilingual static site from content/ into dist/')
    .showHelpAfterError();
  program
    .command('build')
    .description('build every page, redirect and asset into the output folder')
    .option('--content <dir>', 'content folder', 'content')
    .option('--out <dir>', 'output folder', 'dist')
    .option('--strict', 'fail on any warning (fallbacks to Catalan, unknown translation keys)')
    .option('--quiet', 'print errors only')
    .option('--verbose', 'list every page and example setting')
    .action(async (flags: BuildFlags) => {
      exitCode = await runBuild(flags, packageRoot, generatorKey, workerScript);
    });
  program
    .command('dev')
    .description('build into memory, serve on 127.0.0.1, rebuild on every change and reload the open pages')
    .option('--content <dir>', 'content folder', 'content')
    .option('--port <number>', 'port to listen on', '4321')
    .action(async (flags: { content: string; port: string }) => {
      const { runDev } = await import('./commands/dev.ts');
      await runDev(
        { content: flags.content, port: Number(flags.port) },
        packageRoot ?? resolve('.'),
        generatorKey,
        (line) => console.log(line),
      );
      await new Promise(() => undefined);
    });
  program
    .command('schemas')
    .description('write the content schemas as JSON Schema into content/.schemas/, for editors')
    .option('--content <dir>', 'content folder', 'content')
    .action(async (flags: { content: string }) => {
      const { writeContentSchemas } = await import('./commands/schemas.ts');
      console.log(await writeContentSchemas(resolve(flags.content)));
    });
  program
    .command('translations')
    .description('list, per language, the texts and pages that fall back to Catalan')
    .option('--content <dir>', 'content folder', 'content')
    .action(async (flags: { content: string }) => {
      const { reportTranslations } = await import('./commands/translations.ts');
      const report = await reportTranslations(resolve(flags.content), resolve('public'));
      console.log(report.text);
      exitCode = report.isComplete ? 0 : 1;
    });
  program
    .command('licences')
    .description('list the licences of the packages the generator runs with, as the README shows them')
    .action(async () => {
      const { licenceList } = await import('./commands/licences.ts');
      console.log(await licenceList(packageRoot ?? resolve('.')));
    });
  program
    .command('preview')
    .description(
      'serve the built site on 127.0.0.1 with the redirects, headers and 404 pages of the generated host files',
    )
    .option('--dist <dir>', 'built site to serve', 'dist')
    .option('--port <number>', 'port to listen on', '4322')
    .action(async (flags: { dist: string; port: string }) => {
      const { serveBuiltSite } = await import('./serve/static-server.ts');
      const { url } = await serveBuiltSite(resolve(flags.dist), Number(flags.port));
      console.log(`Serving ${flags.dist}/ at ${url}/ (Ctrl+C stops)`);
      await new Promise(() => undefined);
    });
  program
    .command('check')
    .description(
      'serve the built site on 127.0.0.1 and run the quality gates: links, HTML, SEO, budgets, accessibility',
    )
    .option('--dist <dir>', 'built site to check', 'dist')
    .option('--report <file>', 'where to write the JSON report', 'check-report.json')
    .option('--external', 'also fetch external links (needs a network)')
    .option(
      '--chromium <path>',
      'Chromium for the accessibility gate',
      process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    )
    .option('--skip <gates>', 'comma-separated gates to leave out', '')
    .action(async (flags: { dist: string; report: string; external?: boolean; chromium: string; skip: string }) => {
      const { runCheck } = await import('./check/run-check.ts');
      console.log(`Checking ${flags.dist}/`);
      const passed = await runCheck(
        {
          dist: resolve(flags.dist),
          report: resolve(flags.report),
          external: flags.external ?? false,
          chromium: flags.chromium,
          skip: flags.skip.split(',').filter(Boolean),
        },
        (line) => console.log(line),
      );
      exitCode = passed ? 0 : 1;
    });
  await program.parseAsync(argv, { from: 'user' });
  return exitCode;
}

async function runBuild(
  flags: BuildFlags,
  packageRoot: string | undefined,
  generatorKey: string | undefined,
  workerScript: string | undefined,
): Promise<number> {
  const start = performance.now();
  try {
    const config = loadConfig(flags, process.env, packageRoot, generatorKey, workerScript);
    const result = await build(config);
    if (config.verbosity !== 'quiet')
      console.log(formatReport(result, performance.now() - start, config.verbosity === 'verbose'));
    return 0;
  } catch (error) {
    console.error(describeFailure(error));
    console.error('Build failed; the previous output was left as it was.');
    return 1;
  }
}

function describeFailure(error: unknown): string {
  if (error instanceof BuildErrors) return [`${error.message}:`, ...error.errors.map(formatError)].join('\n');
  if (error instanceof BuildError) return formatError(error);
  return error instanceof Error
    ? `Internal error: ${error.stack ?? error.message}`
    : `Internal error: ${String(error)}`;
}
