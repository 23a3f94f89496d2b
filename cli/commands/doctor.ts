import { launchChromium } from '../check/chromium.ts';
import { describeFailure, EXIT } from '../errors.ts';

/** The oldest Node the generator runs on (package.json's engines). */
const NODE_AT_LEAST = [20, 19] as const;

/**
 * `sitegen doctor`: whether this machine can build the site (Node) and check it (Chromium,
 * which the accessibility gate and the browser tests drive). Starts Chromium once, as they
 * will, so a browser that is there but cannot start is found too. Exit 2 when either is missing.
 */
export async function examineMachine(chromiumPath: string, print: (line: string) => void): Promise<number> {
  let exitCode: number = EXIT.ok;
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  if (major > NODE_AT_LEAST[0] || (major === NODE_AT_LEAST[0] && minor >= NODE_AT_LEAST[1])) {
    print(`Node ${process.versions.node}: fine (${NODE_AT_LEAST.join('.')} or later)`);
  } else {
    console.error(`Node ${process.versions.node} is too old: the generator needs ${NODE_AT_LEAST.join('.')} or later.`);
    exitCode = EXIT.setup;
  }
  try {
    const browser = await launchChromium(chromiumPath);
    print(`Chromium ${browser.version()} at ${chromiumPath}: starts`);
    await browser.close();
  } catch (error) {
    console.error(describeFailure(error));
    exitCode = EXIT.setup;
  }
  return exitCode;
}
