import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { NodeType, type HTMLElement } from 'node-html-parser';
import { problemOn, type BuiltPage, type BuiltSite, type GateProblem, type GateResult } from './built-site.ts';

/**
 * The cspell dictionary of each language the site may be written in. British English is the
 * site's English (content/README.md); a language without one here is not checked.
 */
const DICTIONARIES: Record<string, { locale: string; extension: string }> = {
  ca: { locale: 'ca', extension: '@cspell/dict-ca/cspell-ext.json' },
  es: { locale: 'es', extension: '@cspell/dict-es-es/cspell-ext.json' },
  en: { locale: 'en-GB', extension: '@cspell/dict-en-gb/cspell-ext.json' },
};

/**
 * The project's own words, one a line, `#` for comments: names (brands, places, models, people)
 * first, for every language; then, under a `[ca]`, `[es]` or `[en]` line, the words of that
 * language its dictionary lacks (trade terms, verb forms with pronouns).
 */
export const WORD_LIST = 'words.txt';

/** Elements whose text a visitor does not read as prose. */
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'svg', 'code', 'pre']);

/** A run of a page's visible text in one language. */
interface Passage {
  readonly page: BuiltPage;
  readonly language: string;
  readonly text: string;
}

/**
 * Spells every page's visible text, its title and its description in the page's language (an
 * element's own `lang` wins: a review kept in Spanish on a Catalan page is Spanish), with
 * cspell's dictionary for that language and the project's word list. Each unknown word is one
 * problem, named with the first page it is on and the content file and line it comes from.
 */
export async function checkSpelling(site: BuiltSite, contentDir: string): Promise<GateResult> {
  const { validateText } = await import('cspell-lib');
  const wordList = readWordList(join(contentDir, WORD_LIST));
  const sources = await contentSources(contentDir);
  const passages = site.pages.filter((page) => !page.isRedirect).flatMap(passagesOf);
  const problems: GateProblem[] = [];
  const seen = new Map<string, { problem: GateProblem; pages: number }>();
  for (const [language, dictionary] of Object.entries(DICTIONARIES)) {
    const ofLanguage = passages.filter((passage) => passage.language === language);
    if (ofLanguage.length === 0) continue;
    const settings = await settingsFor(dictionary, [...(wordList.get('') ?? []), ...(wordList.get(language) ?? [])]);
    // One text per language: cspell's cost is loading the dictionary, not the words.
    const starts: number[] = [];
    let text = '';
    for (const passage of ofLanguage) {
      starts.push(text.length);
      text += `${passage.text}\n\n`;
    }
    const issues = await validateText(text, settings, { generateSuggestions: false });
    const isKnown = await knownWithMiddleDot(settings);
    for (const issue of issues) {
      const word = withMiddleDots(text, issue.offset, issue.text);
      if (word !== issue.text && isKnown(word)) continue;
      const index = starts.findLastIndex((start) => start <= issue.offset);
      const passage = ofLanguage[index]!;
      const key = `${language} ${word}`;
      const known = seen.get(key);
      if (known) {
        known.pages += 1;
        continue;
      }
      const source = findSource(word, passage.page, language, sources);
      const problem = problemOn(
        passage.page,
        'Misspelling',
        `"${word}" is not in the ${language} dictionary nor in content/${WORD_LIST}${source ? '' : ' (its source was not found in content/)'}`,
      );
      const located: GateProblem = source ? { ...problem, file: source.file, line: source.line } : problem;
      seen.set(key, { problem: located, pages: 1 });
    }
  }
  for (const { problem, pages } of seen.values())
    problems.push(pages > 1 ? { ...problem, message: `${problem.message}; on ${pages} pages` } : problem);
  return { gate: 'spelling', checked: passages.length, problems };
}

/** The word list by language; '' holds the words of every language. */
function readWordList(file: string): Map<string, string[]> {
  const list = new Map<string, string[]>();
  if (!existsSync(file)) return list;
  let section = '';
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const word = line.replace(/#.*/, '').trim();
    const header = /^\[([a-z]{2})\]$/.exec(word);
    if (header) section = header[1]!;
    else if (word) list.set(section, [...(list.get(section) ?? []), word]);
  }
  return list;
}

