/**
 * Every problem the generator can report, with a permanent code, a message that says what
 * happened and a hint that says what to do. Validation and checks collect many of these and
 * fail once; parsing and I/O throw the first one with its cause kept.
 */

/** The catalogue: each code with the hint printed under its message. */
export const errorCatalogue = {
  InvalidYaml: 'Fix the YAML syntax at that position (indentation, quotes, a missing colon).',
  InvalidFrontmatter: 'Front matter is the YAML block between the two `---` lines at the top of the file.',
  InvalidField: 'Compare the field with the documented shape in content/README.md.',
  UnknownLocale: 'Content folders are named after the site languages: ca, es, en.',
  UnknownTemplate: 'Use one of the templates listed in content/README.md.',
  DuplicateId: 'Ids must be unique within a collection; rename one of them.',
  DuplicateRoute: 'Two sources produce the same URL; rename or remove one of them.',
  MissingOriginal: 'Catalan is the source language: add the page under content/ca/ first.',
  MissingTranslation: 'Add the text in that language; until then visitors see the Catalan text.',
  UnknownTranslationKey: 'Add the key to content/ca/ui.yaml (and es, en) or fix the spelling.',
  UnknownSetting: 'Placeholders name a setting of content/site.yaml, e.g. {{contact.email}}.',
  InvalidHeading:
    'The title is the page’s only level-1 heading: start the body’s headings at ## and give each one some text.',
  BrokenLink: 'Link to an existing page, written without language prefix: /services/orto-k.',
  InvalidRedirect: 'Every redirect must start from a path that is not a page and end on a page.',
  TemplateError: 'A template threw while rendering; the component stack shows where.',
  OutputError: 'Check that the output folder can be written and the disk is not full.',
  ReadError: 'Check that the file exists and can be read.',
  BundleError: 'Fix the stylesheet or widget source named above.',
  UnknownWidget: 'Islands name a folder of widgets/ that has an index.ts exporting mount().',
  ExternalScript: 'Third-party scripts load only through the consent-gated analytics widget.',
  InvisibleCharacter:
    'Retype the text around that position, or paste it as plain text: the characters are removed from the page.',
  OverBudget: 'Make the named widget smaller, load it later (idle, visible, interaction), or drop it from the page.',
} as const;

/** A code from the catalogue. */
export type ErrorCode = keyof typeof errorCatalogue;

/** Where a problem is, as precisely as the parser knows. */
export interface SourcePosition {
  file?: string;
  line?: number;
  col?: number;
}

/** One problem, printable as `file:line:col Code — message` with a hint line. */
export class BuildError extends Error {
  readonly code: ErrorCode;
  readonly file?: string;
  readonly line?: number;
  readonly col?: number;
  readonly hint: string;

  constructor(code: ErrorCode, message: string, where: SourcePosition & { hint?: string; cause?: unknown } = {}) {
    super(message, where.cause === undefined ? undefined : { cause: where.cause });
    this.name = 'BuildError';
    this.code = code;
    this.file = where.file;
    this.line = where.line;
    this.col = where.col;
    this.hint = where.hint ?? errorCatalogue[code];
  }
}

/** Several problems found by one stage; the build fails once with all of them. */
export class BuildErrors extends Error {
  readonly errors: readonly BuildError[];

  constructor(errors: BuildError[]) {
    super(`${errors.length} problem${errors.length === 1 ? '' : 's'} found`);
    this.name = 'BuildErrors';
    this.errors = [...errors].sort(compareErrors);
  }
}

/** Throws a BuildErrors when the list is not empty. */
export function throwIfAny(errors: BuildError[]): void {
  if (errors.length > 0) throw new BuildErrors(errors);
}

function compareErrors(a: BuildError, b: BuildError): number {
  return (a.file ?? '').localeCompare(b.file ?? '') || (a.line ?? 0) - (b.line ?? 0) || (a.col ?? 0) - (b.col ?? 0);
}

/** Formats a position as `file:line:col`, leaving out what is unknown. */
export function formatPosition(where: SourcePosition): string {
  if (!where.file) return '';
  return [where.file, where.line, where.line === undefined ? undefined : where.col]
    .filter((part) => part !== undefined)
    .join(':');
}

/** Renders one problem as two lines: the located message, then its hint. */
export function formatError(error: BuildError): string {
  const position = formatPosition(error);
  return `${position ? `${position} ` : ''}${error.code} — ${error.message}\n  hint: ${error.hint}`;
}

/** A problem as plain data, to cross to another thread or into the build memory. */
export interface ProblemRecord {
  readonly code: ErrorCode;
  readonly message: string;
  readonly file?: string;
  readonly line?: number;
  readonly col?: number;
  readonly hint?: string;
}

export const toRecord = (error: BuildError): ProblemRecord => ({
  code: error.code,
  message: error.message,
  file: error.file,
  line: error.line,
  col: error.col,
  hint: error.hint,
});
export const fromRecord = (record: ProblemRecord): BuildError => new BuildError(record.code, record.message, record);
