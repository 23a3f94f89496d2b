import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import type { BuildError } from '../../../cli/errors.ts';
import { parseWithSchema } from '../../../cli/lib/schema-errors.ts';
import { parseYaml } from '../../../cli/lib/yaml-lines.ts';

/** The problems a YAML text has against a schema, as `line:col message`, in the order of the text (as the build prints them). */
function problemsOf(schema: z.ZodType, text: string): string[] {
  const errors: BuildError[] = [];
  expect(parseWithSchema(schema, parseYaml(text, 'f.yaml'), 'f.yaml', errors)).toBeUndefined();
  return errors
    .sort((a, b) => a.line! - b.line! || a.col! - b.col!)
    .map((error) => `${error.line}:${error.col} ${error.message}`);
}

const entry = z
  .object({
    id: z.string(),
    label: z.string(),
    price: z.number().optional(),
    image: z
      .object({ src: z.string(), width: z.number().default(100) })
      .strict()
      .optional(),
  })
  .strict();

const professional = z.discriminatedUnion('profession', [
  z.object({ profession: z.literal('optometrist'), college: z.string() }).strict(),
  z.object({ profession: z.literal('technician'), name: z.string() }).strict(),
]);

describe('parseWithSchema', () => {
  it('places each unknown field at its own key and names the allowed field nearest to it', () => {
    const text =
      '- id: frames\n  label: Frames\n- id: ruby\n  price: 3\n  lable: Ruby\n  image: { src: /a.svg, widht: 2 }\n';
    expect(problemsOf(z.array(entry), text)).toEqual([
      '3:3 entry "ruby": "label" is required',
      '5:3 entry "ruby": "lable" is an unknown field; did you mean "label"?',
      '6:25 entry "ruby": "image.widht" is an unknown field; did you mean "width"?',
    ]);
  });

  it('guesses no field when none is near, and names an entry without an id by its place', () => {
    const text = '- id: a\n  label: A\n- label: B\n  colour: red\n';
    expect(problemsOf(z.array(entry), text)).toEqual(['3:3 "1.id" is required', '4:3 "1.colour" is an unknown field']);
  });

  it('picks the fields of the option of a discriminated union that the value chose', () => {
    const schema = z.object({ people: z.array(professional) }).strict();
    const text =
      'people:\n  - { profession: technician, colege: X, name: N }\n  - { profession: optometrist, colege: X }\n';
    expect(problemsOf(schema, text)).toEqual([
      '2:31 "people.0.colege" is an unknown field',
      '3:5 "people.1.college" is required',
      '3:32 "people.1.colege" is an unknown field; did you mean "college"?',
    ]);
  });
});
