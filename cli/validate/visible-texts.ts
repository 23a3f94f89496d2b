import { positionsIn, type TextPosition } from '../lib/text-position.ts';
import { parseYaml, type YamlSource } from '../lib/yaml-lines.ts';
import type { Collections, Content, Locale, Settings } from '../types.ts';
import type { TextToRead } from './word-rules.ts';

/** A text a visitor reads outside the pages, in one language, with where it is written. */
export interface VisibleText extends TextToRead {
  readonly file: string;
  /** Line and column in the file of a stretch of the text, from what it says. */
  readonly place: (shown: string) => TextPosition;
}

/** The texts of the site besides its pages: the translation tables, the collections and the settings. */
export interface TableTexts {
  readonly ui: Content['ui'];
  readonly collections: Collections;
  readonly settings: Settings;
  readonly languages: readonly Locale[];
  /** Each content file's text, by its path for messages (`content/ca/ui.yaml`). */
  readonly texts: ReadonlyMap<string, string>;
}

/** The collection files by the field of `Collections` each fills. */
const COLLECTION_FILES: Record<keyof Collections, string> = {
  products: 'content/collections/products.yaml',
  services: 'content/collections/services.yaml',
  reviews: 'content/collections/reviews.yaml',
  brands: 'content/collections/brands.yaml',
  models: 'content/collections/oticon-models.yaml',
  storage: 'content/collections/storage.yaml',
};

/**
 * Every text a visitor reads that the translation tables, the collections and the settings
 * write, in its language: each table's texts, every text per language, and the reviews in the
 * language they were written in (a page's own texts are read as it is parsed,
 * cli/validate/parse-file.ts). A text's position is found only when asked for (a problem in
 * it), so a walk that finds nothing parses no file again.
 */
export function* visibleTexts(content: TableTexts): Generator<VisibleText> {
  const inYaml = yamlPlaces(content.texts);
  for (const locale of content.languages) {
    const file = `content/${locale}/ui.yaml`;
    for (const [key, text] of Object.entries(content.ui[locale] ?? {}))
      if (text)
        yield {
          file,
          locale,
          field: key,
          text,
          namesDays: key.startsWith('hours.'),
          place: (shown) => inYaml(file, [key], shown),
        };
  }
  for (const [name, file] of Object.entries(COLLECTION_FILES) as [keyof Collections, string][])
    for (const [index, entry] of content.collections[name].entries())
      yield* textsOf(entry, [index], idOf(entry, index), file, content.languages, inYaml);
  yield* textsOf(content.settings, [], '', 'content/site.yaml', content.languages, inYaml);
}

type InYaml = (file: string, path: readonly PropertyKey[], shown: string) => TextPosition;

/** A collection entry as an editor finds it: by its id, else by its place in the list. */
function idOf(entry: object, index: number): string {
  const id = (entry as { id?: unknown }).id;
  return `${typeof id === 'string' || typeof id === 'number' ? id : `entry ${index + 1}`}: `;
}

/** The texts per language below a value, and the reviews (a `text` in the language its `lang` names). */
function* textsOf(
  value: unknown,
  path: readonly PropertyKey[],
  entry: string,
  file: string,
  languages: readonly Locale[],
  inYaml: InYaml,
): Generator<VisibleText> {
  if (!value || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  const isLocalized =
    !Array.isArray(value) &&
    keys.length > 0 &&
    keys.every((key) => languages.includes(key) && typeof record[key] === 'string');
  if (isLocalized) {
    for (const locale of keys) {
      const at = [...path, locale];
      yield {
        file,
        locale,
        field: fieldOf(entry, at),
        text: record[locale] as string,
        place: (shown) => inYaml(file, at, shown),
      };
    }
    return;
  }
  if (typeof record.lang === 'string' && typeof record.text === 'string') {
    const at = [...path, 'text'];
    yield {
      file,
      locale: record.lang,
      field: fieldOf(entry, at),
      text: record.text,
      isQuoted: true,
      place: (shown) => inYaml(file, at, shown),
    };
  }
  for (const [key, child] of Object.entries(record))
    yield* textsOf(child, [...path, Array.isArray(value) ? Number(key) : key], entry, file, languages, inYaml);
}

/** A field's dotted path, below its collection entry's id when it has one: `intent: body.ca`, `visits.access.es`. */
function fieldOf(entry: string, path: readonly PropertyKey[]): string {
  return `${entry}${(entry ? path.slice(1) : path).map(String).join('.')}`;
}

/** Finds positions in YAML files, parsing a file again only when a position in it is asked for. */
function yamlPlaces(texts: ReadonlyMap<string, string>): InYaml {
  const sources = new Map<string, YamlSource | undefined>();
  return (file, path, shown) => {
    const text = texts.get(file) ?? '';
    if (!sources.has(file)) {
      try {
        sources.set(file, parseYaml(text, file));
      } catch {
        // A file that does not parse has its own error already.
        sources.set(file, undefined);
      }
    }
    return valuePosition(text, sources.get(file)?.positionOf(path) ?? { line: 1, col: 1 }, shown);
  };
}

/** How many lines below its start a YAML value's text is looked for (a block of markdown, a folded text). */
const FOLDED_LINES = 60;

/**
 * Where `shown` stands in a YAML value that starts at `value` in the file's text: at the words
 * themselves when the value's lines hold them as written, else (a value folded over lines, or
 * escaped in quotes) at the value's start.
 */
export function valuePosition(text: string, value: TextPosition, shown: string): TextPosition {
  let lineStart = 0;
  for (let line = 1; line < value.line && lineStart >= 0; line++) lineStart = text.indexOf('\n', lineStart) + 1;
  const found = text.indexOf(shown, Math.max(0, lineStart));
  if (found < 0) return value;
  const position = positionsIn(text)(found);
  return position.line <= value.line + FOLDED_LINES ? position : value;
}
