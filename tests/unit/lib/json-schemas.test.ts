import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentJsonSchemas, schemaPathFor, SCHEMA_FOLDER } from '../../../cli/lib/json-schemas.ts';
import { ROOT } from '../../helpers/cli.ts';

const content = join(ROOT, 'content');

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
});
