import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { NodeType, type HTMLElement } from 'node-html-parser';
import { parseYaml } from '../lib/yaml-lines.ts';
import { problemOn, type BuiltPage, type BuiltSite, type GateProblem, type GateResult } from './built-site.ts';

/**
 * The cspell dictionary of each language the site may be written in. British English is the
 * site's English, spelt with -ise (content/README.md), and spelt with its own dictionaries only
 * (`only`): the programming dictionaries cspell adds by default accept American spellings
 * (catalog, analyze, organization). `sentenceCase` holds the language's labels to sentence case.
 * A language without an entry here is not checked.
 */
const DICTIONARIES: Record<
  string,
  { locale: string; extension: string; only?: readonly string[]; sentenceCase?: boolean }
> = {
  ca: { locale: 'ca', extension: '@cspell/dict-ca/cspell-ext.json' },
  es: { locale: 'es', extension: '@cspell/dict-es-es/cspell-ext.json' },
  en: {
    locale: 'en-GB',
    extension: '@cspell/dict-en-gb-ise/cspell-ext.json',
    only: ['en-gb', 'en-gb-common-misspellings', 'en-common-misspellings'],
    sentenceCase: true,
  },
};

/**
 * The project's own words, one a line, `#` for comments: names (brands, places, models, people)
 * first, for every language; then, under a `[ca]`, `[es]` or `[en]` line, the words of that
 * language its dictionary lacks (trade terms, verb forms with pronouns), and, as `!word form`,
 * words its dictionary lists that the site does not write, with the form it writes instead.
 */
export const WORD_LIST = 'words.txt';

/** Elements whose text a visitor does not read as prose. */
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'svg', 'code', 'pre']);

/** Elements whose text names a page, a section or an action: titles, headings, buttons, menus, labels. */
const LABELS = 'title, h1, h2, h3, h4, h5, h6, button, summary, caption, th, label, legend, nav a, footer a';

/** A run of visible text in one language: of a built page, or an interface text of ui.yaml. */
interface Passage {
  readonly page?: BuiltPage;
  /** For an interface text: its file, line and key. */
  readonly source?: { readonly file: string; readonly line: number; readonly key: string };
  readonly language: string;
  readonly text: string;
}

/** The word list: per language ('' for every language) the words to accept and the words to refuse. */
interface WordList {
  readonly words: ReadonlyMap<string, readonly string[]>;
  /** Refused words, by language, with the form the site writes instead. */
  readonly refused: ReadonlyMap<string, ReadonlyMap<string, string>>;
}

/**
 * Spells every page's visible text, its title and its description in the page's language (an
 * element's own `lang` wins: a review kept in Spanish on a Catalan page is Spanish), and every
 * interface text of content/<language>/ui.yaml, shown or sent to a widget, with cspell's
 * dictionary for that language and the project's word list. Each unknown or refused word is
 * one problem, named with the first page it is on and the content file and line it comes from.
 * In English, titles, headings, buttons, menus and every interface text are in sentence case:
 * a capital inside one is a name's (the dictionary's or the word list's), or it is a problem.
 */
export async function checkSpelling(site: BuiltSite, contentDir: string): Promise<GateResult> {
  const { validateText } = await import('cspell-lib');
  const wordList = readWordList(join(contentDir, WORD_LIST));
  const sources = await contentSources(contentDir);
  const pages = site.pages.filter((page) => !page.isRedirect);
  const passages = [...pages.flatMap(passagesOf), ...interfaceTexts(sources)];
  const labels = pages.flatMap(labelsOf);
  const seen = new Map<string, { problem: GateProblem; pages: number }>();
  for (const [language, dictionary] of Object.entries(DICTIONARIES)) {
    const ofLanguage = passages.filter((passage) => passage.language === language);
    if (ofLanguage.length === 0) continue;
    const refused = wordList.refused.get(language) ?? new Map<string, string>();
    const settings = await settingsFor(
      dictionary,
      [...(wordList.words.get('') ?? []), ...(wordList.words.get(language) ?? [])],
      [...refused.keys()],
    );
    // One text per language: cspell's cost is loading the dictionary, not the words.
    const starts: number[] = [];
    let text = '';
    for (const passage of ofLanguage) {
      starts.push(text.length);
      text += `${passage.text}\n\n`;
    }
    const issues = await validateText(text, settings, { generateSuggestions: false });
    const known = await knownWords(settings);
    for (const issue of issues) {
      const word = withMiddleDots(text, issue.offset, issue.text);
      if (word !== issue.text && known.has(word)) continue;
      const passage = ofLanguage[starts.findLastIndex((start) => start <= issue.offset)]!;
      const key = `${language} ${word}`;
      const already = seen.get(key);
      if (already) {
        already.pages += 1;
        continue;
      }
      const instead = refused.get(word.toLowerCase()) ?? britishForm(word, language, known);
      const why = issue.isFlagged
        ? instead
          ? `"${word}" is refused in ${language} by content/${WORD_LIST}: write "${instead}"`
          : `"${word}" is a common misspelling in ${language}`
        : instead
          ? `"${word}" is American spelling: British English writes "${instead}"`
          : `"${word}" is not in the ${language} dictionary nor in content/${WORD_LIST}`;
      seen.set(key, { problem: located(passage, word, why, sources), pages: 1 });
    }
    if (dictionary.sentenceCase) {
      const names = new Set([...wordList.words.values()].flat().filter((word) => /^\p{Lu}/u.test(word)));
      const ofLanguageLabels = [
        ...labels.filter((label) => label.language === language),
        ...ofLanguage.filter((passage) => passage.source),
      ];
      for (const label of ofLanguageLabels) {
        const capitals = capitalsInside(label.text, known, names);
        const key = `${language} case ${label.text}`;
        if (capitals.length === 0 || seen.has(key)) continue;
        const why = `"${label.text.trim()}" is not in sentence case: ${capitals.map((word) => `"${word}"`).join(', ')} ${capitals.length > 1 ? 'are' : 'is'} not a name (content/${WORD_LIST} lists names)`;
        seen.set(key, { problem: located(label, capitals[0]!, why, sources, 'NotSentenceCase'), pages: 1 });
      }
    }
  }
  const problems = [...seen.values()].map(({ problem, pages }) =>
    pages > 1 ? { ...problem, message: `${problem.message}; on ${pages} pages` } : problem,
  );
  return { gate: 'spelling', checked: passages.length, problems };
}

