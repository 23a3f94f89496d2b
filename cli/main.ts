import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isIP } from 'node:net';
import { Argument, Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { DEFAULT_CHROMIUM } from './check/chromium.ts';
import { CHECK_GATES } from './check/gate-names.ts';
import type { BuildFlags, Generator } from './config.ts';
import { describeFailure, EXIT, exitCodeOf } from './errors.ts';
import { handleStopSignals, STOPPED_EXIT } from './lib/stop-signals.ts';
import { LOOPBACK, type ListenOptions } from './serve/listen.ts';

/** Options naming folders that must exist, whose default values are checked like given ones. */
const FOLDER_OPTIONS = new Set(['content', 'dist']);

const EXIT_CODES_HELP = `
Exit codes:
  ${EXIT.ok}    done: the build succeeded, every gate passed
  ${EXIT.problems}    the site has problems: a build error in content or templates, a failing gate
  ${EXIT.setup}    a set-up or usage problem: a bad option, a missing folder, a missing browser,
       a port that is taken (with --strict-port)
  ${STOPPED_EXIT.SIGINT}  stopped with Ctrl+C (${STOPPED_EXIT.SIGTERM} with SIGTERM)`;

/**
 * Runs the command line and returns the process exit code. `generator` says where the
 * generator's files are (templates, widgets), which version it is, and its render thread.
 */
export async function main(argv: readonly string[], generator: Generator): Promise<number> {
  // Ctrl+C and SIGTERM end every command cleanly: its locks removed, its children ended, exit 130 or 143.
  handleStopSignals();
  let exitCode: number = EXIT.ok;
  const program = new Command('sitegen')
    .description('Builds the trilingual static site from content/ into dist/')
    .version(versionOf(generator.root), '-v, --version', 'print the version')
    .helpOption('-h, --help', 'show the commands, or a command’s options')
    // Errors come back here (as exceptions) so that every one ends with the documented exit code.
    .exitOverride()
    .showHelpAfterError('(add --help for the options)')
    .addHelpText('after', EXIT_CODES_HELP)
    // Commander parses only the values given; a default folder is checked the same way here.
    .hook('preAction', (_program, command) => {
      for (const option of command.options) {
        const key = option.attributeName();
        if (!option.parseArg || !FOLDER_OPTIONS.has(key) || command.getOptionValueSource(key) !== 'default') continue;
        // check reads the content folder for the spelling gate only.
        const skipped = command.getOptionValue('skip') as string[] | undefined;
        if (command.name() === 'check' && key === 'content' && skipped?.includes('spelling')) continue;
        const value = command.getOptionValue(key) as string;
        try {
          option.parseArg(value, undefined);
        } catch (error) {
          if (!(error instanceof InvalidArgumentError)) throw error;
          command.error(`error: option '${option.flags}' argument '${value}' is invalid. ${error.message}`, {
            exitCode: EXIT.setup,
          });
        }
      }
    });

  program
    .command('build')
    .description('build every page, redirect and asset into the output folder')
    .addOption(contentOption())
    .option('-o, --out <dir>', 'output folder', 'dist')
    .option(
      '--strict',
      'fail on any warning (fallbacks to the default language, unknown translation keys, orphan pages)',
    )
    .option('-q, --quiet', 'print errors only')
    .option('--verbose', 'list every page and example setting')
    .addOption(
      new Option(
        '--json',
        'print the report as one JSON object (for scripts and tests); problems still go to stderr',
      ).conflicts('quiet'),
    )
    .option('--no-compress', 'write no .br and .gz copies, whichever hosts content/site.yaml lists')
    .action(async (flags: BuildFlags) => {
      const { runBuild } = await import('./commands/build.ts');
      exitCode = await runBuild(flags, generator);
    });

  serverOptions(
    program
      .command('dev')
      .description('build and serve on 127.0.0.1, rebuild on every change and reload the open pages')
      .addOption(contentOption()),
    4321,
  ).action(async (flags: { content: string; open?: boolean } & ListenFlags) => {
    const { runDevServer } = await import('./dev/dev-server.ts');
    const { url } = await runDevServer({ content: flags.content, ...listenOf(flags) }, generator, (line) =>
      console.log(line),
    );
    if (flags.open) await openInBrowser(url);
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
    // The dev server's type checker: a child process watching templates and widgets (see cli/dev/).
    .command('dev-typecheck', { hidden: true })
    .action(async () => {
      const { runTypeChecker } = await import('./dev/type-checker.ts');
      await runTypeChecker(generator);
      await new Promise(() => undefined);
    });

  serverOptions(
    program
      .command('preview')
      .description('serve the built site with the redirects, headers and 404 pages of the generated host files')
      .addOption(distOption('built site to serve')),
    4322,
  ).action(async (flags: { dist: string; open?: boolean } & ListenFlags) => {
    const { serveBuiltSite } = await import('./serve/static-server.ts');
    const { listeningNotes } = await import('./serve/listen.ts');
    const listen = listenOf(flags);
    const { url, port } = await serveBuiltSite(resolve(flags.dist), listen);
    for (const note of listeningNotes(listen, port)) console.log(note);
    console.log(`Serving ${flags.dist}/ at ${url}/ (Ctrl+C stops)`);
    if (flags.open) await openInBrowser(url);
    await new Promise(() => undefined);
  });

  program
    .command('check')
    .description('run the quality gates over the built site: links, HTML, search, spelling, budgets, accessibility')
    .addOption(distOption('built site to check'))
    .addOption(contentOption('content folder the site was built from (spelling)'))
    .option('-r, --report <file>', 'where to write the JSON report', 'check-report.json')
    .option('--external', 'also fetch external links (needs a network)')
    .addOption(chromiumOption())
    .addOption(
      new Option('-s, --skip <gates>', `comma-separated gates to leave out: ${CHECK_GATES.join(', ')}`)
        .argParser(parseGates)
        .default([]),
    )
    .action(
      async (flags: {
        dist: string;
        content: string;
        report: string;
        external?: boolean;
        chromium: string;
        skip: string[];
      }) => {
        const { runCheck } = await import('./check/run-check.ts');
        const options = {
          dist: resolve(flags.dist),
          content: resolve(flags.content),
          // Results keyed by their inputs only, so projects or CI runs may share the folder.
          cacheDir: resolve(process.env.SITEGEN_CHECK_CACHE || '.cache/sitegen'),
          report: resolve(flags.report),
          external: flags.external ?? false,
          chromium: flags.chromium,
          skip: flags.skip,
        };
        exitCode = (await runCheck(options, `${flags.dist}/`)) ? EXIT.ok : EXIT.problems;
      },
    );

  program
    .command('new')
    .description('add a service, page or product in every language, from a scaffold with every required field')
    .addArgument(new Argument('<kind>', 'what to add').choices(['service', 'page', 'product']))
    .argument('<slug>', 'its address and file name: lowercase words joined by hyphens, such as eye-strain', parseSlug)
    .addOption(
      new Option('--section <section>', 'for a service: the home page section and footer list it joins')
        .choices(['optical', 'audiology'])
        .default('optical'),
    )
    .addOption(contentOption())
    .action(
      async (
        kind: 'service' | 'page' | 'product',
        slug: string,
        flags: { content: string; section: 'optical' | 'audiology' },
      ) => {
        const { createContent } = await import('./commands/new-content.ts');
        console.log(await createContent(kind, slug, resolve(flags.content), { section: flags.section }));
      },
    );

  program
    .command('schemas')
    .description('write the content schemas as JSON Schema into content/.schemas/, for editors')
    .addOption(contentOption())
    .action(async (flags: { content: string }) => {
      const { writeContentSchemas } = await import('./commands/schemas.ts');
      console.log(await writeContentSchemas(resolve(flags.content)));
    });

  program
    .command('translations')
    .description('list, per language, the texts and pages that fall back to the default language')
    .addOption(contentOption())
    .action(async (flags: { content: string }) => {
      const { reportTranslations } = await import('./commands/translations.ts');
      const report = await reportTranslations(resolve(flags.content), resolve('public'));
      console.log(report.text);
      exitCode = report.isComplete ? EXIT.ok : EXIT.problems;
    });

  program
    .command('doctor')
    .description(
      'list what build, check and npm test need (Node, Chromium, nginx, Apache, the hosts’ tools): found, or how to install it',
    )
    .addOption(chromiumOption())
    .option('--tests', 'fail on a tool only npm test needs too (npm test’s first step)')
    .action(async (flags: { chromium: string; tests?: boolean }) => {
      const { examineMachine } = await import('./commands/doctor.ts');
      const options = { root: generator.root, chromium: flags.chromium, env: process.env, forTests: flags.tests };
      exitCode = await examineMachine(options, (line) => console.log(line));
    });

  program
    .command('licences')
    .description('list the licences of the packages the generator runs with, as the README shows them')
    .action(async () => {
      const { licenceList } = await import('./commands/licences.ts');
      console.log(await licenceList(generator.root));
    });

  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    // Commander has printed its own one-line message (or the help, or the version).
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.setup;
    console.error(describeFailure(error));
    return exitCodeOf(error);
  }
  return exitCode;
}

/** Flags of the servers (dev, preview) as commander gives them. */
interface ListenFlags {
  port: number;
  strictPort?: boolean;
  host?: string | true;
}

function serverOptions(command: Command, port: number): Command {
  return command
    .option('-p, --port <number>', 'port to listen on (the next free one if it is taken)', parsePort, port)
    .option('--strict-port', 'fail if the port is taken instead of taking the next free one')
    .option(
      '--host [address]',
      'listen beyond 127.0.0.1: on every network interface, or on the address given',
      parseHost,
    )
    .option('--open', 'open the site in the default browser');
}

function listenOf(flags: ListenFlags): ListenOptions {
  const host = flags.host === true ? '0.0.0.0' : (flags.host ?? LOOPBACK);
  return { port: flags.port, host, strictPort: flags.strictPort ?? false };
}

async function openInBrowser(url: string): Promise<void> {
  const { default: open } = await import('open');
  await open(`${url}/`);
}

function chromiumOption(): Option {
  return new Option('--chromium <path>', 'Chromium for the accessibility gate')
    .env('CHROMIUM_PATH')
    .default(DEFAULT_CHROMIUM);
}

function contentOption(description = 'content folder'): Option {
  return new Option('-c, --content <dir>', description).default('content').argParser(parseFolder('a content folder'));
}

function distOption(description: string): Option {
  return new Option('-d, --dist <dir>', description).default('dist').argParser(parseBuiltFolder);
}

/** The generator's version, from its package.json. */
function versionOf(root: string): string {
  return (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
}

/** A `--port` value: a whole number from 1 to 65535, or commander prints one line saying what is wrong. */
function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port < 1 || port > 65_535) {
    throw new InvalidArgumentError('a port is a whole number from 1 to 65535.');
  }
  return port;
}

/**
 * A `--host` value: an IP address, or a host name (letters, digits, hyphens, dots) that is not
 * a mistyped address (`999.1.1.1`). Checked before anything runs, instead of after a build.
 */
function parseHost(value: string): string {
  const hostName = /^(?!\d+(\.\d+)*$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;
  if (isIP(value) === 0 && !(value.length <= 253 && hostName.test(value))) {
    throw new InvalidArgumentError(
      'an address is an IP address of this machine (192.168.1.20, ::1) or its host name (localhost).',
    );
  }
  return value;
}

/** A `--skip` value: gate names separated by commas, each one of the gates. */
function parseGates(value: string): string[] {
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !(CHECK_GATES as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new InvalidArgumentError(
      `there is no gate ${unknown.map((name) => `"${name}"`).join(' or ')}; the gates are ${CHECK_GATES.join(', ')}.`,
    );
  }
  return names;
}

function parseFolder(what: string): (value: string) => string {
  return (value) => {
    if (!statSync(value, { throwIfNoEntry: false })?.isDirectory()) {
      throw new InvalidArgumentError(`there is no folder ${value} here; it must name ${what}.`);
    }
    return value;
  };
}

/** A folder holding a built site: it has the home page's redirect stub, index.html. */
function parseBuiltFolder(value: string): string {
  parseFolder('a built site')(value);
  if (!existsSync(join(value, 'index.html'))) {
    throw new InvalidArgumentError(
      `${value} holds no built site (no index.html); build it first (npm run build), or name the built folder.`,
    );
  }
  return value;
}

/** A `new` slug: lowercase letters, digits and hyphens, as addresses are written. */
function parseSlug(value: string): string {
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value)) {
    throw new InvalidArgumentError('a slug is lowercase letters and digits joined by hyphens, such as eye-strain.');
  }
  return value;
}
