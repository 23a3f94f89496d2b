// A throw-away project for benchmarking this generator on the synthetic corpus: the real
// content with the corpus added as maintainer pages, and the real public folder.
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CORPUS_LOCALES, CORPUS_SECTION } from './corpus.js';

export const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Makes `projectDir` with content/ (the site's plus the corpus in `corpusDir`) and public/;
 * `hosts`, when given, replaces the list of hosts the site deploys to (content/site.yaml).
 */
export function makeSitegenProject(projectDir, corpusDir, hosts) {
  rmSync(projectDir, { recursive: true, force: true });
  mkdirSync(projectDir, { recursive: true });
  cpSync(join(repositoryRoot, 'content'), join(projectDir, 'content'), { recursive: true });
  for (const locale of CORPUS_LOCALES) {
    cpSync(join(corpusDir, locale, CORPUS_SECTION), join(projectDir, 'content', locale, CORPUS_SECTION), {
      recursive: true,
    });
  }
  symlinkSync(join(repositoryRoot, 'public'), join(projectDir, 'public'));
  if (hosts) {
    const settings = join(projectDir, 'content/site.yaml');
    const text = readFileSync(settings, 'utf8');
    if (!/^hosts: .*$/m.test(text)) throw new Error(`${settings} has no \`hosts:\` line to replace`);
    writeFileSync(settings, text.replace(/^hosts: .*$/m, `hosts: [${hosts.join(', ')}]`));
  }
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