/** A problem of a passage: at its interface text's line, or on its page at the content line its word comes from. */
function located(
  passage: Passage,
  word: string,
  message: string,
  sources: Sources,
  code: 'Misspelling' | 'NotSentenceCase' = 'Misspelling',
): GateProblem {
  if (passage.source)
    return {
      ...problemOn(undefined, code, `${message} (${passage.source.key})`),
      file: passage.source.file,
      line: passage.source.line,
    };
  const page = passage.page!;
  const source =
    (code === 'NotSentenceCase' ? findSource(passage.text.trim(), page, passage.language, sources) : undefined) ??
    findSource(word, page, passage.language, sources);
  const problem = problemOn(page, code, `${message}${source ? '' : ' (its source was not found in content/)'}`);
  return source ? { ...problem, file: source.file, line: source.line } : problem;
}

/** The word list; '' holds the words of every language. */
function readWordList(file: string): WordList {
  const words = new Map<string, string[]>();
  const refused = new Map<string, Map<string, string>>();
  if (!existsSync(file)) return { words, refused };
  let section = '';
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const entry = line.replace(/#.*/, '').trim();
    const header = /^\[([a-z]{2})\]$/.exec(entry);
    const refusal = /^!(\S+)\s+(\S+)$/.exec(entry);
    if (header) section = header[1]!;
    else if (refusal)
      refused.set(section, (refused.get(section) ?? new Map<string, string>()).set(refusal[1]!, refusal[2]!));
    else if (entry) words.set(section, [...(words.get(section) ?? []), entry]);
  }
  return { words, refused };
}

async function settingsFor(
  dictionary: (typeof DICTIONARIES)[string],
  words: readonly string[],
  flagWords: readonly string[],
) {
  const cspell = await import('cspell-lib');
  const require = createRequire(import.meta.url);
  const defaults = await cspell.getDefaultSettings();
  const extension = await cspell.readSettings(require.resolve(dictionary.extension));
  const merged = cspell.mergeSettings(defaults, extension, {
    language: dictionary.locale,
    words: [...words],
    flagWords: [...flagWords],
  });
  const settings = cspell.finalizeSettings(cspell.constructSettingsForText(merged, undefined, ['plaintext']));
  const { only } = dictionary;
  return only ? { ...settings, dictionaries: settings.dictionaries?.filter((name) => only.includes(name)) } : settings;
}

/** Lookups in a language's dictionaries and the word list, as the gate's checks need them. */
interface KnownWords {
  /** Whether the word is known, as written or in lower case. */
  has(word: string): boolean;
  /** The form the dictionaries hold the word in (`Monday`, `save`), if they hold it. */
  formOf(word: string): string | undefined;
}

/**
 * The language's dictionaries and word list, looked up directly. cspell splits words at the
 * Catalan middle dot (col·legi reads as "col" and "legi"); the dictionary holds the whole
 * words, so a flagged part is looked up again with its other half.
 */
async function knownWords(settings: Awaited<ReturnType<typeof settingsFor>>): Promise<KnownWords> {
  const { getDictionary } = await import('cspell-lib');
  const dictionary = await getDictionary(settings);
  return {
    has: (word) => dictionary.has(word) || dictionary.has(word.toLowerCase()),
    formOf: (word) => dictionary.find(word, { ignoreCase: false })?.found || undefined,
  };
}

/**
 * The British form of an American spelling the dictionary refuses, when the dictionary knows
 * it: -ize, -yze, -or, -er, -og, -ense, a single l before -ed or -ing (customise, analyse,
 * colour, theatre, catalogue, defence, travelled).
 */
