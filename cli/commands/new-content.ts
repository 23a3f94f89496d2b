import { appendFile, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BuildError } from '../errors.ts';
import { parseMarkdownFile } from '../lib/front-matter.ts';
import { parseYaml } from '../lib/yaml-lines.ts';
import {
  BODY_PLACEHOLDERS,
  PAGE_PLACEHOLDERS,
  pageScaffold,
  placeholdersOf,
  productEntry,
  serviceEntry,
  type EntryScaffold,
  type NewKind,
} from './scaffolds.ts';
import { refuseTakenAddress } from './taken-addresses.ts';

/** Where each kind of content lives: its folder below a language, the collection that lists it, and where that shows it. */
const KINDS: Record<NewKind, { folder: string; collection?: string; shown?: string; template: string }> = {
  service: {
    folder: 'services/',
    collection: 'services',
    shown: 'its card on the home page and its link in the footer',
    template: 'service',
  },
  page: { folder: '', template: 'page' },
  product: { folder: 'products/', collection: 'products', shown: 'its card on the home page', template: 'page' },
};

/**
 * `sitegen new <kind> <slug>`: writes the page in every language of the site and, for a
 * service or product, its entry at the end of the collection, from a scaffold that builds and
 * passes `sitegen check`: its placeholder title and description are written in each language
 * and differ from every other page's (`Servei nou 2`…). Every text to write is tagged
 * `!example`, so each build lists it until it is replaced. Nothing is overwritten: an address
 * the site has already, in any language, or a taken id stops it before it writes.
 * Returns what it wrote and, file by file, what is left to write.
 */
export async function createContent(
  kind: NewKind,
  slug: string,
  contentDir: string,
  options: { section?: 'optical' | 'audiology'; today?: Date } = {},
): Promise<string> {
  const { folder, collection, shown, template } = KINDS[kind];
  const languages = await siteLanguages(contentDir);
  await refuseTakenAddress(contentDir, languages, `${folder}${slug}`, kind);
  const collectionPath = collection && `collections/${collection}.yaml`;
  if (collectionPath) await refuseTakenId(join(contentDir, collectionPath), slug, `content/${collectionPath}`);

  const number = await firstFreeNumber(contentDir, languages, kind);
  const titleIn = (code: string) => placeholdersOf(code, kind, number).title;
  const updated = (options.today ?? new Date()).toISOString().slice(0, 10);
  const pages = languages.map((code) => ({ code, path: `${code}/${folder}${slug}.md` }));
  for (const { code, path } of pages) {
    await writeFile(join(contentDir, path), pageScaffold(code, titleIn(code), template, updated), { flag: 'wx' });
  }
  const fields = `the ${listed(PAGE_PLACEHOLDERS)}; ${BODY_PLACEHOLDERS}`;
  const left = pages.map(({ path }) => `  content/${path}: ${fields}`);
  if (collectionPath) {
    const entry: EntryScaffold =
      kind === 'service'
        ? serviceEntry(slug, titleIn, languages, options.section ?? 'optical')
        : productEntry(slug, titleIn, languages);
    await appendFile(join(contentDir, collectionPath), entry.yaml);
    left.push(`  content/${collectionPath}, the entry ${slug} at its end (${shown}): ${entry.placeholders}`);
  }
  return [
    `Added the ${kind} ${slug}. Left to write, in place of the placeholders:`,
    ...left,
    'Delete the !example tag before each value you write: every build lists the tags still there. Then run npm run build.',
    ...(kind === 'page'
      ? [
          `Link to the page from another one by its title, as [its title](/${slug}): the build warns about a page that nothing links to.`,
        ]
      : []),
  ].join('\n');
}

/** `title, label and description`. */
function listed(words: readonly string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** The site's language codes, the default first, from content/site.yaml. */
async function siteLanguages(contentDir: string): Promise<string[]> {
  const file = 'content/site.yaml';
  const text = await readFile(join(contentDir, 'site.yaml'), 'utf8').catch((error: unknown) => {
    throw new BuildError('ReadError', 'there is no site.yaml in the content folder', { file, cause: error });
  });
  const { data } = parseYaml(text, file);
  const languages = (data as { languages?: { code?: unknown }[] } | null)?.languages;
  const codes = Array.isArray(languages) ? languages.map((language) => language?.code) : [];
  if (codes.length === 0 || !codes.every((code): code is string => typeof code === 'string')) {
    throw new BuildError('InvalidField', 'site.yaml lists no languages', { file });
  }
  return codes;
}

async function refuseTakenId(path: string, id: string, file: string): Promise<void> {
  const source = parseYaml(await readFile(path, 'utf8'), file);
  const { data } = source;
  const index = Array.isArray(data) ? data.findIndex((entry: { id?: unknown }) => entry?.id === id) : -1;
  if (index >= 0) {
    throw new BuildError('DuplicateId', `the collection already has an entry with the id ${id}`, {
      file,
      ...source.positionOf([index, 'id']),
    });
  }
}

/**
 * The first number whose placeholder title and description no page of its language has: the
 * quality gates refuse two pages of a language with the same title or description, and a
 * scaffold's title is written in its language, so it cannot be told apart by its slug.
 */
async function firstFreeNumber(contentDir: string, languages: readonly string[], kind: NewKind): Promise<number> {
  const used = new Map<string, Set<string>>();
  for (const code of languages) used.set(code, await pageTextsOf(contentDir, code));
  const isFree = (number: number) =>
    languages.every((code) => {
      const { title, description } = placeholdersOf(code, kind, number);
      return !used.get(code)!.has(title) && !used.get(code)!.has(description);
    });
  let number = 1;
  while (!isFree(number)) number += 1;
  return number;
}

/** The titles and descriptions of a language's pages; a page that does not parse is the build's to report. */
async function pageTextsOf(contentDir: string, code: string): Promise<Set<string>> {
  const folder = join(contentDir, code);
  const paths = (await readdir(folder, { recursive: true }).catch(() => [])).filter((path) => path.endsWith('.md'));
  const texts = new Set<string>();
  for (const path of paths) {
    try {
      const { data } = parseMarkdownFile(await readFile(join(folder, path), 'utf8'), path).frontMatter;
      const { title, description } = (data ?? {}) as { title?: unknown; description?: unknown };
      for (const text of [title, description]) if (typeof text === 'string') texts.add(text);
    } catch {
      continue;
    }
  }
  return texts;
}
