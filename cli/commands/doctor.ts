import { execFile } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { missingBrowser } from '../check/chromium.ts';
import { BuildError, EXIT, formatError } from '../errors.ts';

/** What a tool is needed for: the generator's commands, and the test suite. */
type Purpose = 'build' | 'check' | 'npm test';

/** One tool as this machine has it: what was found, or the one-line problem that says how to install it. */
interface Finding {
  readonly neededBy: readonly Purpose[];
  readonly found?: string;
  readonly missing?: BuildError;
}

/** Where doctor looks: the generator's folder (package.json, the pinned host tools) and the environment. */
export interface DoctorOptions {
  readonly root: string;
  readonly chromium: string;
  readonly env: NodeJS.ProcessEnv;
  /** Everything `npm test` needs is required (its first step), not only what `build` and `check` need. */
  readonly forTests?: boolean;
}

/** A `--version` answer is a few milliseconds away; one that takes longer is a tool that does not run. */
const VERSION_TIMEOUT_MS = 5_000;

/** nginx, Apache and the hosts' own servers serve the site in the host tests only. */
const FOR_TESTS: readonly Purpose[] = ['npm test'];

/**
 * `sitegen doctor`: each tool that `build`, `check` and `npm test` need, with what was found
 * (version and path) or the line that installs it, and which of them needs it. Chromium is
 * asked its version, not started: starting it costs seconds, and `check` says so in one line
 * when it does not start. Resolves to exit 2 when `build` or `check` lacks a tool; a tool only
 * the test suite needs is listed as optional, unless `forTests` (npm test's first step, which
 * needs everything).
 */
export async function examineMachine(options: DoctorOptions, print: (line: string) => void): Promise<number> {
  // The version questions go out together: each is a process of its own.
  const asked = await Promise.all([
    examineChromium(options.chromium),
    examineNginx(options.env),
    examineApache(options.env),
  ]);
  const findings = [examineNode(options.root), ...asked, ...examineHostTools(options)];
  const isRequired = (finding: Finding) => options.forTests || finding.neededBy.some((use) => use !== 'npm test');
  for (const finding of findings) {
    if (!finding.missing) print(`${finding.found} — for ${finding.neededBy.join(', ')}`);
    else if (isRequired(finding)) console.error(formatError(finding.missing));
    else print(`optional, for npm test only: ${finding.missing.message}`);
  }
  return findings.some((finding) => finding.missing && isRequired(finding)) ? EXIT.setup : EXIT.ok;
}

function examineNode(root: string): Finding {
  const neededBy: Purpose[] = ['build', 'check', 'npm test'];
  const { engines } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
  const [needMajor = 0, needMinor = 0] = (/\d+(\.\d+)?/.exec(engines.node)?.[0] ?? '0').split('.').map(Number);
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  const oldest = `${needMajor}.${needMinor}`;
  if (major > needMajor || (major === needMajor && minor >= needMinor))
    return { neededBy, found: `Node ${process.versions.node} (${oldest} or later)` };
  return {
    neededBy,
    missing: missingTool(
      `build, check and npm test need Node ${oldest} or later, and this is ${process.versions.node}: install a newer one from https://nodejs.org/ (or \`nvm install ${needMajor}\`)`,
    ),
  };
}

async function examineChromium(path: string): Promise<Finding> {
  const neededBy: Purpose[] = ['check', 'npm test'];
  if (!existsSync(path)) return { neededBy, missing: missingBrowser(path) };
  try {
    // Debian's launcher is a shell script that also complains on stderr; the version is on stdout.
    const { stdout } = await runTool(path, ['--version']);
    const version = /^.*?\d+(\.\d+)+/.exec(stdout.trim())?.[0] ?? stdout.trim();
    return { neededBy, found: `${version} at ${path}` };
  } catch (error) {
    return { neededBy, missing: missingBrowser(path, error) };
  }
}

