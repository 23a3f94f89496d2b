import { BuildError } from '../errors.ts';
import { codeFrameOf, generatorFramesIn } from '../lib/source-location.ts';

/**
 * A TemplateError's message is what was thrown, then the page whose rendering failed (and, once
 * merged, how many others), then the components: `boom, rendering content/ca/about.md (in <A>, inside <B>)`.
 */
const RENDERING = ', rendering ';
const COMPONENTS = ' (in <';

/**
 * What a template threw, as a TemplateError placed where a person fixes it, as Vite and Astro
 * place one: the template's file, line and column (the innermost frame of the stack in
 * templates/, through the bundle's source maps), with the lines around it; else the component
 * React was rendering. The message names the component stack and the page being rendered
 * (`page`: its content file).
 */
export function templateErrorOf(thrown: unknown, componentStack: string, page: string): BuildError {
  const error = thrown instanceof Error ? thrown : new Error(String(thrown));
  const [where] = [...generatorFramesIn(error.stack, 'templates/'), ...generatorFramesIn(componentStack, 'templates/')];
  const message = `${error.message}${RENDERING}${page}${componentsOf(componentStack)}`;
  if (!where) return new BuildError('TemplateError', message, { file: page, cause: error });
  const frame = codeFrameOf(where);
  return new BuildError('TemplateError', message, { ...where, ...(frame ? { frame } : {}), cause: error });
}

/** ` (in <PageHeading>, inside <BaseLayout> ← <ContentPage>)`: the components of a component stack, innermost first. */
function componentsOf(componentStack: string): string {
  const names = componentStack
    .split('\n')
    .map((line) => /^\s*at (\S+)/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined && /^[A-Z]/.test(name) && name !== 'LanguageProvider');
  if (names.length === 0) return '';
  const outer = names.slice(1).map((name) => `<${name}>`);
  return ` (in <${names[0]}>${outer.length > 0 ? `, inside ${outer.join(' ← ')}` : ''})`;
}

/** A TemplateError's message in its parts: what was thrown, the page(s), the components. */
function partsOf(message: string): { thrown: string; pages: string; components: string } | undefined {
  const cut = message.lastIndexOf(RENDERING);
  if (cut < 0) return undefined;
  const rest = message.slice(cut + RENDERING.length);
  const end = rest.includes(COMPONENTS) ? rest.indexOf(COMPONENTS) : rest.length;
  return { thrown: message.slice(0, cut), pages: rest.slice(0, end), components: rest.slice(end) };
}

/**
 * The problems of rendering, each once: a template failing the same way on many pages (through
 * whichever components) at its line, naming the first of its pages and how many others;
 * any other problem found the same on many pages (a template asking for an unknown key) once.
 */
export function mergeRepeatedErrors(errors: readonly BuildError[]): BuildError[] {
  const groups = new Map<string, { error: BuildError; page: string; components: string }[]>();
  const others = new Map<string, BuildError>();
  for (const error of errors) {
    const parts = error.code === 'TemplateError' ? partsOf(error.message) : undefined;
    if (!parts) {
      others.set(`${error.code} ${error.file}:${error.line}:${error.col} ${error.message}`, error);
      continue;
    }
    // Without a line, a TemplateError stands at its page: the same message is the same problem.
    const key = `${error.line === undefined ? '' : `${error.file}:${error.line}:${error.col}`} ${parts.thrown}`;
    const group = groups.get(key) ?? groups.set(key, []).get(key)!;
    group.push({ error, page: parts.pages, components: parts.components });
  }
  for (const [key, group] of groups) {
    const [first, ...rest] = group.sort((a, b) => (pageOrder(a.page) < pageOrder(b.page) ? -1 : 1));
    const { thrown } = partsOf(first!.error.message)!;
    const more = rest.length === 0 ? '' : ` and ${rest.length} other page${rest.length === 1 ? '' : 's'}`;
    const message = `${thrown}${RENDERING}${first!.page}${more}${first!.components}`;
    others.set(`TemplateError ${key}`, new BuildError('TemplateError', message, placeOf(first!.error)));
  }
  return [...others.values()];
}

/** Pages in the order they are named: content files first (`content/…`), then pages made from a collection (`/ca/…`). */
const pageOrder = (page: string) => `${page.startsWith('/') ? 1 : 0}${page}`;

/** Where a problem is and what is printed with it, to make it again with another message. */
const placeOf = ({ file, line, col, hint, frame, cause }: BuildError) => ({ file, line, col, hint, frame, cause });
