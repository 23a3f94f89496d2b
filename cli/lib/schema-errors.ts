import type * as z from 'zod';
import { BuildError, type ErrorCode } from '../errors.ts';
import { describeField } from './field-names.ts';
import { nearestNames } from './nearest-names.ts';
import { fieldsAt } from './schema-fields.ts';
import type { YamlSource } from './yaml-lines.ts';

/**
 * Checks `data` against a schema; returns the parsed value, or collects one BuildError per
 * issue into `errors`, each located at the YAML node the issue's path points to, and an
 * unknown field at its own key, with the allowed fields nearest to its name.
 */
export function parseWithSchema<T extends z.ZodType>(
  schema: T,
  source: YamlSource,
  file: string,
  errors: BuildError[],
  options: { data?: unknown; basePath?: readonly PropertyKey[]; code?: ErrorCode } = {},
): z.infer<T> | undefined {
  const checked = options.data ?? source.data;
  const result = schema.safeParse(checked);
  if (result.success) return result.data;
  const basePath = options.basePath ?? [];
  const code = options.code ?? 'InvalidField';
  for (const issue of result.error.issues) {
    const path = [...basePath, ...issue.path];
    if (issue.code === 'unrecognized_keys') {
      const allowed = fieldsAt(schema, issue.path, checked);
      for (const key of issue.keys) {
        const message = `${describeField([...path, key], source.data)} is an unknown field${didYouMean(key, allowed)}`;
        errors.push(new BuildError(code, message, { file, ...source.keyPositionOf([...path, key]) }));
      }
      continue;
    }
    const message = describeIssue(describeField(path, source.data), issue);
    errors.push(new BuildError(code, message, { file, ...source.positionOf(path) }));
  }
  return undefined;
}

function describeIssue(field: string, issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) return `${field} is required`;
  const message = issue.message.replace(/^Invalid input: /, '');
  return `${field} ${/^(must|is|should|has|opens)\b/.test(message) ? message : `is invalid: ${message}`}`;
}

/** `; did you mean "label"?` for the allowed fields nearest to `key`, or nothing when none is near. */
function didYouMean(key: string, allowed: readonly string[]): string {
  const nearest = nearestNames(key, allowed);
  return nearest.length === 0 ? '' : `; did you mean ${nearest.map((name) => `"${name}"`).join(' or ')}?`;
}
