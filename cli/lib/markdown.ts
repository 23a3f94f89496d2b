import type {
  BlockContent,
  Blockquote,
  Heading,
  Link,
  Nodes,
  Paragraph,
  PhrasingContent,
  Root,
  RootContent,
  Table,
  TableCell,
  Text,
} from 'mdast';
import type { Processor } from 'unified';
import { BuildError } from '../errors.ts';
import { withTrailingSlash, splitUrl } from './url.ts';
import type { Locale } from '../types.ts';

/**
 * Blocks a page can ask for by writing `{{name}}` alone in a paragraph, e.g. `{{cookie-table}}`;
 * a block that has nothing to show for the settings (undefined) leaves no paragraph behind, and
 * one may be several nodes (a heading and its paragraph).
 */
export type GeneratedBlocks = Readonly<Record<string, () => RootContent | readonly RootContent[] | undefined>>;

/** Pieces a page writes inside a sentence as `{{name}}`, e.g. `{{credit-marker}}`, made by the build. */
export type GeneratedInlines = Readonly<Record<string, () => PhrasingContent>>;

/** What markdown needs to know about the site to resolve a page's placeholders and links. */
export interface MarkdownContext {
  readonly locale: Locale;
  /** The site's language codes: a link that starts with one already has its language. */
  readonly languages: readonly Locale[];
  /** The file and the line its markdown starts on, for error positions. */
  readonly file: string;
  readonly line: number;
  /** Resolves `{{dotted.path}}` placeholders; undefined for an unknown one. */
  readonly lookup: (path: string) => string | undefined;
  /** Whether a root-relative URL (with its language prefix) is a page or public file. */
  readonly exists: (path: string) => boolean;
  readonly blocks: GeneratedBlocks;
  readonly inlines?: GeneratedInlines;
  /**
   * A page of questions (template `faq`): each `###` heading, with what follows it up to the next
   * heading, is a question a visitor opens and closes, with an id to link to.
   */
  readonly questions?: boolean;
}

let processor: Promise<Processor<Root, undefined, undefined, Root, string>> | undefined;
/**
 * remark with GitHub's tables and ~~strikethrough~~, and remark-html, imported on first use: a
 * build whose pages are all unchanged never loads them. Only those two of GitHub's extensions:
 * the whole set (remark-gfm) makes parsing 2.4 times slower here, mostly to turn bare
 * addresses into links, which pages write as [text](address) anyway.
 */
function markdownProcessor() {
  processor ??= Promise.all([
    import('remark'),
    import('remark-html'),
    import('micromark-extension-gfm-table'),
    import('mdast-util-gfm-table'),
    import('micromark-extension-gfm-strikethrough'),
    import('mdast-util-gfm-strikethrough'),
  ]).then(([{ remark }, { default: remarkHtml }, table, tableTree, strikethrough, strikethroughTree]) => {
    function tablesAndStrikethrough(this: Processor) {
      const data = this.data();
      (data.micromarkExtensions ??= []).push(table.gfmTable(), strikethrough.gfmStrikethrough());
      (data.fromMarkdownExtensions ??= []).push(
        tableTree.gfmTableFromMarkdown(),
        strikethroughTree.gfmStrikethroughFromMarkdown(),
      );
    }
    return remark().use(tablesAndStrikethrough).use(remarkHtml).freeze();
  });
  return processor;
}
/** A question's opening tag as the sanitiser writes it (see `asQuestions`). */
const QUESTION_ID = /<details id="user-content-([^"]+)">/g;

/** `{{dotted.path}}`: a setting written into a text. */
export const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g;

/**
 * Renders markdown to sanitised HTML: placeholders filled from the settings, internal links
 * given the page's language prefix and checked. Problems are pushed to `errors`.
 */
export async function renderMarkdown(
  markdown: string,
  context: MarkdownContext,
  errors: BuildError[],
): Promise<string> {
  const processor = await markdownProcessor();
  const tree = processor.parse(markdown);
  const fail = (node: Nodes, code: 'UnknownSetting' | 'BrokenLink' | 'InvalidHeading', message: string) =>
    errors.push(
      new BuildError(code, message, {
        file: context.file,
        line: (node.position?.start.line ?? 1) + context.line - 1,
        col: node.position?.start.column,
      }),
    );

  replaceBlocks(tree, context, fail);
  const inline = context.inlines && inlinePieces(context.inlines);
  // One walk over the tree, in document order, so problems come out in the order of the text.
  const resolve = (node: Nodes) => {
    if (node.type === 'text')
      node.value = fillPlaceholders(node.value, context, (name) =>
        fail(node, 'UnknownSetting', `unknown placeholder {{${name}}}`),
      );
    else if (node.type === 'link') resolveLink(node, context, fail);
    else if (node.type === 'heading') checkHeading(node, fail);
    else if (node.type === 'image' && node.url.startsWith('/') && !context.exists(node.url))
      fail(node, 'BrokenLink', `the image ${node.url} is not a file of the site (content/images/ or public/)`);
    if (!('children' in node)) return;
    const children = node.children as Nodes[];
    for (let index = 0; index < children.length; index++) {
      const child = children[index]!;
      const pieces = inline && child.type === 'text' ? inline(child) : undefined;
      if (pieces) children.splice(index, 1, ...pieces);
      resolve(children[index]!);
    }
  };
  resolve(tree);
  if (context.questions) {
    // Imported here, as the processor's packages are: only a page of questions needs it.
    const { default: Slugger } = await import('github-slugger');
    tree.children = asQuestions(tree.children, new Slugger());
  }
  // remark-html compiles mdast itself, so the tree stays mdast through `run`.
  const html = String(processor.stringify(processor.runSync(tree) as Root));
  // The sanitiser prefixes every id of a text ("user-content-") so that it never takes one of the
  // layout's; a question's id is in the addresses that link to it, so it keeps its own words.
  return context.questions ? html.replace(QUESTION_ID, '<details id="$1">') : html;
}

