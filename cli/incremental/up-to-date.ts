import type { Config } from '../config.ts';
import type { BuildSummary } from '../lib/build-summary.ts';
import { untouchedVersion } from '../output/folder-record.ts';
import { inputsKeyOf } from './inputs.ts';
import { readManifest } from './manifest.ts';
/** What a build command finds before it builds: the key of what the build reads, and whether the last build is still the answer. */
export interface UpToDate {
  /** The key of the inputs (inputs.ts), taken before anything is read: the build saves it with its record. */
  readonly inputs?: string;
  /** The last build's summary, when building again would change nothing; and how long it took to tell. */
  readonly last?: { readonly summary: BuildSummary; readonly ms: number };
}

/**
 * Whether building again would change nothing: the generator, the options and every file the
 * build reads are as they were (inputs.ts), and each folder the last build wrote (the site's,
 * the host folders) still holds the version its writer left there (output/folder-record.ts),
 * the site's being the one the last build's pages are in.
 */
export async function findUpToDate(config: Config): Promise<UpToDate> {
  const start = performance.now();
  if (!config.generatorKey) return {};
  const inputs = inputsKeyOf(config);
  const last = await readManifest(config.cacheDir, config.outDir, config.generatorKey, { hasPages: false });
  if (!last?.summary || last.inputs !== inputs || last.version === undefined) return { inputs };
  const [site, hosts] = await Promise.all(
    [config.outDir, config.hostsDir].map((folder) => untouchedVersion(config.cacheDir, folder)),
  );
  const isWhole = site === last.version && hosts !== undefined;
  return isWhole ? { inputs, last: { summary: last.summary, ms: performance.now() - start } } : { inputs };
}
