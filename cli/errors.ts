import { sourceStackOf } from './lib/source-location.ts';

/**
 * The one error model of the generator: every problem it reports, from a content file, a
 * template, the configuration, the command line or a quality gate over a built site, is a
 * BuildError with a permanent code from this catalogue, a message that says what happened, a
 * hint that says what to do, and where it is (`file:line:col`) as precisely as it is known.
 * Validation and checks collect many and fail once; parsing and I/O throw the first with its
 * cause kept.
 */

/** The catalogue: each code with the hint printed under its message. */
export const errorCatalogue = {
  InvalidYaml: 'Fix the YAML syntax at that position (indentation, quotes, a missing colon).',
  InvalidEncoding: 'Save the file as UTF-8 without a byte-order mark (in most editors: Save with Encoding → UTF-8).',
  InvalidFrontmatter: 'Front matter is the YAML block between the two `---` lines at the top of the file.',
  InvalidField: 'Compare the field with the documented shape in content/README.md.',
  UnknownLocale: 'Content folders are named after the languages listed in content/site.yaml.',
  UnknownTemplate: 'Use one of the templates listed in content/README.md.',
  DuplicateId: 'Ids must be unique within a collection; rename one of them.',
  DuplicateBrand: 'The carousel shows each brand once: give that slide another brand, or remove it.',
  DuplicateRoute: 'Two sources produce the same URL; rename or remove one of them.',
  MissingOriginal: 'The first language of content/site.yaml is the source: add the page in its folder first.',
  MissingTranslation: 'Add the text in that language; until then visitors see the default language’s text.',
  UnknownTranslationKey:
    'Templates show only the keys declared in cli/schemas/ui.ts: fix the key’s spelling, or remove the line. A new text needs its key declared there, and a template that shows it.',
  UnknownSetting: 'Placeholders name a setting of content/site.yaml, e.g. {{contact.email}}.',
  InvalidHeading:
    'The title is the page’s only level-1 heading: start the body’s headings at ## and give each one some text.',
  BrokenLink: 'Link to an existing page, written without language prefix: /services/orto-k.',
  MisnamedLink:
    'Write the page’s label or title in the link’s text (the sentence may say more around it), or rename the page: one thing has one name (content/README.md, "Words").',
  RefusedWord:
    'content/glossary.yaml gives each thing one name and lists the claims the site never makes: write the name it gives, or say it another way (content/README.md, "Words").',
  HandTypedFact:
    'Each fact is written once, in content/site.yaml or a collection: write its placeholder there instead (content/README.md, "Pages"), such as {{address.street}} or {{products.eyeglasses.price}}.',
  ConsentMismatch:
    "Consent texts speak only of what content/site.yaml turns on: a category's texts are its own keys of ui.yaml (cookie.analytics…, cookie.marketing…), and the cookie policy shows its section through {{consent-categories}}, both only with its setting.",
  MissingCreditExample:
    'Write {{credit-marker}} right after every monthly price and {{financing-example}} below it in the same section (a service page’s facts box prints its own), and keep the price the same as the financing setting of content/site.yaml.',
  OrphanPage:
    'Link to the page from another page, list it in a collection (services.yaml puts it in the footer and on the home page), or remove it.',
  InvalidRedirect: 'Every redirect must start from a path that is not a page and end on a page.',
  TemplateError: 'A template threw while rendering that page: fix the line shown, or the data the page gives it.',
  OutputError: 'Check that the output folder can be written and the disk is not full.',
  ReadError: 'Check that the file exists and can be read.',
  BundleError: 'Fix the stylesheet, image or widget source named above.',
  UnknownWidget: 'Islands name a folder of widgets/ that has an index.ts exporting mount().',
  ExternalScript: 'Third-party scripts load only through the consent-gated analytics widget.',
  InvisibleCharacter:
    'Retype the text around that position, or paste it as plain text: the characters are removed from the page.',
  OverBudget: 'Make the page or the named widget smaller, load it later (idle, visible, interaction), or drop it.',
  InvalidConfig: 'Fix the value of that setting or environment variable.',
  ServerError: 'Pick another port with --port, or stop the program that listens on it.',
  InvalidHtml: 'Fix the template or the content that produces this markup.',
  SearchMismatch: 'Canonical, hreflang, sitemap, titles and descriptions must agree; fix the template or content.',
  Misspelling:
    'Correct the word in the file named, or add it to content/words.txt when it is a name (a brand, place or model).',
  NotSentenceCase:
    'Write the label with a capital on its first word and on names only ("Save preferences"); add a name the dictionary lacks to content/words.txt.',
  AccessibilityViolation: 'See the rule’s page on dequeuniversity.com and fix the template or content.',
  MissingBrowser:
    'Install Chromium (Debian/Ubuntu: sudo apt-get install -y chromium), set CHROMIUM_PATH to another Chromium, or leave the gate out with --skip accessibility.',
  MissingTool: 'Install it as the message says; .ci/run installs everything npm test needs.',
} as const;

