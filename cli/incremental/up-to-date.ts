import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Config } from '../config.ts';
import type { BuildSummary } from '../lib/build-summary.ts';
import { isAsWritten } from '../stages/write.ts';
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
 * build reads are as they were (inputs.ts), no build is under way or was cut short (a lock or a
 * journal beside a folder), and every folder the last build wrote holds exactly what it left
 * there (each file as stamped, each folder with its time, so nothing was added, removed or
 * edited by hand).
 */
export async function findUpToDate(config: Config): Promise<UpToDate> {
  const start = performance.now();
  if (!config.generatorKey) return {};
  const inputs = inputsKeyOf(config);
  const folders = [config.outDir, config.hostsDir];
  const isBusy = folders.some((folder) =>
    ['lock', 'journal'].some((what) => existsSync(join(dirname(folder), `.${basename(folder)}.${what}`))),
  );
  if (isBusy) return { inputs };
  const last = await readManifest(config.cacheDir, config.outDir, config.generatorKey, { hasPages: false });
  if (!last?.summary || last.inputs !== inputs || !last.written.has(config.outDir)) return { inputs };
  const isWhole = [...last.written].every(([folder, written]) => isAsWritten(folder, written));
  return isWhole ? { inputs, last: { summary: last.summary, ms: performance.now() - start } } : { inputs };
}
