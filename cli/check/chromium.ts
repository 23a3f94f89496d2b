import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { BuildError } from '../errors.ts';
import CHROMIUM_FLAGS from './chromium-flags.json' with { type: 'json' };

/** Where Debian and Ubuntu's package puts Chromium; CHROMIUM_PATH names another. */
export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/**
 * How the generator starts Chromium: headless, and reaching nothing outside this machine on its own.
 * The flags are a JSON file so that bench/lighthouse.js and review/shots.js, plain JavaScript,
 * start it the same way.
 */
export const CHROMIUM_ARGS: string[] = CHROMIUM_FLAGS;

/** The Chromium to use: CHROMIUM_PATH when set, else Debian's. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
}

/**
 * The set-up problem of a machine without the browser, in one line that says every way on:
 * install it, point at another, or leave the gate out. `check` and `npm test` print the same.
 */
export function missingBrowser(path: string, cause?: unknown): BuildError {
  const problem = cause === undefined ? `there is none at ${path}` : `the one at ${path} does not start`;
  return new BuildError(
    'MissingBrowser',
    `the accessibility gate needs Chromium, and ${problem}: install it with \`sudo apt-get install -y chromium\` (Debian/Ubuntu), set CHROMIUM_PATH to another Chromium, or leave the gate out with \`check --skip accessibility\``,
    { hint: '', cause },
  );
}

/**
 * Every host name and address but 127.0.0.1, where `check` serves the site, fails to resolve: a
 * page under check reaches nothing outside this machine, without intercepting each request in
 * Playwright (which would also turn off the browser's cache of the site's own files).
 */
const ONLY_THIS_MACHINE = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1';

/**
 * Starts the Chromium of `check`, which reaches nothing but 127.0.0.1, or throws the one-line
 * MissingBrowser problem when it is absent or does not start.
 */
export async function launchChromium(path: string): Promise<Browser> {
  if (!existsSync(path)) throw missingBrowser(path);
  const { chromium } = await import('playwright-core');
  try {
    return await chromium.launch({ executablePath: path, args: [...CHROMIUM_ARGS, ONLY_THIS_MACHINE] });
  } catch (error) {
    throw missingBrowser(path, error);
  }
}
