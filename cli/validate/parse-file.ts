import * as z from 'zod';
import { BuildError, toRecord, type ProblemRecord } from '../errors.ts';
import { parseMarkdownFile } from '../lib/front-matter.ts';
import { findInvisibleCharacters } from '../lib/invisible-characters.ts';
import { checkLocalizedTexts } from '../lib/localized-texts.ts';
import { parseWithSchema } from '../lib/schema-errors.ts';
import { positionsIn } from '../lib/text-position.ts';
import { parseYaml, type YamlSource } from '../lib/yaml-lines.ts';
import { collectionSchemas, redirectsFileSchema } from '../schemas/collections.ts';
import { glossaryFileSchema } from '../schemas/glossary.ts';
import { frontMatterSchema } from '../schemas/page.ts';
import { settingsSchema } from '../schemas/site.ts';
import { uiKeys } from '../schemas/ui.ts';
import { withSettingsFilled } from '../lib/placeholder-values.ts';
import type { Locale, Settings, SourceFile } from '../types.ts';
import { findWordProblems, type TextToRead, type WordRules } from './word-rules.ts';
import { valuePosition } from './visible-texts.ts';

/**
 * One content file parsed and checked on its own, as plain data: what it says (when it is
 * valid), its problems, and the example values it still holds. A pure function of the file's
 * path and text and of the site's languages, so equal inputs may share one result.
 */
export interface ParsedFile {
  /** The checked value: settings, a collection, a translation table, or a page's front matter. */
  readonly value?: unknown;
  readonly errors: readonly ProblemRecord[];
  readonly warnings: readonly ProblemRecord[];
  readonly examples: readonly string[];
}

/** A markdown page's front matter, where its body starts, and the links of its body to pages of the site. */
export interface ParsedPage {
  readonly frontMatter: z.infer<typeof frontMatterSchema>;
  /** Offset in the text where the body starts, and its line (1-based). */
  readonly bodyStart: number;
  readonly bodyLine: number;
  readonly links: readonly PageLink[];
}

/** A link of a page's text to a page of the site, `[text](/path)`, and where it is written: its offset in the file. */
export interface PageLink {
  readonly text: string;
  readonly url: string;
  readonly at: number;
}

/**
 * Parses one content file; the kind of file follows from its path (see content/README.md).
 * A page's texts are read for refused words and typed facts by `rules` (cli/validate/word-rules.ts),
 * when given: the result depends on the file, the languages and the rules' key alone.
 */
export type ParseFile = (file: SourceFile, languages: readonly Locale[], rules?: WordRules) => ParsedFile;

/** A link of markdown to a page of the site: `[text](/path)`, not an image. */
const MARKDOWN_LINK = /(?<!!)\[([^\]\n]+)\]\((\/[^)\s]*)\)/g;

/** What one file's parse found. */
interface Findings {
  readonly errors: BuildError[];
  readonly warnings: BuildError[];
  readonly examples: string[];
}

/** Parses and checks one content file alone; `languages` are the site's, the first the default. */
export const parseContentFile: ParseFile = (file, languages, rules) => {
  const findings: Findings = { errors: [], warnings: [], examples: [] };
  const invisible = findInvisibleCharacters(file.text, file.file);
  if (invisible) findings.warnings.push(invisible);
  let value: unknown;
  try {
    value = parseByKind(file, languages, findings, rules);
  } catch (error) {
    if (!(error instanceof BuildError)) throw error;
    findings.errors.push(error);
  }
  return {
    ...(findings.errors.length === 0 && value !== undefined ? { value } : {}),
    errors: findings.errors.map(toRecord),
    warnings: findings.warnings.map(toRecord),
    examples: findings.examples,
  };
};

