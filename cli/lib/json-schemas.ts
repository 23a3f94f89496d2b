import { z } from 'zod';
import { collectionSchemas, redirectsFileSchema } from '../schemas/collections.ts';
import { frontMatterSchema } from '../schemas/page.ts';
import { settingsSchema } from '../schemas/site.ts';
import { uiKeys } from '../schemas/ui.ts';

/** Where the schemas go, below the content folder (dot-folders are not content). */
export const SCHEMA_FOLDER = '.schemas';

/**
 * The content schemas as JSON Schema files, by file name, for editors: the same zod schemas
 * the build validates with, so what an editor accepts and what the build accepts agree.
 */
export function contentJsonSchemas(): Record<string, string> {
  const ui = z
    .object(Object.fromEntries(uiKeys.map((key) => [key, z.string().min(1)])))
    .partial()
    .strict();
  const schemas: Record<string, z.ZodType> = {
    'site.schema.json': settingsSchema,
    'redirects.schema.json': redirectsFileSchema,
    'ui.schema.json': ui,
    'front-matter.schema.json': frontMatterSchema,
    ...Object.fromEntries(
      Object.entries(collectionSchemas).map(([name, schema]) => [`${name}.schema.json`, z.array(schema)]),
    ),
  };
  return Object.fromEntries(
    Object.entries(schemas).map(([file, schema]) => [
      file,
      `${JSON.stringify(z.toJSONSchema(schema, { io: 'input' }), null, 2)}\n`,
    ]),
  );
}

/** The schema a YAML content file is written against, as a path relative to that file. */
export function schemaPathFor(contentPath: string): string | undefined {
  const depth = contentPath.split('/').length - 1;
  const up = depth === 0 ? './' : '../'.repeat(depth);
  const name = contentPath.endsWith('/ui.yaml')
    ? 'ui'
    : contentPath.startsWith('collections/')
      ? contentPath.slice('collections/'.length, -'.yaml'.length)
      : contentPath.replace(/\.yaml$/, '');
  return `${name}.schema.json` in contentJsonSchemas() ? `${up}${SCHEMA_FOLDER}/${name}.schema.json` : undefined;
}
