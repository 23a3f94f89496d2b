import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isMap, isScalar, isSeq, parseDocument, type Document, type Node, type Pair } from 'yaml';

/** One change made to a project's content. */
export interface Mutation {
  readonly kind: string;
  /** The file it changed, relative to the project: `content/es/about.md`. */
  readonly file: string;
  readonly description: string;
  /** Puts the file back as it was. */
  restore(): Promise<void>;
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** Every markdown and YAML file a maintainer edits, relative to the project. */
export async function contentFiles(project: string): Promise<string[]> {
  const entries = await readdir(join(project, 'content'), { recursive: true });
  return entries
    .map(String)
    .filter((path) => /\.(md|ya?ml)$/.test(path) && !path.startsWith('.schemas'))
    .map((path) => `content/${path}`)
    .sort();
}

/** Splits a markdown file into its front matter (without the fences) and its body; undefined without front matter. */
function splitFrontMatter(text: string): { frontMatter: string; body: string } | undefined {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  return match ? { frontMatter: match[1]!, body: text.slice(match[0].length) } : undefined;
}

/** Every scalar-valued pair in a YAML document, however deep, with the map that holds it. */
function pairsOf(document: Document): { pair: Pair<Node, Node>; parent: Node }[] {
  const found: { pair: Pair<Node, Node>; parent: Node }[] = [];
  const walk = (node: unknown) => {
    if (isMap(node))
      for (const pair of node.items as Pair<Node, Node>[]) {
        found.push({ pair, parent: node });
        walk(pair.value);
      }
    if (isSeq(node)) for (const item of node.items) walk(item);
  };
  walk(document.contents);
  return found;
}

/** Edits the YAML of a file (the whole file, or a markdown file's front matter); false when it has none to edit. */
async function editYaml(path: string, edit: (document: Document) => boolean): Promise<boolean> {
  const text = await readFile(path, 'utf8');
  const parts = path.endsWith('.md') ? splitFrontMatter(text) : { frontMatter: text, body: '' };
  if (!parts) return false;
  const document = parseDocument(parts.frontMatter);
  if (document.errors.length > 0 || !edit(document)) return false;
  const yaml = String(document);
  await writeFile(path, path.endsWith('.md') ? `---\n${yaml.trimEnd()}\n---\n${parts.body}` : yaml);
  return true;
}

const randomBytes = (random: Random, count: number) =>
  Buffer.from(Array.from({ length: count }, () => Math.floor(random() * 256)));

/** The kinds of damage, each a function that applies it to one file and says what it did, or undefined when the file does not lend itself. */
const MUTATORS: Record<string, (path: string, random: Random, project: string) => Promise<string | undefined>> = {
  async truncate(path, random) {
    const bytes = await readFile(path);
    const length = Math.floor(random() * bytes.length);
    await writeFile(path, bytes.subarray(0, length));
    return `truncated to ${length} of ${bytes.length} bytes`;
  },
  async 'insert random bytes'(path, random) {
    const bytes = await readFile(path);
    const at = Math.floor(random() * (bytes.length + 1));
    const inserted = randomBytes(random, 1 + Math.floor(random() * 24));
    await writeFile(path, Buffer.concat([bytes.subarray(0, at), inserted, bytes.subarray(at)]));
    return `${inserted.length} random bytes at byte ${at}`;
  },
  async 'swap a field type'(path, random) {
    let what: string | undefined;
    const done = await editYaml(path, (document) => {
      const pairs = pairsOf(document).filter(
        ({ pair }) => isScalar(pair.value) || isSeq(pair.value) || isMap(pair.value),
      );
      if (pairs.length === 0) return false;
      const { pair } = pick(random, pairs);
      const value = pair.value;
      const replacement = isScalar(value)
        ? typeof value.value === 'string'
          ? pick(random, [42, true, ['a', 'list'], { a: 'map' }, null])
          : pick(random, ['a string', ['a', 'list'], { a: 'map' }])
        : pick(random, ['a string', 7, false]);
      what = `${String((pair.key as { value?: unknown })?.value)} became ${JSON.stringify(replacement)}`;
      pair.value = document.createNode(replacement);
      return true;
    });
    return done ? what : undefined;
  },
  async 'delete a field'(path, random) {
    let what: string | undefined;
    const done = await editYaml(path, (document) => {
      const pairs = pairsOf(document);
      if (pairs.length === 0) return false;
      const { pair, parent } = pick(random, pairs);
      what = `removed ${String((pair.key as { value?: unknown })?.value)}`;
      (parent as unknown as { items: unknown[] }).items.splice(
        (parent as unknown as { items: unknown[] }).items.indexOf(pair),
        1,
      );
      return true;
    });
    return done ? what : undefined;
  },
  async 'duplicate an id'(path, random) {
    let what: string | undefined;
    const done = await editYaml(path, (document) => {
      const ids = pairsOf(document).filter(
        ({ pair }) => (pair.key as { value?: unknown })?.value === 'id' && isScalar(pair.value),
      );
      if (ids.length < 2) return false;
      const from = pick(random, ids);
      const to = pick(
        random,
        ids.filter((id) => id !== from),
      );
      what = `id ${String((to.pair.value as { value: unknown }).value)} became ${String((from.pair.value as { value: unknown }).value)}`;
      to.pair.value = document.createNode((from.pair.value as { value: unknown }).value);
      return true;
    });
    return done ? what : undefined;
  },
  async 'delete the file'(path) {
    await rm(path);
    return 'deleted';
  },
  async 'break the front matter'(path, random) {
    const text = await readFile(path, 'utf8');
    if (!text.startsWith('---\n')) return undefined;
    const breakers: [string, (text: string) => string][] = [
      ['closing fence removed', (value) => value.replace(/\n---\n/, '\n')],
      ['unclosed bracket', (value) => value.replace(/^---\n/, '---\ntags: [open\n')],
      ['tab indentation', (value) => value.replace(/^---\n/, '---\nnested:\n\tkey: value\n')],
      ['duplicate key', (value) => value.replace(/^---\n(\w+):/, '---\n$1: one\n$1:')],
      ['opening fence removed', (value) => value.slice(4)],
    ];
    const [name, breaker] = pick(random, breakers);
    const broken = breaker(text);
    if (broken === text) return undefined;
    await writeFile(path, broken);
    return name;
  },
  async 'link to a missing page'(path, random) {
    if (!path.endsWith('.md')) return undefined;
    const text = await readFile(path, 'utf8');
    const target = pick(random, ['/missing-page', '/services/no-such-service', '/ca/nowhere/', '/images/missing.png']);
    const links = [...text.matchAll(/\]\((\/[^)\s]*)\)/g)];
    const next =
      links.length > 0 && random() < 0.5
        ? text.replace(pick(random, links)[0], `](${target})`)
        : `${text}\n[A link that leads nowhere](${target})\n`;
    await writeFile(path, next);
    return `a link to ${target}`;
  },
  async 'rating of 7'(path) {
    if (!path.endsWith('reviews.yaml')) return undefined;
    const text = await readFile(path, 'utf8');
    await writeFile(path, text.replace(/rating: \d/, 'rating: 7'));
    return 'a review rated 7';
  },
};

export const MUTATION_KINDS = Object.keys(MUTATORS);

/** Applies one seeded mutation of `kind` to a random file of a project's content that lends itself to it. */
export async function mutate(project: string, kind: string, random: Random): Promise<Mutation> {
  const files = await contentFiles(project);
  const mutator = MUTATORS[kind]!;
  const fits: Record<string, (file: string) => boolean> = {
    'duplicate an id': (file) => file.startsWith('content/collections/'),
    'rating of 7': (file) => file.endsWith('reviews.yaml'),
    'break the front matter': (file) => file.endsWith('.md'),
    'link to a missing page': (file) => file.endsWith('.md'),
  };
  const candidates = files.filter(fits[kind] ?? (() => true));
  for (let attempt = 0; attempt < 20; attempt++) {
    const file = pick(random, candidates);
    const original = await readFile(join(project, file));
    const description = await mutator(join(project, file), random, project);
    if (description !== undefined)
      return {
        kind,
        file,
        description: `${file}: ${kind}, ${description}`,
        restore: () => writeFile(join(project, file), original),
      };
    await writeFile(join(project, file), original);
  }
  throw new Error(`no file lends itself to "${kind}"`);
}