function parseByKind(
  file: SourceFile,
  languages: readonly Locale[],
  findings: Findings,
  rules: WordRules | undefined,
): unknown {
  const [top = '', ...rest] = file.path.split('/');
  if (file.path === 'site.yaml') return parseSettings(file, findings);
  if (file.path === 'redirects.yaml') return parseYamlFile(file, redirectsFileSchema, findings);
  if (file.path === 'glossary.yaml') return parseYamlFile(file, glossaryFileSchema, findings);
  const collection = /^collections\/(.+)\.yaml$/.exec(file.path)?.[1];
  if (collection && collection in collectionSchemas) {
    const schema = z.array(collectionSchemas[collection as keyof typeof collectionSchemas]);
    return parseYamlFile(file, schema, findings, (source) => {
      const entries = source.data as { id: unknown; example?: boolean }[];
      findDuplicates(entries, 'id', source, file.file, findings.errors);
      // The carousel's slides are as many different brands (ruling 31).
      if (collection === 'brands') findDuplicates(entries, 'name', source, file.file, findings.errors);
      checkLocalizedTexts(source, file.file, languages, findings);
      for (const entry of entries) if (entry.example) findings.examples.push(`${file.file}: ${String(entry.id)}`);
      listExamples(source, file, findings);
    });
  }
  if (!languages.includes(top)) return undefined;
  if (rest.join('/') === 'ui.yaml') return parseUiTable(file, top, top === languages[0], findings);
  if (file.path.endsWith('.md')) return parsePage(file, top, findings, rules);
  return undefined;
}

/** The settings, checked, with the placeholders of their own texts filled from the other settings. */
function parseSettings(file: SourceFile, findings: Findings): Settings | undefined {
  let source: YamlSource | undefined;
  const parsed = parseYamlFile(file, settingsSchema, findings, (yaml) => {
    source = yaml;
    listExamples(yaml, file, findings);
  });
  if (!parsed || !source) return parsed;
  const { settings, unknown } = withSettingsFilled(parsed);
  for (const { path, name } of unknown)
    findings.errors.push(
      new BuildError(
        'UnknownSetting',
        `"${path.map(String).join('.')}": {{${name}}} is not a setting of text or number`,
        {
          file: file.file,
          ...source.positionOf(path),
        },
      ),
    );
  return settings;
}

/** Parses and checks one YAML file against a schema; `inspect` sees the parsed source when it is valid. */
function parseYamlFile<T extends z.ZodType>(
  file: SourceFile,
  schema: T,
  findings: Findings,
  inspect?: (source: YamlSource) => void,
): z.infer<T> | undefined {
  const source = parseYaml(file.text, file.file);
  const value = parseWithSchema(schema, source, file.file, findings.errors);
  if (value !== undefined) inspect?.(source);
  return value;
}

/** Reports each entry whose `field` repeats an earlier entry's: DuplicateId for ids, DuplicateBrand for brand names. */
function findDuplicates(
  entries: readonly object[],
  field: 'id' | 'name',
  source: YamlSource,
  file: string,
  errors: BuildError[],
): void {
  const seen = new Set<unknown>();
  entries.forEach((entry, index) => {
    if (!(field in entry)) return;
    const value = (entry as Record<typeof field, unknown>)[field];
    if (seen.has(value)) {
      const where = { file, ...source.positionOf([index, field]) };
      const code = field === 'id' ? 'DuplicateId' : 'DuplicateBrand';
      errors.push(new BuildError(code, `${field} "${String(value)}" is used twice`, where));
    }
    seen.add(value);
  });
}

