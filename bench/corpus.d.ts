// Types of corpus.js, for the tests that build a large site from it.
export const CORPUS_LOCALES: readonly string[];
export const CORPUS_SECTION: string;
export function slugOf(index: number): string;
/** Numbers in [0, 1) from a seed, the same on every machine (mulberry32). */
export function seededRandom(seed: number): () => number;
/** Writes `pagesPerLocale` pages in each language below `dir`; returns the page count. */
export function writeCorpus(dir: string, pagesPerLocale: number): number;
