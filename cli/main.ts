import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { runBuild } from './commands/build.ts';
import type { BuildFlags, Generator } from './config.ts';
import { BuildError, describeFailure } from './errors.ts';

/**
 * Runs the command line and returns the process exit code. `generator` says where the
 * generator's files are (templates, widgets), which version it is, and its render thread.
 */
export async function main(argv: readonly string[], generator: Generator): Promise<number> {
  let exitCode = 0;
  const program = new Command('sitegen')
    .description('Builds the trilingual static site from content/ into dist/')
    .showHelpAfterError();
  program
    .command('build')
    .description('build every page, redirect and asset into the output folder')
    .option('--content <dir>', 'content folder', 'content')
    .option('--out <dir>', 'output folder', 'dist')
    .option('--strict', 'fail on any warning (fallbacks to the default language, unknown translation keys)')
    .option('--quiet', 'print errors only')
    .option('--verbose', 'list every page and example setting')
    .action(async (flags: BuildFlags) => {
      exitCode = await runBuild(flags, generator);
    });
  program
    .command('dev')
    .description('build and serve on 127.0.0.1, rebuild on every change and reload the open pages')
    .option('--content <dir>', 'content folder', 'content')
    .option('--port <number>', 'port to listen on', parsePort, 4321)
    .action(async (flags: { content: string; port: number }) => {
      const { runDevServer } = await import('./dev/dev-server.ts');
      await runDevServer(flags, generator, (line) => console.log(line));
      await new Promise(() => undefined);
    });
  program
    // The dev server's builder: a child process holding the build in memory (see cli/dev/).
    .command('dev-builder', { hidden: true })
    .option('--content <dir>', 'content folder', 'content')
    .requiredOption('--out <dir>', 'output folder')
    .action(async (flags: BuildFlags) => {
      const { runDevBuilder } = await import('./dev/dev-builder.ts');
      await runDevBuilder(flags, generator);
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
    .description('list, per language, the texts and pages that fall back to the default language')
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
      console.log(await licenceList(generator.root));
    });
  program
    .command('preview')
    .description(
      'serve the built site on 127.0.0.1 with the redirects, headers and 404 pages of the generated host files',
    )
    .option('--dist <dir>', 'built site to serve', 'dist')
    .option('--port <number>', 'port to listen on', parsePort, 4322)
    .action(async (flags: { dist: string; port: number }) => {
      const { serveBuiltSite } = await import('./serve/static-server.ts');
      const dist = resolve(flags.dist);
      if (!existsSync(join(dist, 'index.html'))) {
        throw new BuildError('ReadError', 'there is no built site here to serve', {
          file: flags.dist,
          hint: 'Build it first (npm run build), or name the built folder with --dist.',
        });
      }
      const { url } = await serveBuiltSite(dist, flags.port);
      console.log(`Serving ${flags.dist}/ at ${url}/ (Ctrl+C stops)`);
      await new Promise(() => undefined);
    });
  program
    .command('check')
    .description('run the quality gates over the built site: links, HTML, search, spelling, budgets, accessibility')
    .option('--dist <dir>', 'built site to check', 'dist')
    .option('--content <dir>', 'content folder the site was built from (spelling)', 'content')
    .option('--report <file>', 'where to write the JSON report', 'check-report.json')
    .option('--external', 'also fetch external links (needs a network)')
    .option(
      '--chromium <path>',
      'Chromium for the accessibility gate',
      process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    )
    .option('--skip <gates>', 'comma-separated gates to leave out', '')
    .action(
      async (flags: {
        dist: string;
        content: string;
        report: string;
        external?: boolean;
        chromium: string;
        skip: string;
      }) => {
        const { runCheck } = await import('./check/run-check.ts');
        console.log(`Checking ${flags.dist}/`);
        const options = {
          dist: resolve(flags.dist),
          content: resolve(flags.content),
          // Results keyed by their inputs only, so projects or CI runs may share the folder.
          cacheDir: resolve(process.env.SITEGEN_CHECK_CACHE || '.cache/sitegen'),
          report: resolve(flags.report),
          external: flags.external ?? false,
          chromium: flags.chromium,
          skip: flags.skip.split(',').filter(Boolean),
        };
        exitCode = (await runCheck(options, (line) => console.log(line))) ? 0 : 1;
      },
    );
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    console.error(describeFailure(error));
    return 1;
  }
  return exitCode;
}

/** A `--port` value: a whole number from 1 to 65535, or commander prints one line saying what is wrong. */
function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port < 1 || port > 65_535) {
    throw new InvalidArgumentError('a port is a whole number from 1 to 65535.');
  }
  return port;
}
