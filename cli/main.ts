import { Command } from 'commander';
import { build } from './build.ts';
import { loadConfig, type BuildFlags } from './config.ts';
import { BuildError, BuildErrors, formatError } from './errors.ts';
import { formatReport } from './lib/report.ts';

/**
 * Runs the command line and returns the process exit code. `packageRoot` locates the templates;
 * `generatorKey` identifies this version of the generator for its caches.
 */
export async function main(argv: readonly string[], packageRoot?: string, generatorKey?: string): Promise<number> {
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
      exitCode = await runBuild(flags, packageRoot, generatorKey);
    });
  await program.parseAsync(argv, { from: 'user' });
  return exitCode;
}

async function runBuild(flags: BuildFlags, packageRoot: string | undefined, generatorKey: string | undefined): Promise<number> {
  const start = performance.now();
  try {
    const config = loadConfig(flags, process.env, packageRoot, generatorKey);
    const result = await build(config);
    if (config.verbosity !== 'quiet') console.log(formatReport(result, performance.now() - start, config.verbosity === 'verbose'));
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
  return error instanceof Error ? `Internal error: ${error.stack ?? error.message}` : `Internal error: ${String(error)}`;
}