async function examineNginx(env: NodeJS.ProcessEnv): Promise<Finding> {
  // The same paths, and the same variables to move them, as the host tests (tests/helpers/nginx.ts).
  const nginx = env.NGINX_PATH ?? '/usr/sbin/nginx';
  const brotli = env.NGINX_BROTLI_MODULE ?? '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
  const version = await versionOf(nginx, ['-v'], /nginx\/(\S+)/);
  if (version === undefined)
    return { neededBy: FOR_TESTS, missing: missingServer(nginx, 'nginx', 'nginx libnginx-mod-http-brotli-static') };
  if (!existsSync(brotli))
    return {
      neededBy: FOR_TESTS,
      missing: missingServer(brotli, 'nginx’s Brotli module', 'libnginx-mod-http-brotli-static'),
    };
  return { neededBy: FOR_TESTS, found: `nginx ${version} at ${nginx}, with its Brotli module at ${brotli}` };
}

async function examineApache(env: NodeJS.ProcessEnv): Promise<Finding> {
  const apache = env.APACHE_PATH ?? '/usr/sbin/apache2';
  const version = await versionOf(apache, ['-v'], /Apache\/(\S+)/);
  if (version === undefined) return { neededBy: FOR_TESTS, missing: missingServer(apache, 'Apache', 'apache2') };
  return { neededBy: FOR_TESTS, found: `Apache ${version} at ${apache}` };
}

/**
 * Cloudflare's and Netlify's local servers, pinned in tests/hosts/host-tools.json and installed
 * outside the repository, where the host tests look (tests/helpers/host-servers.ts). Their own
 * `--version` takes seconds; an executable in place, in a folder named by the version, is enough.
 */
function examineHostTools({ root, env }: DoctorOptions): Finding[] {
  const pins = join(root, 'tests/hosts/host-tools.json');
  // A copy of the generator without its tests runs no host tests.
  if (!existsSync(pins)) return [];
  const tools = JSON.parse(readFileSync(pins, 'utf8')) as Record<string, { version: string; bin: string }>;
  const cache = env.SITEGEN_HOSTS_CACHE ?? join(homedir(), '.cache/sitegen-hosts');
  return Object.entries(tools).map(([name, { version, bin }]) => {
    const folder = join(cache, `${name}-${version}`);
    const binary = join(folder, 'node_modules/.bin', bin);
    if (isExecutable(binary)) return { neededBy: FOR_TESTS, found: `${name} ${version} at ${binary}` };
    return {
      neededBy: FOR_TESTS,
      missing: missingTool(
        `npm test’s host tests need ${name} ${version}, and there is none at ${binary}: install it with \`npm install --prefix ${folder} ${name}@${version}\` (.ci/run does)`,
      ),
    };
  });
}

function missingServer(path: string, what: string, packages: string): BuildError {
  const problem = existsSync(path) ? `the one at ${path} does not run` : `there is none at ${path}`;
  return missingTool(
    `npm test’s host tests need ${what}, and ${problem}: install it with \`sudo apt-get install -y ${packages}\` (Debian/Ubuntu; .ci/run does)`,
  );
}

function missingTool(message: string): BuildError {
  return new BuildError('MissingTool', message, { hint: '' });
}

/** The version a server prints, or undefined when it is not there or does not run. */
async function versionOf(path: string, args: readonly string[], pattern: RegExp): Promise<string | undefined> {
  if (!isExecutable(path)) return undefined;
  try {
    const { stdout, stderr } = await runTool(path, args);
    return pattern.exec(`${stdout}${stderr}`)?.[1] ?? 'of an unknown version';
  } catch {
    return undefined;
  }
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Runs a tool to its end, or rejects when it fails or outlasts the timeout. */
const runTool = (path: string, args: readonly string[]) =>
  promisify(execFile)(path, args, { timeout: VERSION_TIMEOUT_MS, encoding: 'utf8' });
