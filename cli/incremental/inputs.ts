import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Config } from '../config.ts';
import { contentHash } from '../lib/hash.ts';

/**
 * A key of everything a build reads and of how it was asked to build: every file of the
 * content, public/ and the widgets' sources, and the stylesheet, by its stamp (size,
 * modification and change times, inode), the generator's installed packages (npm rewrites their lock file on every install),
 * the generator's own version, the options that change the output, and the year. Any edit,
 * addition or removal changes it, however a file was saved: writing a file changes its change
 * time, which nobody can set back. Stamps, not bytes: nothing is read.
 */
export function inputsKeyOf(config: Config): string {
  const lines = [
    JSON.stringify([
      config.generatorKey,
      config.outDir,
      config.hostsDir,
      config.precompress,
      config.isStrict,
      config.buildTime.getUTCFullYear(),
    ]),
  ];
  const stampOf = (file: string) => {
    const stats = statSync(file, { throwIfNoEntry: false });
    return stats ? `${file}\0${stats.size}\0${stats.mtimeMs}\0${stats.ctimeMs}\0${stats.ino}` : `${file}\0missing`;
  };
  for (const folder of [config.contentDir, config.publicDir, config.widgetsDir]) {
    const files = filesBelow(folder);
    lines.push(...(files ? files.map(stampOf).sort() : [`${folder}\0missing`]));
  }
  // The stylesheet is no TypeScript, so the generator's key leaves it out: it counts here.
  lines.push(stampOf(config.stylesheet));
  lines.push(stampOf(join(dirname(config.widgetsDir), 'node_modules/.package-lock.json')));
  return contentHash(lines.join('\n'));
}

/** Every file below a folder, by absolute path; undefined when there is no such folder (a site without public/). */
function filesBelow(folder: string): string[] | undefined {
  try {
    return readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => !entry.isDirectory())
      .map((entry) => join(entry.parentPath, entry.name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
