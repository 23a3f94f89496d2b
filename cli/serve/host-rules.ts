import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the host configurations of a built folder say, as the preview and dev servers apply them. */
export interface HostRules {
  /** Exact-path redirects of `_redirects`. */
  readonly redirects: ReadonlyMap<string, { readonly to: string; readonly status: number }>;
  /** Header blocks of `_headers`, by path prefix. */
  readonly headers: readonly { readonly prefix: string; readonly values: readonly [string, string][] }[];
  /** The site's languages: the top-level folders that hold a 404 page of their own. */
  readonly languages: readonly string[];
}

/** The host configuration files the build writes into the site; no host serves them. */
export const HOST_FILES = new Set(['_redirects', '_headers', 'vercel.json', 'nginx.conf', '.htaccess']);

/**
 * The host rules of the folder `root`, read again whenever `_redirects` or `_headers` change
 * (a rebuild rewrites them while the server runs).
 */
export function createHostRules(root: string): () => HostRules {
  let known: { key: string; rules: HostRules } | undefined;
  return () => {
    const key = ['_redirects', '_headers']
      .map((file) => statSync(join(root, file), { throwIfNoEntry: false }))
      .map((stats) => `${stats?.ino}:${stats?.size}:${stats?.mtimeMs}`)
      .join(' ');
    if (known?.key !== key) known = { key, rules: readHostRules(root) };
    return known.rules;
  };
}

function readHostRules(root: string): HostRules {
  const text = (file: string) => {
    try {
      return readFileSync(join(root, file), 'utf8');
    } catch {
      return '';
    }
  };
  const redirects = new Map(
    text('_redirects')
      .split('\n')
      .filter((line) => /^\/\S* \S+ 30[12]$/.test(line))
      .map((line) => line.split(' '))
      .map(([from, to, status]) => [from!, { to: to!, status: Number(status) }]),
  );
  const headers = text('_headers')
    .split(/\n(?=\/)/)
    .filter((block) => block.startsWith('/'))
    .map((block) => {
      const [path = '', ...lines] = block.split('\n');
      const values = lines
        .map((line) => /^ {2}([\w-]+): (.*)$/.exec(line))
        .filter((match) => match !== null)
        .map((match): [string, string] => [match[1]!, match[2]!]);
      return { prefix: path.trim().replace(/\*$/, ''), values };
    });
  const folders = (() => {
    try {
      return readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    } catch {
      return [];
    }
  })();
  const languages = folders
    .filter((entry) => statSync(join(root, entry.name, '404.html'), { throwIfNoEntry: false }))
    .map((entry) => entry.name);
  return { redirects, headers, languages };
}
