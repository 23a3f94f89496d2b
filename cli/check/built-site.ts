import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { HTMLElement } from 'node-html-parser';
import { errorCatalogue, type ErrorCode, type ProblemRecord } from '../errors.ts';

/** An HTML file of the built site, parsed. */
export interface BuiltPage {
  /** Path below the built folder: `es/about/index.html`. */
  readonly file: string;
  /** The address it is served at: `/es/about/`. */
  readonly url: string;
  readonly html: string;
  readonly document: HTMLElement;
  /** False for stubs and 404 pages (noindex). */
  readonly isIndexable: boolean;
  /** True for redirect stubs (they refresh to another address). */
  readonly isRedirect: boolean;
}

/** Everything the check gates read: the built folder, its pages and every file by path. */
export interface BuiltSite {
  readonly root: string;
  readonly pages: readonly BuiltPage[];
  readonly files: ReadonlyMap<string, Buffer>;
}

/** Reads a built site from disk. */
export async function readBuiltSite(root: string): Promise<BuiltSite> {
  // Only `check` parses pages; a build does not load the parser.
  const { parse } = await import('node-html-parser');
  const paths = (await readdir(root, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) =>
      join(entry.parentPath, entry.name)
        .slice(root.length + 1)
        .split('\\')
        .join('/'),
    )
    .sort();
  const files = new Map(
    await Promise.all(paths.map(async (path) => [path, await readFile(join(root, path))] as const)),
  );
  const pages = paths
    .filter((path) => path.endsWith('.html'))
    .map((file): BuiltPage => {
      const html = files.get(file)!.toString('utf8');
      const document = parse(html);
      return {
        file,
        url: `/${file.replace(/index\.html$/, '')}`,
        html,
        document,
        isIndexable: document.querySelector('meta[name="robots"]')?.getAttribute('content') !== 'noindex',
        isRedirect:
          document.querySelector('meta[http-equiv="refresh"]') !== null ||
          /<noscript><meta http-equiv="refresh"/.test(html),
      };
    });
  return { root, pages, files };
}

/** A problem a gate found: a problem of the catalogue (cli/errors.ts), with the address of the page it is on. */
export interface GateProblem extends ProblemRecord {
  /** The page's address: `/es/about/`. */
  readonly page?: string;
}

/** A problem of `code` on a page of the built site, at `line`:`col` of its file when known. */
export function problemOn(
  page: Pick<BuiltPage, 'file' | 'url'> | undefined,
  code: ErrorCode,
  message: string,
  where: { line?: number; col?: number } = {},
): GateProblem {
  return { code, message, hint: errorCatalogue[code], ...(page ? { page: page.url, file: page.file } : {}), ...where };
}

/** A gate's verdict: how many things it checked and what is wrong with them. */
export interface GateResult {
  readonly gate: string;
  readonly checked: number;
  readonly problems: readonly GateProblem[];
  /** Figures the report prints or saves (budgets, external links). */
  readonly details?: unknown;
}