function britishForm(word: string, language: string, known: KnownWords): string | undefined {
  if (language !== 'en') return undefined;
  const candidates = [
    word.replace(/iz(e|es|ed|ing|ation|ations)$/, 'is$1'),
    word.replace(/yz(e|es|ed|ing)$/, 'ys$1'),
    word.replace(/or(s?)$/, 'our$1'),
    word.replace(/er(s?)$/, 're$1'),
    word.replace(/og(s?)$/, 'ogue$1'),
    word.replace(/ense(s?)$/, 'ence$1'),
    word.replace(/([^l])l(ed|ing|er|ers)$/, '$1ll$2'),
  ];
  return candidates.find((candidate) => candidate !== word && known.has(candidate));
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

/**
 * The page's visible text, by language: title, description, then the body's text nodes, each
 * in the language of its nearest `lang`. A page its language lacks shows the default language's
 * title and description, marked with that language, and they are spelled in it.
 */
function passagesOf(page: BuiltPage): Passage[] {
  const title = page.document.querySelector('title');
  const description = page.document.querySelector('meta[name="description"]');
  const passages: Passage[] = [];
  const add = (lang: string, text: string) => {
    const last = passages.at(-1);
    if (last && last.language === lang) passages[passages.length - 1] = { ...last, text: `${last.text} ${text}` };
    else passages.push({ page, language: lang, text });
  };
  if (title) add(languageAt(title), title.text);
  if (description) add(languageAt(description), description.getAttribute('content') ?? '');
  const body = page.document.querySelector('body');
  if (body) walk(body, languageAt(body), add);
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

/** The language of an element's text: that of its nearest `lang`, its own or an ancestor's ('' for none). */
function languageAt(element: HTMLElement): string {
  for (let node: HTMLElement | null = element; node; node = node.parentNode)
    if (node.nodeType === NodeType.ELEMENT_NODE && node.hasAttribute('lang')) return node.getAttribute('lang') ?? '';
  return '';
}

/** The page's titles, headings, buttons, menus and labels, one passage each, in their language. */
function labelsOf(page: BuiltPage): Passage[] {
  return page.document
    .querySelectorAll(LABELS)
    .map((element) => ({
      page,
      language: languageAt(element),
      text: element.text.replace(/\s+/g, ' ').trim(),
    }))
    .filter((label) => label.text !== '');
}

/** Every interface text of the languages' ui.yaml, with its placeholders left out, as a passage with its line. */
function interfaceTexts(sources: Sources): Passage[] {
  const passages: Passage[] = [];
  for (const [path, text] of sources.files) {
    const language = /^([a-z]{2})\/ui\.ya?ml$/.exec(path)?.[1];
    if (!language || !DICTIONARIES[language]) continue;
    const file = `content/${path}`;
    let yaml: ReturnType<typeof parseYaml>;
    try {
      yaml = parseYaml(text, file);
    } catch {
      // A table that does not parse is the build's problem to report, not the spelling gate's.
      continue;
    }
    if (!yaml.data || typeof yaml.data !== 'object') continue;
    for (const [key, value] of Object.entries(yaml.data as Record<string, unknown>))
      if (typeof value === 'string')
        passages.push({
          language,
          // A placeholder stands for a value the template gives: a word, never the start of a sentence.
          text: value.replace(/\{\w+\}/g, 'x'),
          source: { file, line: yaml.positionOf([key]).line, key },
        });
  }
  return passages;
}

/**
 * The words of a label written with a capital where sentence case has none: a word the
 * dictionary knows in lower case (save, eye) that is not the first word of a sentence (after a
 * full stop, colon, question or exclamation mark, bar, dash, quotation mark or bracket), not a
 * name of the word list, and not part of a name (the words after one, as in Oticon Remote
 * Control, Google Maps or Spain's Law 34/2002). Words in capitals or mixed case (CROS, miniRITE)
 * are names.
 */
function capitalsInside(text: string, known: KnownWords, names: ReadonlySet<string>): string[] {
  const isCommon = (word: string) => known.formOf(word.toLowerCase()) === word.toLowerCase();
  const capitals: string[] = [];
  let isStart = true;
  let inName = false;
  let last = 0;
  for (const match of text.matchAll(/[\p{L}\p{M}][\p{L}\p{M}'’]*/gu)) {
    const between = text.slice(last, match.index);
    last = match.index + match[0].length;
    if (/[.:!?|–—"“‘«([¡¿]/.test(between)) isStart = true;
    // A name goes on over spaces, hyphens and apostrophes (Spain's Law), not over other marks.
    if (/[^\s'’-]/.test(between)) inName = false;
    const word = match[0];
    const isCapitalised = /^\p{Lu}/u.test(word);
    const isName =
      isCapitalised && (names.has(word) || !/^\p{Lu}\p{Ll}+(?:['’]\p{Ll}+)?$/u.test(word) || !isCommon(word));
    if (isStart) {
      isStart = false;
      inName = isName;
    } else if (!isCapitalised) inName = false;
    else if (isName || inName) inName = true;
    else capitals.push(word);
  }
  return capitals;
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
