import type * as z from 'zod';

/**
 * The fields the object schema at `path` of `schema` allows, as written in the schema: what the
 * did-you-mean of an unknown field chooses from. `data` is the value checked, which picks a
 * discriminated union's option by its discriminator (a professional's fields follow its
 * profession); every option of another union counts. Empty when no object schema is there.
 */
export function fieldsAt(schema: z.core.$ZodType, path: readonly PropertyKey[], data: unknown): string[] {
  const fields = schemasAt(schema, path, data).flatMap((found) => {
    const { def } = (found as z.core.$ZodTypes)._zod;
    return def.type === 'object' ? Object.keys(def.shape) : [];
  });
  return [...new Set(fields)];
}

/** The schemas that check the value at `path`, past the wrappers (optional, default, pipe…) around them. */
function schemasAt(schema: z.core.$ZodType, path: readonly PropertyKey[], data: unknown): z.core.$ZodType[] {
  const { def } = (schema as z.core.$ZodTypes)._zod;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return schemasAt(def.innerType, path, data);
    case 'pipe':
      return schemasAt(def.in, path, data);
    case 'lazy':
      return schemasAt(def.getter(), path, data);
    case 'intersection':
      return [...schemasAt(def.left, path, data), ...schemasAt(def.right, path, data)];
    case 'union':
      return optionsFor(def, data).flatMap((option) => schemasAt(option, path, data));
  }
  if (path.length === 0) return [schema];
  const [key, ...rest] = path;
  const child = data && typeof data === 'object' ? (data as Record<PropertyKey, unknown>)[key!] : undefined;
  switch (def.type) {
    case 'object': {
      const field = Object.hasOwn(def.shape, String(key)) ? def.shape[String(key)] : undefined;
      return field ? schemasAt(field, rest, child) : [];
    }
    case 'array':
      return schemasAt(def.element, rest, child);
    case 'record':
      return schemasAt(def.valueType, rest, child);
    case 'tuple': {
      const item = typeof key === 'number' ? (def.items[key] ?? def.rest) : undefined;
      return item ? schemasAt(item, rest, child) : [];
    }
    default:
      return [];
  }
}

/** The options of a union that can have checked `data`: a discriminated union's by its discriminator, else all. */
function optionsFor(def: z.core.$ZodUnionDef, data: unknown): readonly z.core.$ZodType[] {
  const discriminator = 'discriminator' in def ? (def as z.core.$ZodDiscriminatedUnionDef).discriminator : undefined;
  if (discriminator === undefined || !data || typeof data !== 'object') return def.options;
  const value = (data as Record<string, unknown>)[discriminator];
  const chosen = def.options.filter((option) =>
    option._zod.propValues?.[discriminator]?.has(value as z.core.util.Primitive),
  );
  return chosen.length > 0 ? chosen : def.options;
}