async function settingsFor(dictionary: { locale: string; extension: string }, words: readonly string[]) {
  const cspell = await import('cspell-lib');
  const require = createRequire(import.meta.url);
  const defaults = await cspell.getDefaultSettings();
  const extension = await cspell.readSettings(require.resolve(dictionary.extension));
  const merged = cspell.mergeSettings(defaults, extension, { language: dictionary.locale, words: [...words] });
  return cspell.finalizeSettings(cspell.constructSettingsForText(merged, undefined, ['plaintext']));
}

/**
 * cspell splits words at the Catalan middle dot (col·legi reads as "col" and "legi"); the
 * dictionary holds the whole words, so a flagged part is looked up again with its other half.
 */
async function knownWithMiddleDot(settings: Awaited<ReturnType<typeof settingsFor>>) {
  const { getDictionary } = await import('cspell-lib');
  const dictionary = await getDictionary(settings);
  return (word: string) => dictionary.has(word) || dictionary.has(word.toLowerCase());
}

function withMiddleDots(text: string, offset: number, word: string): string {
  let start = offset;
  let end = offset + word.length;
  const isLetter = (char: string | undefined) => char !== undefined && /[\p{L}\p{M}]/u.test(char);
  while (text[start - 1] === '·' && isLetter(text[start - 2])) {
    start -= 2;
    while (isLetter(text[start - 1])) start -= 1;
  }
  while (text[end] === '·' && isLetter(text[end + 1])) {
    end += 2;
    while (isLetter(text[end])) end += 1;
  }
  return text.slice(start, end);
}

/** The page's visible text, by language: title, description, then the body's text nodes. */
function passagesOf(page: BuiltPage): Passage[] {
  const root = page.document.querySelector('html');
  const language = root?.getAttribute('lang') ?? '';
  const passages: Passage[] = [];
  const add = (lang: string, text: string) => {
    const last = passages.at(-1);
    if (last && last.language === lang) passages[passages.length - 1] = { ...last, text: `${last.text} ${text}` };
    else passages.push({ page, language: lang, text });
  };
  add(language, page.document.querySelector('title')?.text ?? '');
  add(language, page.document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '');
  const body = page.document.querySelector('body');
  if (body) walk(body, language, add);
  return passages;
}

function walk(element: HTMLElement, language: string, add: (language: string, text: string) => void): void {
  for (const child of element.childNodes) {
    if (child.nodeType === NodeType.TEXT_NODE) {
      const text = child.text.trim();
      if (text) add(language, text);
    } else if (child.nodeType === NodeType.ELEMENT_NODE) {
      const node = child as HTMLElement;
      if (SKIPPED.has(node.rawTagName?.toLowerCase() ?? '')) continue;
      walk(node, node.getAttribute('lang') ?? language, add);
    }
  }
}

/** Content files that can hold a page's words, with their text. */
interface Sources {
  readonly files: ReadonlyMap<string, string>;
}

async function contentSources(contentDir: string): Promise<Sources> {
  if (!existsSync(contentDir)) return { files: new Map() };
  const paths = (await readdir(contentDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && /\.(md|ya?ml)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
  const files = new Map<string, string>();
  for (const path of paths)
    files.set(
      path
        .slice(contentDir.length + 1)
        .split('\\')
        .join('/'),
      await readFile(path, 'utf8'),
    );
  return { files };
}

/**
 * Where a word of a page comes from: the page's own file first, then its language's interface
 * texts, the collections and the settings; the first line that holds the word as a whole word.
 */
function findSource(
  word: string,
  page: BuiltPage,
  language: string,
  sources: Sources,
): { file: string; line: number } | undefined {
  const id = page.url.replace(/^\/[^/]+\/?/, '').replace(/\/$/, '');
  const own = id === '' ? [`${language}/index.md`] : [`${language}/${id}.md`, `${language}/${id}/index.md`];
  if (page.file.endsWith('404.html')) own.push(`${language}/404.md`);
  const rest = [...sources.files.keys()].filter((path) => !own.includes(path));
  const ordered = [
    ...own,
    `${language}/ui.yaml`,
    ...rest.filter((path) => path.startsWith('collections/')),
    'site.yaml',
    ...rest.filter((path) => path.startsWith(`${language}/`)),
  ];
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{M}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{M}])`,
    'u',
  );
  for (const path of ordered) {
    const text = sources.files.get(path);
    if (text === undefined) continue;
    const lines = text.split('\n');
    const index = lines.findIndex((line) => pattern.test(line));
    if (index >= 0) return { file: `content/${path}`, line: index + 1 };
  }
  return undefined;
}
