import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { contentJsonSchemas, SCHEMA_FOLDER } from '../lib/json-schemas.ts';

/** Writes every content schema into `<content>/.schemas/`; returns what it wrote. */
export async function writeContentSchemas(contentDir: string): Promise<string> {
  const folder = join(contentDir, SCHEMA_FOLDER);
  await mkdir(folder, { recursive: true });
  const schemas = contentJsonSchemas();
  await Promise.all(Object.entries(schemas).map(([file, text]) => writeFile(join(folder, file), text)));
  return `Wrote ${Object.keys(schemas).length} schemas to ${folder}/`;
}
