import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The server configuration lines README.md's Deploying section gives for Apache, in its
 * `apache` code block: read from the README, so that what it tells a host is what is tested.
 */
export function apacheServerLines(): string[] {
  const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
  const deploying = readme.split(/^## /m).find((section) => section.startsWith('Deploying\n')) ?? '';
  // The block sits in a list item, indented as its text is.
  const [, indent = '', block] = /^( *)```apache\n([\s\S]*?)^ *```$/m.exec(deploying) ?? [];
  if (!block) throw new Error("README.md's Deploying section has no ```apache block of server lines");
  return block
    .trimEnd()
    .split('\n')
    .map((line) => line.slice(indent.length));
}