/**
 * Each `###` heading and the blocks after it, up to the next heading, as
 * `<details id="…"><summary><h3>…</h3></summary>…</details>`: the heading
 * stays a heading inside its summary, and the id is its text as GitHub writes one
 * (`#how-much-does-an-eye-examination-cost`), numbered where two questions read the same.
 */
function asQuestions(blocks: readonly RootContent[], slugs: { slug(text: string): string }): RootContent[] {
  const result: RootContent[] = [];
  let question: Blockquote | undefined;
  for (const block of blocks) {
    if (block.type === 'heading' && block.depth === 3) {
      const summary: Paragraph = { type: 'paragraph', data: { hName: 'summary' }, children: [] };
      // A heading in a summary is valid HTML; mdast has no such node, so it is set in by hand.
      (summary.children as RootContent[]).push(block);
      question = {
        type: 'blockquote',
        data: { hName: 'details', hProperties: { id: slugs.slug(textOf(block)) } },
        children: [summary],
      };
      result.push(question);
    } else if (block.type === 'heading') {
      question = undefined;
      result.push(block);
    } else if (question) question.children.push(block as BlockContent);
    else result.push(block);
  }
  return result;
}

/** A body heading is a section of the page: below its title, and with words a screen reader can announce. */
function checkHeading(node: Heading, fail: (node: Nodes, code: 'InvalidHeading', message: string) => void): void {
  if (node.depth === 1)
    fail(node, 'InvalidHeading', 'a level-1 heading (`# …`) in the body would be a second page title');
  else if (textOf(node).trim() === '') fail(node, 'InvalidHeading', 'this heading has no text');
}

function textOf(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string' && node.type !== 'html') return node.value;
  if (node.type === 'image') return node.alt ?? '';
  return 'children' in node ? (node.children as Nodes[]).map(textOf).join('') : '';
}

function fillPlaceholders(text: string, context: MarkdownContext, onUnknown: (name: string) => void): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = context.lookup(name);
    if (value === undefined) onUnknown(name);
    return value ?? whole;
  });
}

function replaceBlocks(
  tree: Root,
  context: MarkdownContext,
  fail: (node: Nodes, code: 'UnknownSetting', message: string) => void,
): void {
  tree.children = tree.children.flatMap((node): RootContent[] => {
    const name = soleText(node)?.match(/^\{\{\s*([\w-]+)\s*\}\}$/)?.[1];
    if (!name || context.lookup(name) !== undefined) return [node];
    const block = context.blocks[name];
    if (!block) {
      fail(node, 'UnknownSetting', `unknown block {{${name}}}`);
      return [node];
    }
    const made = block();
    return made === undefined ? [] : ([] as RootContent[]).concat(made);
  });
}

/**
 * What a text that writes inline pieces (`{{credit-marker}}`) becomes: its text around the
 * pieces the build makes; undefined for a text that writes none.
 */
function inlinePieces(inlines: GeneratedInlines): (node: Text) => PhrasingContent[] | undefined {
  const names = Object.keys(inlines);
  const piece = new RegExp(`\\{\\{\\s*(${names.join('|')})\\s*\\}\\}`, 'g');
  return (node) => {
    if (!names.some((name) => node.value.includes(name))) return undefined;
    const parts = node.value.split(piece);
    if (parts.length === 1) return undefined;
    // split() with a capturing group alternates text and the names it matched.
    return parts.flatMap((part, at): PhrasingContent[] =>
      at % 2 === 1 ? [inlines[part]!()] : part ? [{ ...node, value: part }] : [],
    );
  };
}

function soleText(node: RootContent): string | undefined {
  if (node.type !== 'paragraph') return undefined;
  const [only] = node.children;
  return node.children.length === 1 && only?.type === 'text' ? only.value.trim() : undefined;
}

function resolveLink(
  node: Link,
  context: MarkdownContext,
  fail: (node: Nodes, code: 'BrokenLink' | 'UnknownSetting', message: string) => void,
): void {
  node.url = fillPlaceholders(node.url, context, (name) =>
    fail(node, 'UnknownSetting', `unknown placeholder {{${name}}} in a link`),
  );
  if (!node.url.startsWith('/') || node.url.startsWith('//')) return;
  const { path, suffix } = splitUrl(node.url);
  const [, first] = path.split('/');
  const isFile = (path.split('/').pop() ?? '').includes('.');
  const isPrefixed = isFile || context.languages.includes(first ?? '');
  const target = isPrefixed
    ? withTrailingSlash(path)
    : withTrailingSlash(`/${context.locale}${path === '/' ? '/' : path}`);
  if (!context.exists(target))
    fail(node, 'BrokenLink', `the link to ${node.url} leads to ${target}, which is not a page of the site`);
  node.url = target + suffix;
}

/** A paragraph of plain text. */
export function textParagraph(value: string): RootContent {
  return { type: 'paragraph', children: [{ type: 'text', value }] };
}

/** Builds a markdown table from a header row and body rows of plain text. */
export function textTable(header: readonly string[], rows: readonly (readonly string[])[]): Table {
  const row = (cells: readonly string[]) => ({
    type: 'tableRow' as const,
    children: cells.map((value): TableCell => ({ type: 'tableCell', children: [{ type: 'text', value }] })),
  });
  return { type: 'table', children: [row(header), ...rows.map(row)] };
}
