import type * as z from 'zod';
import { BuildError, type ErrorCode } from '../errors.ts';
import type { YamlSource } from './yaml-lines.ts';

/**
 * Checks `data` against a schema; returns the parsed value, or collects one BuildError per
 * issue into `errors`, each located at the YAML node the issue's path points to.
 */
export function parseWithSchema<T extends z.ZodType>(
  schema: T,
  source: YamlSource,
  file: string,
  errors: BuildError[],
  options: { data?: unknown; basePath?: readonly PropertyKey[]; code?: ErrorCode } = {},
): z.infer<T> | undefined {
  const result = schema.safeParse(options.data ?? source.data);
  if (result.success) return result.data;
  const basePath = options.basePath ?? [];
  for (const issue of result.error.issues) {
    const path = [...basePath, ...issue.path];
    errors.push(
      new BuildError(options.code ?? 'InvalidField', describeIssue(path, issue), { file, ...source.positionOf(path) }),
    );
  }
  return undefined;
}

function describeIssue(path: readonly PropertyKey[], issue: z.core.$ZodIssue): string {
  const field = path.length > 0 ? `"${path.map(String).join('.')}"` : 'the file';
  if (issue.code === 'unrecognized_keys')
    return `${field} has an unknown field ${issue.keys.map((key) => `"${key}"`).join(', ')}`;
  if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) return `${field} is required`;
  const message = issue.message.replace(/^Invalid input: /, '');
  return `${field} ${/^(must|is|should|has|opens)\b/.test(message) ? message : `is invalid: ${message}`}`;
}
