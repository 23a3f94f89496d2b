import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { seededRandom } from '../../../bench/corpus.js';
import { parseMarkdownFile } from '../../../cli/lib/front-matter.ts';
import {
  BUILD_ONLY_RULES,
  contentJsonSchemas,
  contentSchemas,
  schemaPathFor,
  SCHEMA_FOLDER,
} from '../../../cli/lib/json-schemas.ts';
import { parseYaml } from '../../../cli/lib/yaml-lines.ts';
import { isoDateSchema } from '../../../cli/schemas/common.ts';
import { settingsSchema } from '../../../cli/schemas/site.ts';
import { parseContentFile } from '../../../cli/validate/parse-file.ts';
import { ROOT } from '../../helpers/cli.ts';

const content = join(ROOT, 'content');

// The agreement test's seeded mutations: MUTATION_SEED replays another sequence, SCHEMA_MUTATIONS
// runs more of them, and a failure names the seed, the mutation's number and what it did.
const SEED = Number(process.env.MUTATION_SEED ?? 20261121);
const MUTATIONS = Number(process.env.SCHEMA_MUTATIONS ?? 800);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonSchema = { [key: string]: unknown };

/** A real content file as the build reads it: its data, and the JSON Schema file it is written against. */
interface ContentData {
  readonly file: string;
  readonly schema: string;
  readonly data: Json;
}

/** Every file the schemas describe, parsed by the build's own readers (`!example` tags resolved, front matter split off). */
async function realContent(): Promise<ContentData[]> {
  const files = (await readdir(content, { recursive: true }))
    .map((file) => String(file).replaceAll('\\', '/'))
    .filter((file) => !file.startsWith(`${SCHEMA_FOLDER}/`))
    .filter((file) => file.endsWith('.yaml') || (/^[a-z]{2}\//.test(file) && file.endsWith('.md')))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const text = await readFile(join(content, file), 'utf8');
      if (file.endsWith('.md'))
        return {
          file,
          schema: 'front-matter.schema.json',
          data: parseMarkdownFile(text, file).frontMatter.data as Json,
        };
      const schema = schemaPathFor(file)!.split('/').pop()!;
      return { file, schema, data: parseYaml(text, file).data as Json };
    }),
  );
}

const jsonSchemas = (): Record<string, JsonSchema> =>
  Object.fromEntries(
    Object.entries(contentJsonSchemas()).map(([file, text]) => [file, JSON.parse(text) as JsonSchema]),
  );

/**
 * A JSON Schema validator as editors apply the files: draft 2020-12, strict about unknown
 * keywords. Formats (`email`) are annotations here; the patterns beside them carry the rules.
 */
const newAjv = () => new Ajv2020({ strict: true, strictTypes: false, validateFormats: false, allErrors: false });

