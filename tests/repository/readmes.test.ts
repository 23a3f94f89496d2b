import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serviceIcons } from '../../cli/schemas/collections.ts';
import { ROOT } from '../helpers/cli.ts';

/** What the READMEs list for a maintainer, held to what the code accepts. */
describe('the READMEs', () => {
  it('list in content/README.md the icons a service can take, as the schema has them, each a drawing in public/', async () => {
    const readme = await readFile(join(ROOT, 'content/README.md'), 'utf8');
    const listed = /Pick its `icon`, one of the drawings in `public\/images\/icons\/`: ([^;]+);/.exec(readme)?.[1];
    expect(listed?.split(', ').map((name) => name.replaceAll('`', ''))).toEqual([...serviceIcons]);
    for (const icon of serviceIcons) expect(existsSync(join(ROOT, `public/images/icons/${icon}.svg`)), icon).toBe(true);
  });
});
