import { FAILSAFE_SCHEMA, load, Type } from 'js-yaml';

/**
 * The YAML 1.2 core schema's plain scalars, as the spec (10.3.2) and the yaml package resolve
 * them: js-yaml's own core schema also reads `0b11`, `+0x1F` and `-0o7` as numbers, and not `+.5`.
 */
const NULL = /^(?:~|null|Null|NULL|)$/;
const BOOLEAN = /^(?:true|True|TRUE|false|False|FALSE)$/;
const INTEGER = /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/;
const FLOAT =
  /^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;

const nothing = new Type('tag:yaml.org,2002:null', {
  kind: 'scalar',
  resolve: (text: string | null) => text === null || NULL.test(text),
  construct: () => null,
});

const boolean = new Type('tag:yaml.org,2002:bool', {
  kind: 'scalar',
  resolve: (text: string | null) => text !== null && BOOLEAN.test(text),
  construct: (text: string) => text.toLowerCase() === 'true',
});

const integer = new Type('tag:yaml.org,2002:int', {
  kind: 'scalar',
  resolve: (text: string | null) => text !== null && INTEGER.test(text),
  construct: (text: string) =>
    text.startsWith('0o') ? parseInt(text.slice(2), 8) : text.startsWith('0x') ? parseInt(text, 16) : Number(text),
});

const float = new Type('tag:yaml.org,2002:float', {
  kind: 'scalar',
  resolve: (text: string | null) => text !== null && FLOAT.test(text),
  construct: (text: string) => {
    const infinite = /^([-+]?)\.inf$/i.exec(text);
    if (infinite) return infinite[1] === '-' ? -Infinity : Infinity;
    return /^\.nan$/i.test(text) ? NaN : Number(text);
  },
});

const CORE_SCHEMA = FAILSAFE_SCHEMA.extend({ implicit: [nothing, boolean, integer, float] });

/**
 * The data of a YAML text without tags, anchors or aliases, read by js-yaml: some 25 times
 * faster than the yaml package (4 against 127 µs for a page's front matter), whose documents
 * keep every node's position. Undefined when the text has any of those or js-yaml refuses it:
 * the yaml package then reads it, and words and places any error (yaml-lines.ts).
 */
export function quickYamlData(text: string): { readonly data: unknown } | undefined {
  if (/[!&*]/.test(text)) return undefined;
  try {
    const data = load(text, { schema: CORE_SCHEMA });
    // An empty text is undefined to js-yaml and null to the yaml package: it says which.
    return data === undefined ? undefined : { data };
  } catch {
    return undefined;
  }
}