// --- Seeded damage to parsed content -------------------------------------------------------

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const clone = (value: Json): Json => structuredClone(value);
const isObject = (value: unknown): value is { [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One value inside a document, with the container that holds it (none for the document itself). */
interface Slot {
  readonly path: readonly (string | number)[];
  readonly value: Json;
  readonly parent?: Json[] | { [key: string]: Json };
  readonly key?: string | number;
}

function slotsOf(root: Json): Slot[] {
  const slots: Slot[] = [{ path: [], value: root }];
  const walk = (value: Json, path: readonly (string | number)[]) => {
    if (Array.isArray(value))
      value.forEach((item, index) => {
        slots.push({ path: [...path, index], value: item, parent: value, key: index });
        walk(item, [...path, index]);
      });
    else if (isObject(value))
      for (const [key, item] of Object.entries(value)) {
        slots.push({ path: [...path, key], value: item, parent: value, key });
        walk(item, [...path, key]);
      }
  };
  walk(root, []);
  return slots;
}

/** Puts `value` in a slot's place; the document itself is replaced through the returned root. */
function put(root: Json, slot: Slot, value: Json): Json {
  if (!slot.parent) return value;
  (slot.parent as Record<string | number, Json>)[slot.key!] = value;
  return root;
}

const where = (slot: Slot) => (slot.path.length > 0 ? slot.path.join('.') : 'the file');
/** Slots whose value passes `test`, or undefined when there is none. */
const choose = (random: Random, root: Json, test: (slot: Slot) => boolean): Slot | undefined => {
  const slots = slotsOf(root).filter(test);
  return slots.length > 0 ? pick(random, slots) : undefined;
};
const isString = (slot: Slot) => typeof slot.value === 'string';
/** Strings like `likely`, most of the time, so the damage lands where it matters; any string otherwise. */
const stringLike = (random: Random, root: Json, likely: RegExp) =>
  (random() < 0.8 ? choose(random, root, (slot) => isString(slot) && likely.test(slot.value as string)) : undefined) ??
  choose(random, root, isString);

/** A string of `length` characters of ordinary text (accented letters and spaces included). */
const textOf = (length: number) =>
  'Òptica Poblenou, revisió de la vista. '.repeat(Math.ceil(length / 38) + 1).slice(0, length);

const BAD_DATES = ['2026-02-30', '2025-02-29', '2100-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-12-00'];
const GOOD_DATES = ['2024-02-29', '2000-02-29', '2026-12-31', '1999-01-01'];
const MALFORMED_DATES = [
  '2026-1-1',
  '26-11-21',
  '2026/11/21',
  'tomorrow',
  '2026-11-21T10:00',
  ' 2026-11-21',
  '20261121',
];
const URLS = [
  'http://www.example.com',
  'https://',
  'https:///path',
  'https:example.com',
  'ftp://example.com/file',
  'www.example.com',
  '//example.com/x',
  'https://exa mple.com',
  'https://example.com/a b',
  'https://example.com/',
  'https://example.com',
  'https://example.com:8080/book',
  'https://example.com:99999',
  'HTTPS://EXAMPLE.COM',
  'https://1.2.3.4',
  ' https://example.com',
  'https://user@example.com',
  'https://xn--a.example',
  'javascript:alert(1)',
  'https://maps.example.com/dir/?destination=Rambla+del+Poblenou',
];
const PATHS = [
  '/services/orto-k',
  '/services/orto-k/',
  '/Services/Orto-K',
  'services/orto-k',
  '//evil.example/x',
  '/\\evil.example/x',
  '/images/logo.svg',
  '/a b',
  '/ca/services/orto-k/',
  '/ca',
  '/',
  '',
  '/cat?x=1',
  'https://example.com/images/logo.svg',
];
const TRICKY_STRINGS = [
  'ca',
  'CA',
  'c',
  'cat',
  'ca_ES',
  'ca-ES',
  'en_gb',
  '08005',
  '8005',
  '+34 930 000 000',
  '930-000-000',
  '34600000000',
  '+34600000000',
  'G-ABC123',
  'g-abc123',
  'UA-1234',
  'month',
  'year',
  'eye',
  'optical',
  'Optical',
  'optometrist',
  'cookie',
  'necessary',
  'hearing-aid',
  'accessory',
  'service',
  'gallery',
  'hola@example.com',
  'not an e-mail',
  'ES',
  'ESP',
  '10:00',
  '24:00',
  '9:00',
  '13:60',
  'mo',
  'Monday',
  'orto-k',
  'Orto-K',
  'orto--k',
  '-orto',
  'services',
  ' ',
];
const NUMBERS = [-1, 0, 0.5, 1, 1.5, 4.8, 5, 5.5, 6, 41, 61, 89.99, 100, 100.5, 101, 1899, 1989, 2024, 2101];
const MORE_NUMBERS = [-90.5, 90.5, 180.5, -181, 65536, 1e12, 2 ** 53];
const OTHER_TYPES: Json[] = [42, 1.5, true, false, 'a string', '', ['a', 'list'], { a: 'map' }, null, [], {}];
const UNKNOWN_KEYS = ['colour', 'notes', 'Title', 'xx', 'ca-ES', 'nav.blog', 'extra_field', 'ES', 'ID'];

const typeOf = (value: Json) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** The kinds of damage: each changes `root` in place (or returns a new root) and says what it did, or undefined when the document offers nothing to damage. */
const DAMAGE: Record<string, (root: Json, random: Random) => { root: Json; what: string } | undefined> = {
  'swap a field’s type'(root, random) {
    const slot = choose(random, root, (candidate) => candidate.parent !== undefined);
    if (!slot) return undefined;
    const value = pick(
      random,
      OTHER_TYPES.filter((other) => typeOf(other) !== typeOf(slot.value)),
    );
    return { root: put(root, slot, clone(value)), what: `${where(slot)} became ${JSON.stringify(value)}` };
  },
  'remove a field'(root, random) {
    const slot = choose(random, root, (candidate) => isObject(candidate.parent));
    if (!slot) return undefined;
    delete (slot.parent as Record<string, Json>)[slot.key as string];
    return { root, what: `removed ${where(slot)}` };
  },
  'add an unknown field'(root, random) {
    const slot = choose(random, root, (candidate) => isObject(candidate.value));
    if (!slot) return undefined;
    const key = pick(random, UNKNOWN_KEYS);
    const value = pick(random, ['text', 1, true] as Json[]);
    (slot.value as Record<string, Json>)[key] = value;
    return { root, what: `${where(slot)} got ${key}: ${JSON.stringify(value)}` };
  },
  'rename a field'(root, random) {
    const slot = choose(random, root, (candidate) => isObject(candidate.parent));
    if (!slot) return undefined;
    const parent = slot.parent as Record<string, Json>;
    const key = slot.key as string;
    const renamed = random() < 0.5 ? `${key}s` : `${key.charAt(0).toUpperCase()}${key.slice(1)}`;
    if (renamed === key) return undefined;
    delete parent[key];
    parent[renamed] = slot.value;
    return { root, what: `${where(slot)} renamed ${renamed}` };
  },
  'empty a string'(root, random) {
    const slot = choose(random, root, isString);
    if (!slot) return undefined;
    return { root: put(root, slot, ''), what: `${where(slot)} emptied` };
  },
  'a string at a length limit'(root, random) {
    const slot = choose(random, root, isString);
    if (!slot) return undefined;
    const length = pick(random, [1, 2, 3, 29, 30, 31, 39, 40, 41, 59, 60, 61, 69, 70, 71, 89, 90, 91, 159, 160, 161]);
    return { root: put(root, slot, textOf(length)), what: `${where(slot)} became ${length} characters long` };
  },
  'an out-of-range number'(root, random) {
    const slot = choose(random, root, (candidate) => typeof candidate.value === 'number');
    if (!slot) return undefined;
    const value = pick(random, random() < 0.7 ? NUMBERS : MORE_NUMBERS);
    return { root: put(root, slot, value), what: `${where(slot)} became ${value}` };
  },
  'a figure slightly off'(root, random) {
    const slot = choose(random, root, (candidate) => typeof candidate.value === 'number');
    if (!slot) return undefined;
    const value = Math.round((slot.value as number) * pick(random, [0.9, 1.1, 2]) * 100) / 100 + pick(random, [0, 1]);
    return { root: put(root, slot, value), what: `${where(slot)} became ${value}` };
  },
  'a bad date'(root, random) {
    const slot = stringLike(random, root, /^\d{4}-\d{2}-\d{2}$/);
    if (!slot) return undefined;
    const value = pick(random, pick(random, [BAD_DATES, GOOD_DATES, MALFORMED_DATES]));
    return { root: put(root, slot, value), what: `${where(slot)} became ${JSON.stringify(value)}` };
  },
  'a bad address'(root, random) {
    const slot = stringLike(random, root, /^https?:/);
    if (!slot) return undefined;
    const value = pick(random, URLS);
    return { root: put(root, slot, value), what: `${where(slot)} became ${JSON.stringify(value)}` };
  },
  'a bad path'(root, random) {
    const slot = stringLike(random, root, /^\//);
    if (!slot) return undefined;
    const value = pick(random, PATHS);
    return { root: put(root, slot, value), what: `${where(slot)} became ${JSON.stringify(value)}` };
  },
  'a near-miss value'(root, random) {
    const slot = choose(random, root, isString);
    if (!slot) return undefined;
    const text = slot.value as string;
    const value = pick(random, [
      pick(random, TRICKY_STRINGS),
      text.toUpperCase(),
      `${text.charAt(0).toUpperCase()}${text.slice(1)}`,
      `${text} `,
      text.replaceAll('-', '_'),
      `/${text}`,
    ]);
    return { root: put(root, slot, value), what: `${where(slot)} became ${JSON.stringify(value)}` };
  },
  'empty a list'(root, random) {
    const slot = choose(random, root, (candidate) => Array.isArray(candidate.value));
    if (!slot) return undefined;
    return { root: put(root, slot, []), what: `${where(slot)} emptied` };
  },
  'drop a list item'(root, random) {
    const slot = choose(random, root, (candidate) => Array.isArray(candidate.value) && candidate.value.length > 0);
    if (!slot) return undefined;
    const list = slot.value as Json[];
    const index = Math.floor(random() * list.length);
    list.splice(index, 1);
    return { root, what: `${where(slot)} lost item ${index}` };
  },
  'repeat a list item'(root, random) {
    const slot = choose(random, root, (candidate) => Array.isArray(candidate.value) && candidate.value.length > 0);
    if (!slot) return undefined;
    const list = slot.value as Json[];
    const times = pick(random, [1, 3]);
    for (let count = 0; count < times; count++) list.push(clone(pick(random, list)));
    return { root, what: `${where(slot)} repeated an item ${times} times` };
  },
  'swap two fields’ values'(root, random) {
    const slot = choose(
      random,
      root,
      (candidate) => isObject(candidate.value) && Object.keys(candidate.value).length > 1,
    );
    if (!slot) return undefined;
    const map = slot.value as Record<string, Json>;
    const keys = Object.keys(map);
    const first = pick(random, keys);
    const second = pick(
      random,
      keys.filter((key) => key !== first),
    );
    [map[first], map[second]] = [map[second]!, map[first]!];
    return { root, what: `${where(slot)}: ${first} and ${second} swapped` };
  },
  'replace the whole file'(_root, random) {
    const value = pick(random, OTHER_TYPES);
    return { root: clone(value), what: `the file became ${JSON.stringify(value)}` };
  },
};

// --- Walking schemas ---------------------------------------------------------------------------

/** Keywords whose value is a subschema, a list of them, or a map of them. */
const ONE = ['items', 'additionalProperties', 'propertyNames', 'not', 'if', 'then', 'else', 'contains'];
const MANY = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const MAP = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];

/** A subschema with its `#/$defs/…` reference, if any, replaced by what it points to (its own keywords kept). */
function resolve(root: JsonSchema, schema: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const target = ref
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .reduce<unknown>((node, part) => (node as JsonSchema)[part], root);
  const { $ref: _ref, ...own } = schema;
  return { ...resolve(root, target as JsonSchema), ...own };
}

/** Calls `visit` on every subschema of a JSON Schema once, references resolved. */
function walkJsonSchema(root: JsonSchema, visit: (schema: JsonSchema, where: string) => void): void {
  const seen = new Set<JsonSchema>();
  const walk = (raw: JsonSchema, where: string) => {
    if (seen.has(raw)) return;
    seen.add(raw);
    const schema = resolve(root, raw);
    visit(schema, where);
    for (const key of ONE) if (isObject(schema[key])) walk(schema[key], `${where}/${key}`);
    for (const key of MANY)
      if (Array.isArray(schema[key]))
        (schema[key] as JsonSchema[]).forEach((child, index) => walk(child, `${where}/${key}/${index}`));
    for (const key of MAP)
      if (isObject(schema[key]))
        for (const [name, child] of Object.entries(schema[key] as Record<string, JsonSchema>))
          walk(child, `${where}/${key}/${name}`);
  };
  walk(root, '#');
}

/** The zod schemas inside a zod schema (object fields, list items, wrapped and piped schemas, union options, record keys and values). */
function zodChildren(schema: z.ZodType): z.ZodType[] {
  const def = schema._zod.def as unknown as Record<string, unknown>;
  const children: unknown[] = [];
  if (def.type === 'object') children.push(...Object.values(def.shape as Record<string, unknown>));
  for (const key of ['element', 'innerType', 'in', 'out', 'keyType', 'valueType'])
    if (def[key]) children.push(def[key]);
  if (Array.isArray(def.options)) children.push(...(def.options as unknown[]));
  return children as z.ZodType[];
}

// --- The tests -------------------------------------------------------------------------------

describe('JSON Schemas for editors', () => {
  it('are committed as the build’s own schemas generate them (run `node cli/bin.js schemas` after changing one)', async () => {
    const generated = contentJsonSchemas();
    const committed = (await readdir(join(content, SCHEMA_FOLDER))).sort();
    expect(committed).toEqual(Object.keys(generated).sort());
    for (const [file, text] of Object.entries(generated))
      expect(await readFile(join(content, SCHEMA_FOLDER, file), 'utf8'), file).toBe(text);
  });

  it('are named on the first line of every YAML content file, by a path that exists', async () => {
    const files = (await readdir(content, { recursive: true })).map(String).filter((file) => file.endsWith('.yaml'));
    expect(files.length).toBeGreaterThanOrEqual(11);
    for (const file of files) {
      const expected = schemaPathFor(file);
      expect(expected, file).toBeDefined();
      const firstLine = (await readFile(join(content, file), 'utf8')).split('\n')[0];
      expect(firstLine, file).toBe(`# yaml-language-server: $schema=${expected}`);
      await expect(readFile(join(content, file, '..', expected!))).resolves.toBeDefined();
    }
  });

  it('describe what the build checks: required fields, ratings from 1 to 5, known translation keys only', () => {
    const schemas = contentJsonSchemas();
    type Schema = { items: { properties: Record<string, unknown>; required: string[] } };
    const reviews = JSON.parse(schemas['reviews.schema.json']!) as Schema;
    expect(reviews.items.properties.rating).toMatchObject({ type: 'integer', minimum: 1, maximum: 5 });
    expect(reviews.items.required).toEqual(expect.arrayContaining(['id', 'name', 'rating', 'date', 'lang', 'text']));
    const ui = JSON.parse(schemas['ui.schema.json']!) as {
      additionalProperties: boolean;
      properties: Record<string, unknown>;
    };
    expect(ui.additionalProperties).toBe(false);
    expect(ui.properties['chat.label']).toMatchObject({ type: 'string' });
  });

  it('give every file a title and a description, and every field a description and examples', () => {
    for (const [file, schema] of Object.entries(jsonSchemas())) {
      expect(schema.title, file).toEqual(expect.any(String));
      expect(schema.description, file).toEqual(expect.any(String));
      let fields = 0;
      walkJsonSchema(schema, (node, at) => {
        if (!isObject(node.properties)) return;
        for (const [name, raw] of Object.entries(node.properties as Record<string, JsonSchema>)) {
          const property = resolve(schema, raw);
          fields++;
          const field = `${file} ${at}/properties/${name}`;
          expect(property.description, field).toMatch(/^\S.{10,}[.)]$/);
          expect(property.examples, field).toEqual(expect.arrayContaining([expect.anything()]));
        }
      });
      expect(fields, file).toBeGreaterThan(0);
    }
  });

  it('give examples that both the build and the JSON Schema accept', () => {
    const ajv = newAjv();
    let examples = 0;
    for (const [file, schema] of Object.entries(jsonSchemas()))
      walkJsonSchema(schema, (node, at) => {
        if (!Array.isArray(node.examples)) return;
        const { examples: list, ...rest } = node;
        const validate = ajv.compile(schema.$defs ? { ...rest, $defs: schema.$defs } : rest);
        for (const example of list as unknown[]) {
          examples++;
          expect(
            validate(example),
            `${file} ${at}: ${JSON.stringify(example)} ${ajv.errorsText(validate.errors)}`,
          ).toBe(true);
        }
      });
    const seen = new Set<z.ZodType>();
    const visit = (schema: z.ZodType, at: string) => {
      if (seen.has(schema)) return;
      seen.add(schema);
      for (const example of (z.globalRegistry.get(schema)?.examples as unknown[] | undefined) ?? []) {
        const result = schema.safeParse(example);
        expect(result.success, `${at}: ${JSON.stringify(example)} ${result.error?.message}`).toBe(true);
      }
      for (const child of zodChildren(schema)) visit(child, at);
    };
    for (const [file, { schema }] of Object.entries(contentSchemas)) visit(schema, file);
    expect(examples).toBeGreaterThan(300);
  });

  it('accept the real content, as the build does', async () => {
    const ajv = newAjv();
    const validators = Object.fromEntries(
      Object.entries(jsonSchemas()).map(([file, schema]) => [file, ajv.compile(schema)]),
    );
    const files = await realContent();
    expect(files.length).toBeGreaterThan(80);
    for (const { file, schema, data } of files) {
      const result = contentSchemas[schema]!.schema.safeParse(data);
      expect(result.success, `${file}: ${result.error?.message}`).toBe(true);
      expect(validators[schema]!(data), `${file}: ${ajv.errorsText(validators[schema]!.errors)}`).toBe(true);
    }
  });

  it(`agree with the build on ${MUTATIONS} seeded mutations of the real content, but for the documented rules`, async () => {
    const ajv = newAjv();
    const validators: Record<string, ValidateFunction> = Object.fromEntries(
      Object.entries(jsonSchemas()).map(([file, schema]) => [file, ajv.compile(schema)]),
    );
    const files = await realContent();
    const bySchema = Object.keys(contentSchemas).map((schema) => files.filter((file) => file.schema === schema));
    const codes = (
      files.find((file) => file.file === 'site.yaml')!.data as { languages: { code: string }[] }
    ).languages.map((language) => language.code);
    const allowed = (schema: string, path: readonly PropertyKey[]) =>
      BUILD_ONLY_RULES.some(
        (rule) =>
          rule.schema === schema &&
          rule.fields.some((field) =>
            new RegExp(`^${field.replaceAll('.', '\\.').replaceAll('*', '[^.]+')}$`).test(path.map(String).join('.')),
          ),
      );
    const random = seededRandom(SEED);
    const kinds = Object.keys(DAMAGE);
    const tally = { refusedByBoth: 0, acceptedByBoth: 0, buildOnly: 0 };
    const byRule = new Map<string, number>();
    const failures: string[] = [];
    for (let number = 1; number <= MUTATIONS; number++) {
      const target = pick(random, pick(random, bySchema));
      let kind = pick(random, kinds);
      let root = clone(target.data);
      let damage = DAMAGE[kind]!(root, random);
      // A file without lists or numbers (a translation table) takes the next kind that fits it.
      for (const other of kinds) {
        if (damage) break;
        kind = other;
        damage = DAMAGE[other]!(root, random);
      }
      if (!damage) throw new Error(`mutation ${number} found nothing to damage in ${target.file}`);
      root = damage.root;
      const what = `seed ${SEED}, mutation ${number}: content/${target.file}, ${kind}: ${damage.what}`;
      const result = contentSchemas[target.schema]!.schema.safeParse(root);
      const editor = validators[target.schema]!(root);
      if (target.schema === 'ui.schema.json') {
        // The build reads translation tables without this schema: it must find the same problems
        // (for a language other than the default, whose missing texts are only warnings). A key
        // cli/schemas/ui.ts does not declare is one of them, though a warning (--strict fails on it).
        const parsed = parseContentFile(
          { file: 'content/es/ui.yaml', path: 'es/ui.yaml', text: stringify(root) },
          codes,
        );
        const found = [
          ...parsed.errors,
          ...parsed.warnings.filter((warning) => warning.code === 'UnknownTranslationKey'),
        ];
        if ((found.length === 0) !== result.success)
          failures.push(`${what}: the ui schema says ${result.success}, the build’s reading ${found[0]?.message}`);
      }
      if (result.success && editor) tally.acceptedByBoth++;
      else if (!result.success && !editor) tally.refusedByBoth++;
      else if (result.success)
        failures.push(
          `${what}: the build accepts it, the JSON Schema refuses it: ${ajv.errorsText(validators[target.schema]!.errors)}`,
        );
      else if (result.error.issues.every((issue) => allowed(target.schema, issue.path))) {
        tally.buildOnly++;
        for (const issue of result.error.issues)
          byRule.set(issue.path.join('.'), (byRule.get(issue.path.join('.')) ?? 0) + 1);
      } else failures.push(`${what}: the JSON Schema accepts it, the build refuses it: ${result.error.message}`);
    }
    console.info(
      `${MUTATIONS} mutations: ${tally.refusedByBoth + tally.acceptedByBoth} with the same verdict (${tally.refusedByBoth} refused, ${tally.acceptedByBoth} accepted by both), ${tally.buildOnly} refused by the build alone under a documented rule (${[...byRule].map(([path, count]) => `${path} ×${count}`).join(', ')}), ${failures.length} disagreements`,
    );
    expect(failures.slice(0, 10)).toEqual([]);
    // The damage must mostly be damage, and some must pass, or the agreement says little.
    expect(tally.refusedByBoth).toBeGreaterThan(MUTATIONS / 2);
    expect(tally.acceptedByBoth).toBeGreaterThan(MUTATIONS / 20);
  });

  it('differ, under each documented rule, only the way the rule says', async () => {
    const files = await realContent();
    const site = files.find((file) => file.file === 'site.yaml')!.data as {
      [key: string]: Json;
      languages: { code: string; ogLocale: string }[];
      openingHours: { opens: string; closes: string }[];
      financing: { [key: string]: Json };
      social: { url: string }[];
    };
    const schema = jsonSchemas()['site.schema.json']!;
    const validate = newAjv().compile(schema);
    // The URL rule is the runtime's URL parser: Node 20's refuses a malformed punycode label,
    // Node 24's takes any `xn--` label, so there the build refuses nothing the schema accepts.
    const refusesPunycode = !URL.canParse('https://xn--a.example');
    const cases: [field: string, edit: (copy: typeof site) => void, isRefused: boolean][] = [
      ['languages', (copy) => copy.languages.push({ code: 'ca', ogLocale: 'ca_AD' }), true],
      [
        'openingHours.0.closes',
        (copy) => {
          const [slot] = copy.openingHours;
          [slot!.opens, slot!.closes] = [slot!.closes, slot!.opens];
        },
        true,
      ],
      ['financing.monthlyInstalment', (copy) => (copy.financing.borrowingRate = 7.95), true],
      ['baseUrl', (copy) => (copy.baseUrl = 'https://xn--a.example'), refusesPunycode],
      ['social.0.url', (copy) => (copy.social[0]!.url = 'https://xn--a.example/shop'), refusesPunycode],
    ];
    for (const [field, edit, isRefused] of cases) {
      const copy = structuredClone(site);
      edit(copy);
      const result = settingsSchema.safeParse(copy);
      const refused = result.error?.issues.map((issue) => issue.path.join('.')) ?? [];
      if (isRefused) expect(refused, field).toContain(field);
      else expect(refused, field).not.toContain(field);
      expect(validate(copy), field).toBe(true);
    }
    // Every field a rule names is a field of its schema, with a description (that says the rule).
    for (const rule of BUILD_ONLY_RULES)
      for (const field of rule.fields) {
        const node = field.split('.').reduce<JsonSchema | undefined>((schemaNode, part) => {
          if (!schemaNode) return undefined;
          if (part === '*') return schemaNode.items as JsonSchema;
          return (schemaNode.properties as Record<string, JsonSchema> | undefined)?.[part];
        }, jsonSchemas()[rule.schema]);
        expect(node?.description, `${rule.schema} ${field}`).toEqual(expect.any(String));
      }
  });

  it('write dates as the calendar has them, leap years included, and keep the build’s messages', () => {
    const real = (date: string) => {
      const time = Date.parse(`${date}T00:00:00Z`);
      return !Number.isNaN(time) && new Date(time).toISOString().startsWith(date);
    };
    const years = [
      0, 4, 100, 400, 1600, 1700, 1800, 1900, 1996, 1999, 2000, 2023, 2024, 2025, 2026, 2100, 2400, 9996, 9999,
    ];
    const two = (value: number) => String(value).padStart(2, '0');
    const dates = years.flatMap((year) =>
      Array.from(
        { length: 14 * 33 },
        (_, index) => `${String(year).padStart(4, '0')}-${two(Math.floor(index / 33))}-${two(index % 33)}`,
      ),
    );
    expect(dates.filter((date) => isoDateSchema.safeParse(date).success !== real(date))).toEqual([]);
    expect(dates.filter((date) => real(date))).toHaveLength(
      years.length * 365 + years.filter((year) => real(`${String(year).padStart(4, '0')}-02-29`)).length,
    );
    const messages = (value: string) => isoDateSchema.safeParse(value).error?.issues.map((issue) => issue.message);
    expect(messages('tomorrow')).toEqual(['must be a date written YYYY-MM-DD']);
    expect(messages('2026-02-30')).toEqual(['is not a real date']);
    expect(messages('2026-13-01')).toEqual(['is not a real date']);
    const baseUrl = settingsSchema.shape.baseUrl;
    expect(baseUrl.safeParse('https://www.example.com/').error?.issues.map((issue) => issue.message)).toEqual([
      'must not end with a slash',
    ]);
    expect(baseUrl.safeParse('http://www.example.com').error?.issues.map((issue) => issue.message)).toEqual([
      'must be an https:// address',
    ]);
  });
});
