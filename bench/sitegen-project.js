// A throw-away project for benchmarking this generator on the synthetic corpus: the real
// content with the corpus added as maintainer pages, and the real public folder.
import { cpSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CORPUS_LOCALES, CORPUS_SECTION } from './corpus.js';

export const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Makes `projectDir` with content/ (the site's plus the corpus in `corpusDir`) and public/. */
export function makeSitegenProject(projectDir, corpusDir) {
  rmSync(projectDir, { recursive: true, force: true });
  mkdirSync(projectDir, { recursive: true });
  cpSync(join(repositoryRoot, 'content'), join(projectDir, 'content'), { recursive: true });
  for (const locale of CORPUS_LOCALES) {
    cpSync(join(corpusDir, locale, CORPUS_SECTION), join(projectDir, 'content', locale, CORPUS_SECTION), {
      recursive: true,
    });
  }
  symlinkSync(join(repositoryRoot, 'public'), join(projectDir, 'public'));
}

/** The command that builds the project in `projectDir` into its dist/, as a maintainer runs it, with `flags` added. */
export function sitegenBuildCommand(flags = []) {
  return [process.execPath, [join(repositoryRoot, 'cli/bin.js'), 'build', '--quiet', '--out', 'dist', ...flags]];
}

/** Forgets what earlier builds cached and wrote (the site, the host folders, the cache), for a clean build. */
export function cleanSitegenProject(projectDir) {
  for (const folder of ['.cache', 'dist', 'dist-hosts'])
    rmSync(join(projectDir, folder), { recursive: true, force: true });
}

/** The environment of a measured build: without a shared cache of compressed copies, which a clean build must not find. */
export function sitegenEnv() {
  const env = { ...process.env };
  delete env.SITEGEN_COMPRESS_CACHE;
  return env;
}