/** A language's translation table; the default language must have every key, the others fall back. */
function parseUiTable(file: SourceFile, locale: Locale, isDefault: boolean, findings: Findings): unknown {
  const source = parseYaml(file.text, file.file);
  const table = parseWithSchema(z.record(z.string(), z.string().min(1)), source, file.file, findings.errors) ?? {};
  const known = new Set<string>(uiKeys);
  // A text no template shows is a warning, an error under --strict (docs/behaviour.md#translations).
  for (const key of Object.keys(table).filter((name) => !known.has(name))) {
    const where = { file: file.file, ...source.positionOf([key]) };
    const message = `"${key}" is not a key of the translation table (cli/schemas/ui.ts): no template shows it`;
    findings.warnings.push(new BuildError('UnknownTranslationKey', message, where));
  }
  for (const key of uiKeys.filter((name) => table[name] === undefined)) {
    const message = `"${key}" has no ${locale} text${isDefault ? '' : '; the default language’s text is shown'}`;
    (isDefault ? findings.errors : findings.warnings).push(
      new BuildError('MissingTranslation', message, { file: file.file }),
    );
  }
  return table;
}

/** Values tagged `!example` (settings, scaffolds of `sitegen new`): every build lists them until replaced. */
function listExamples(source: YamlSource, file: SourceFile, findings: Findings): void {
  findings.examples.push(...source.examplePaths.map((path) => `${file.file}: ${path}`));
}

/** A page's front matter, checked, where its body starts and the links of its body; its texts read by `rules`. */
function parsePage(
  file: SourceFile,
  locale: Locale,
  findings: Findings,
  rules: WordRules | undefined,
): ParsedPage | undefined {
  const source = parseMarkdownFile(file.text, file.file);
  const frontMatter = parseWithSchema(frontMatterSchema, source.frontMatter, file.file, findings.errors, {
    code: 'InvalidFrontmatter',
  });
  if (!frontMatter) return undefined;
  if (frontMatter.image?.example) findings.examples.push(`${file.file}: image ${frontMatter.image.src}`);
  listExamples(source.frontMatter, file, findings);
  const bodyStart = file.text.length - source.body.length;
  if (rules) readPageTexts(file, locale, frontMatter, bodyStart, source.frontMatter, rules, findings);
  const links = source.body.includes('](/')
    ? [...source.body.matchAll(MARKDOWN_LINK)].map((match) => ({
        text: match[1]!,
        url: match[2]!,
        at: bodyStart + match.index,
      }))
    : [];
  return { frontMatter, bodyStart, bodyLine: source.bodyLine, links };
}

/** A page's title, label, description, key facts and body, read for refused words and typed facts. */
function readPageTexts(
  file: SourceFile,
  locale: Locale,
  frontMatter: z.infer<typeof frontMatterSchema>,
  bodyStart: number,
  source: YamlSource,
  rules: WordRules,
  findings: Findings,
): void {
  const fields: [TextToRead, readonly PropertyKey[]][] = [
    [{ text: frontMatter.title, locale, field: 'title', isShownAsWritten: true }, ['title']],
    ...(frontMatter.label
      ? [
          [{ text: frontMatter.label, locale, field: 'label', isShownAsWritten: true }, ['label']] as [
            TextToRead,
            PropertyKey[],
          ],
        ]
      : []),
    [{ text: frontMatter.description, locale, field: 'description', isShownAsWritten: true }, ['description']],
    ...(frontMatter.facts ?? []).flatMap((fact, index): [TextToRead, PropertyKey[]][] => [
      [{ text: fact.label, locale, field: `facts[${index}].label` }, ['facts', index, 'label']],
      [{ text: fact.value, locale, field: `facts[${index}].value` }, ['facts', index, 'value']],
    ]),
  ];
  for (const [read, path] of fields)
    for (const problem of findWordProblems(rules, read))
      findings.errors.push(
        new BuildError(problem.code, problem.message, {
          file: file.file,
          ...valuePosition(file.text, source.positionOf(path), problem.shown),
        }),
      );
  // The body is read in the file's own text, from where it starts, rather than in a copy of it.
  const positionAt = positionsIn(file.text);
  for (const problem of findWordProblems(rules, { text: file.text, start: bodyStart, locale, field: 'body' }))
    findings.errors.push(new BuildError(problem.code, problem.message, { file: file.file, ...positionAt(problem.at) }));
}