/** The exit codes of every command (documented in `sitegen --help` and the README). */
export const EXIT = { ok: 0, problems: 1, setup: 2 } as const;

/** Problems of the machine or the command line, not of the site: exit 2. */
const SETUP_PROBLEMS: ReadonlySet<ErrorCode> = new Set([
  'MissingBrowser',
  'MissingTool',
  'ServerError',
  'InvalidConfig',
]);

/** The exit code for what a command threw: 2 for a set-up problem, 1 for a problem of the site (or a bug). */
export function exitCodeOf(error: unknown): number {
  const first = error instanceof BuildErrors ? error.errors[0] : error;
  return first instanceof BuildError && SETUP_PROBLEMS.has(first.code) ? EXIT.setup : EXIT.problems;
}

/** A code from the catalogue. */
export type ErrorCode = keyof typeof errorCatalogue;

/** Where a problem is, as precisely as the parser knows. */
export interface SourcePosition {
  file?: string;
  line?: number;
  col?: number;
}

/** A problem's place, and what to print there besides its message. */
interface ProblemPlace extends SourcePosition {
  hint?: string;
  /** The lines of source around the position, the position marked (a template's line). */
  frame?: string;
  cause?: unknown;
}

/** One problem, printable as `file:line:col Code — message` with a hint line. */
export class BuildError extends Error {
  readonly code: ErrorCode;
  readonly file?: string;
  readonly line?: number;
  readonly col?: number;
  readonly hint: string;
  readonly frame?: string;

  constructor(code: ErrorCode, message: string, where: ProblemPlace = {}) {
    // A problem is printed as its place and message, never with a stack: the one V8 records for
    // every error was made for nothing (15,000 warnings of a large site took 70 ms).
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message, where.cause === undefined ? undefined : { cause: where.cause });
    Error.stackTraceLimit = stackTraceLimit;
    this.name = 'BuildError';
    this.code = code;
    this.file = where.file;
    this.line = where.line;
    this.col = where.col;
    this.hint = where.hint ?? errorCatalogue[code];
    this.frame = where.frame;
  }
}

/** Several problems found by one stage; the build fails once with all of them, sorted by position. */
export class BuildErrors extends Error {
  readonly errors: readonly BuildError[];

  constructor(errors: readonly BuildError[]) {
    super(`${errors.length} problem${errors.length === 1 ? '' : 's'} found`);
    this.name = 'BuildErrors';
    this.errors = [...errors].sort(compareErrors);
  }
}

/** Throws a BuildErrors when the list is not empty. */
export function throwIfAny(errors: readonly BuildError[]): void {
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

/** Renders one problem: the located message, the code frame when there is one, then the hint. */
export function formatError(error: BuildError): string {
  const position = formatPosition(error);
  const frame = error.frame ? `\n${error.frame.replace(/^/gm, '  ')}` : '';
  const hint = error.hint ? `\n  hint: ${error.hint}` : '';
  return `${position ? `${position} ` : ''}${error.code} — ${error.message}${frame}${hint}`;
}

/**
 * What to print for anything a command throws: every problem of a BuildErrors, a BuildError
 * as itself; only an error the generator did not expect (a bug) keeps its stack.
 */
export function describeFailure(error: unknown): string {
  if (error instanceof BuildErrors) return [`${error.message}:`, ...error.errors.map(formatError)].join('\n');
  if (error instanceof BuildError) return formatError(error);
  return error instanceof Error
    ? `Internal error: ${error.stack ? sourceStackOf(error.stack) : error.message}`
    : `Internal error: ${String(error)}`;
}

/** A problem as plain data, to cross to another thread or into a report. */
export interface ProblemRecord {
  readonly code: ErrorCode;
  readonly message: string;
  readonly file?: string;
  readonly line?: number;
  readonly col?: number;
  readonly hint?: string;
  readonly frame?: string;
}

/** The plain data of a problem. */
export const toRecord = (error: BuildError): ProblemRecord => ({
  code: error.code,
  message: error.message,
  file: error.file,
  line: error.line,
  col: error.col,
  hint: error.hint,
  frame: error.frame,
});

/** A problem again, from its plain data. */
export const fromRecord = (record: ProblemRecord): BuildError => new BuildError(record.code, record.message, record);
