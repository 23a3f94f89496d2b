import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildScratchProject } from '../helpers/built-project.ts';
import { copyGenerator, hashTree, runCli } from '../helpers/cli.ts';

/**
 * Every error about a content file names the line and column of the file as saved, counted
 * the way an editor counts them (lines and characters from 1). Each case edits the bytes of a
 * file of one scratch project, builds with the real command line, expects exactly the problems
 * listed, checks that dist/ is untouched, and puts the file back.
 */

const { project, distHash } = await buildScratchProject();

/** A file of the scratch project, as bytes and as text. */
const read = async (file: string) => {
  const bytes = await readFile(join(project, file));
  return { bytes, text: bytes.toString('utf8') };
};

/** Line and column (1-based, in characters) of an offset of a text. */
function positionOf(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const col = [...before.slice(before.lastIndexOf('\n') + 1)].length + 1;
  return `${line}:${col}`;
}

/** The offset of `needle` in `text`, which must hold it once. */
function offsetOf(text: string, needle: string | RegExp): number {
  const pattern = typeof needle === 'string' ? new RegExp(needle, 'g') : new RegExp(needle, `${needle.flags}g`);
  const matches = [...text.matchAll(pattern)];
  expect(matches, `${String(needle)} once in the text`).toHaveLength(1);
  return matches[0]!.index;
}

/** Replaces a part of a text that must be there once. */
function replaceOnce(text: string, from: string, to: string): string {
  expect(text.split(from), `"${from}" once in the text`).toHaveLength(2);
  return text.replace(from, to);
}

/**
 * Writes `edits` (file → new contents), builds, restores every file, and expects the build to
 * fail with exactly the problems `expected` lists (each the start of a printed problem line:
 * `file:line:col Code — message…`), in that order, leaving dist/ as it was. Returns what the
 * build printed.
 */
async function expectProblems(
  edits: Record<string, string | Buffer | null>,
  expected: readonly (string | RegExp)[],
): Promise<string> {
  const originals = new Map<string, Buffer | undefined>();
  for (const [file, contents] of Object.entries(edits)) {
    const path = join(project, file);
    originals.set(path, await readFile(path).catch(() => undefined));
    await mkdir(dirname(path), { recursive: true });
    if (contents === null) await rm(path);
    else await writeFile(path, contents);
  }
  try {
    const result = await runCli(['build', '--quiet'], { cwd: project });
    expect(result.code, result.stderr).toBe(1);
    const problems = result.stderr.split('\n').filter((line) => /^\S+ [A-Z][A-Za-z]+ — /.test(line));
    expect(problems, result.stderr).toHaveLength(expected.length);
    expected.forEach((start, index) => {
      if (typeof start === 'string') expect(problems[index]!.startsWith(start), problems[index]).toBe(true);
      else expect(problems[index]).toMatch(start);
    });
    expect(result.stderr).toMatch(new RegExp(`^${expected.length} problems? found:`, 'm'));
    expect(result.stderr).not.toMatch(/^\s+at /m);
    expect(await hashTree(join(project, 'dist'))).toBe(distHash);
    return result.stderr;
  } finally {
    for (const [path, original] of originals) {
      if (original === undefined) await rm(path, { force: true });
      else await writeFile(path, original);
    }
  }
}

/**
 * Expects the printed problem that starts with `problem` to be followed by its code frame: the
 * lines of `text` (the file as saved) from two above its line to one below, its line marked
 * with `>` and a caret under its column, each with its number.
 */
function expectCodeFrame(stderr: string, problem: string, text: string): void {
  const printed = stderr.split('\n');
  const at = printed.findIndex((row) => row.startsWith(problem));
  expect(at, stderr).toBeGreaterThanOrEqual(0);
  const [line, col] = printed[at]!.split(' ')[0]!.split(':').slice(1).map(Number) as [number, number];
  const frame = printed.slice(
    at + 1,
    printed.findIndex((row, index) => index > at && row.startsWith('  hint:')),
  );
  const lines = text.split('\n');
  const numbers = [line - 2, line - 1, line, line + 1].filter((number) => number >= 1 && number <= lines.length);
  const width = String(numbers.at(-1)).length;
  const expected = numbers.flatMap((number) => {
    const row = `  ${number === line ? '>' : ' '} ${String(number).padStart(width)} | ${lines[number - 1]}`.trimEnd();
    return number === line ? [row, `    ${' '.repeat(width)} | ${' '.repeat(col - 1)}^`] : [row];
  });
  expect(frame, stderr).toEqual(expected);
}

describe('error positions', () => {
  it('places front-matter errors on the line and column of the file, with no cascade to the translations', async () => {
    const file = 'content/ca/about.md';
    const { text } = await read(file);
    const line7 = text.split('\n')[6]!;
    expect(line7).toMatch(/^image: \{ src: .*width: 800,/);

    // A value of the wrong type on line 7, at the value itself; the translations' originals stand.
    const wide = replaceOnce(text, 'width: 800,', 'width: "wide",');
    await expectProblems({ [file]: wide }, [
      `${file}:${positionOf(wide, offsetOf(wide, '"wide"'))} InvalidFrontmatter — "image.width" is invalid`,
    ]);
    expect(positionOf(wide, offsetOf(wide, '"wide"'))).toMatch(/^7:/);

    // A YAML syntax error on line 7: a bracket never closed, at the bracket.
    const bracket = replaceOnce(text, 'width: 800,', 'width: [800,');
    const bracketAt = `${file}:${positionOf(bracket, offsetOf(bracket, '\\[800'))} InvalidFrontmatter — the [ opened here has no ]`;
    expectCodeFrame(await expectProblems({ [file]: bracket }, [bracketAt]), bracketAt, bracket);

    // A value holding ": " unquoted, at the value.
    const colon = text.replace(/^label: "(.*)"$/m, 'label: $1: x');
    await expectProblems({ [file]: colon }, [
      `${file}:${positionOf(colon, offsetOf(colon, /(?<=^label: )/m))} InvalidFrontmatter — a value that holds ": " must be in quotes`,
    ]);

    // A quote never closed, at the opening quote, not at the end of the front matter; the code
    // frame shows the file's own lines, the opening fence above the title included.
    const quote = text.replace(/^(title: "[^"\n]*)"$/m, '$1');
    const quoteAt = `${file}:${positionOf(quote, offsetOf(quote, /(?<=^title: )"/m))} InvalidFrontmatter — Missing closing "quote`;
    expectCodeFrame(await expectProblems({ [file]: quote }, [quoteAt]), quoteAt, quote);
    expect(quoteAt).toContain(`${file}:2:`);
  });

  it('places YAML syntax errors on the line a person fixes', async () => {
    const file = 'content/site.yaml';
    const { text } = await read(file);

    // A key indented deeper than its neighbours: the line of that key, at its first character.
    // Each with the lines of the file around it, a caret under the column.
    const deeper = replaceOnce(text, '\n  taxId:', '\n    taxId:');
    const deeperAt = `${file}:${positionOf(deeper, offsetOf(deeper, 'taxId:'))} InvalidYaml — this line is read as going on from the line above`;
    expectCodeFrame(await expectProblems({ [file]: deeper }, [deeperAt]), deeperAt, deeper);

    // A key indented less than its neighbours: its first character, not column 1.
    const shallower = replaceOnce(text, '\n  taxId:', '\n taxId:');
    await expectProblems({ [file]: shallower }, [
      `${file}:${positionOf(shallower, offsetOf(shallower, 'taxId:'))} InvalidYaml — All mapping items must start at the same column`,
    ]);

    // An unclosed quote: at the opening quote, not at the end of the file. Only site.yaml's
    // error is reported: without the site's languages nothing else can be checked.
    const quote = text.replace(/^( {2}authorisation: !example "[^"\n]*)"$/m, '$1');
    expect(quote).not.toBe(text);
    const quoteAt = `${file}:${positionOf(quote, offsetOf(quote, /(?<=authorisation: !example )"/))} InvalidYaml — Missing closing "quote`;
    expectCodeFrame(await expectProblems({ [file]: quote }, [quoteAt]), quoteAt, quote);
  });

  it('places an unknown field at its own key, not at the entry or map it is in, with the allowed field nearest to its name', async () => {
    // A collection entry's field, below the entry's first line, named by the entry's id.
    const services = 'content/collections/services.yaml';
    const servicesText = (await read(services)).text;
    const onhome = servicesText.replace(/(\n- id: sunglasses\n(?: {2}.*\n)*?) {2}onHome:/, '$1  onhome:');
    expect(onhome).not.toBe(servicesText);
    const key = positionOf(onhome, offsetOf(onhome, 'onhome:'));
    expect(key.split(':')[0]).not.toBe(positionOf(onhome, offsetOf(onhome, '- id: sunglasses')).split(':')[0]);
    await expectProblems({ [services]: onhome }, [
      `${services}:${key} InvalidField — entry "sunglasses": "onhome" is an unknown field; did you mean "onHome"?`,
    ]);

    // A front-matter key, and one in a map of the front matter that resembles no field: no guess.
    const page = 'content/ca/about.md';
    const pageText = (await read(page)).text;
    const lable = replaceOnce(
      replaceOnce(pageText, '\nlabel:', '\nlable:'),
      'example: true }',
      'example: true, captoin: "La botiga" }',
    );
    await expectProblems({ [page]: lable }, [
      `${page}:${positionOf(lable, offsetOf(lable, 'lable:'))} InvalidFrontmatter — "lable" is an unknown field; did you mean "label"?`,
      new RegExp(
        `^${page}:${positionOf(lable, offsetOf(lable, 'captoin:'))} InvalidFrontmatter — "image\\.captoin" is an unknown field$`,
      ),
    ]);
  });

  it('refuses content files that are not UTF-8, at the first bad byte, all files together', async () => {
    const ca = 'content/ca/about.md';
    const es = 'content/es/about.md';
    const caText = (await read(ca)).text;
    const esText = (await read(es)).text;
    const firstAccent = (text: string) => [...text].findIndex((character) => character.codePointAt(0)! > 0x7f);
    const latin1 = (text: string) => {
      const index = firstAccent(text);
      const byte = text.codePointAt(index)!.toString(16).toUpperCase();
      // In Latin-1 every character is one byte: the character's index is its byte offset.
      return `${positionOf(text, index)} InvalidEncoding — byte 0x${byte} at byte offset ${index} is not UTF-8; the file looks saved as Latin-1 (Windows-1252)`;
    };
    expect(caText.slice(0, firstAccent(caText)).length).toBe(firstAccent(caText));
    await expectProblems({ [ca]: Buffer.from(caText, 'latin1'), [es]: Buffer.from(esText, 'latin1') }, [
      `${ca}:${latin1(caText)}`,
      `${es}:${latin1(esText)}`,
    ]);

    await expectProblems({ [ca]: `\uFEFF${caText}` }, [
      `${ca}:1:1 InvalidEncoding — the file starts with a UTF-8 byte-order mark`,
    ]);

    const nul = replaceOnce(caText, 'Tenim cura', 'Tenim\0 cura');
    const at = offsetOf(nul, '\0');
    await expectProblems({ [ca]: nul }, [
      `${ca}:${positionOf(nul, at)} InvalidEncoding — byte 0x00 at byte offset ${Buffer.byteLength(nul.slice(0, at))} is a NUL character`,
    ]);

    const words = 'content/words.txt';
    const wordList = (await read(words)).text;
    await expectProblems({ [words]: Buffer.concat([Buffer.from(wordList), Buffer.from('Güell\n', 'latin1')]) }, [
      `${words}:${wordList.split('\n').length}:2 InvalidEncoding — byte 0xFC at byte offset ${Buffer.byteLength(wordList) + 1} is not UTF-8`,
    ]);
  });

  it('names the content file and field of an image that is missing or cannot be read', async () => {
    const file = 'content/collections/products.yaml';
    const { text } = await read(file);
    const svg = 'public/images/products/sunglasses.svg';
    const where = positionOf(text, offsetOf(text, '/images/products/sunglasses\\.svg'));
    // The product by its id, as an editor finds it, not by its index.
    const field = 'entry "sunglasses": "image"';

    const missing = replaceOnce(text, '/images/products/sunglasses.svg', '/images/products/nope.svg');
    await expectProblems({ [file]: missing }, [
      `${file}:${where} BrokenLink — ${field} names the image /images/products/nope.svg, but public/images/products/nope.svg does not exist`,
    ]);

    await expectProblems({ [svg]: '<html><body>Not found</body></html>\n' }, [
      `${file}:${where} BundleError — ${field} names the image /images/products/sunglasses.svg, which cannot be read: ${svg}: the file's root element is <html>, not <svg>`,
    ]);

    const drawing = (await read(svg)).text;
    await expectProblems({ [svg]: drawing.slice(0, Math.floor(drawing.length / 2)) }, [
      new RegExp(
        `^${file}:${where} BundleError — ${field} names the image /images/products/sunglasses\\.svg, which cannot be read: ${svg}: the SVG image is not well-formed XML`,
      ),
    ]);

    // A photo of content/images/ that sharp cannot decode, named by a page's front matter.
    const page = 'content/ca/about.md';
    const pageText = (await read(page)).text;
    const photo = await sharp({
      create: {
        width: 200,
        height: 150,
        channels: 3,
        background: '#888',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    const damaged = Buffer.from(photo).fill(0xff, 1000, photo.length - 200);
    const withPhoto = pageText.replace(/src: [^,]+,/, 'src: /images/shop.jpg,');
    await expectProblems({ [page]: withPhoto, 'content/images/shop.jpg': damaged }, [
      `${page}:${positionOf(withPhoto, offsetOf(withPhoto, '/images/shop\\.jpg'))} BundleError — "image.src" names the image /images/shop.jpg, which cannot be read: content/images/shop.jpg:`,
    ]);
  });

  it('reports a broken site.yaml alone, not as a wrong language in every collection', async () => {
    const file = 'content/site.yaml';
    const { text } = await read(file);
    const broken = text.replace(/^languages:$/m, 'languages: [');
    expect(broken).not.toBe(text);
    await expectProblems({ [file]: broken }, [
      `${file}:${positionOf(broken, offsetOf(broken, /(?<=^languages: )\[/m))} InvalidYaml — the [ opened here has no ]`,
    ]);
  });
});

describe('errors in templates and in the generator', () => {
  let generator: string;
  beforeAll(async () => {
    generator = await copyGenerator(project);
  });

  it('places a template that throws, and a key the translation table does not declare, at the template’s line with the code around it', async () => {
    const heading = join(generator, 'templates/components/PageHeading.tsx');
    const footer = join(generator, 'templates/layout/Footer.tsx');
    const [headingText, footerText] = [await readFile(heading, 'utf8'), await readFile(footer, 'utf8')];
    const throwing = replaceOnce(
      headingText,
      '  return (',
      "  if (title) throw new Error('boom from PageHeading');\n  return (",
    );
    const misspelt = replaceOnce(footerText, "t('footer.tagline')", "t('footer.taglin' as 'footer.tagline')");
    await writeFile(heading, throwing);
    await writeFile(footer, misspelt);
    try {
      const result = await runCli(['build', '--quiet'], { cwd: project, bin: join(generator, 'cli/bin.js') });
      expect(result.code, result.stderr).toBe(1);
      const lines = result.stderr.split('\n');
      const problems = lines.filter((line) => /^\S+ [A-Z][A-Za-z]+ — /.test(line));
      // One problem for all the pages the template failed on: where it threw (`new Error(…)`), the page named.
      const thrownAt = positionOf(throwing, offsetOf(throwing, "new Error\\('boom"));
      const askedAt = positionOf(misspelt, offsetOf(misspelt, "t\\('footer\\.taglin'"));
      expect(problems).toEqual([
        expect.stringMatching(
          new RegExp(
            `^templates/components/PageHeading\\.tsx:${thrownAt} TemplateError — boom from PageHeading, rendering content/\\S+\\.md and \\d+ other pages \\(in <PageHeading>, inside <BaseLayout> ← <\\w+Page>`,
          ),
        ),
        `templates/layout/Footer.tsx:${askedAt} UnknownTranslationKey — Translation key not found: "footer.taglin" is not declared in cli/schemas/ui.ts`,
      ]);
      // Each with the lines of the copy's own file around it, a caret under the column.
      for (const [problem, marked] of [
        [problems[0]!, "if (title) throw new Error('boom from PageHeading');"],
        [problems[1]!, "<p>{t('footer.taglin' as 'footer.tagline')}</p>"],
      ] as const) {
        const at = lines.indexOf(problem);
        const [line, col] = problem.split(' ')[0]!.split(':').slice(1).map(Number) as [number, number];
        const frame = lines.slice(
          at + 1,
          lines.findIndex((text, index) => index > at && text.startsWith('  hint:')),
        );
        const markedLine = frame.find((text) => text.startsWith(`  > ${line} |`))!;
        expect(markedLine.trim()).toMatch(
          new RegExp(`^> ${line} \\| +${marked.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
        );
        const caret = frame[frame.indexOf(markedLine) + 1]!;
        expect(caret).toMatch(/^ +\| +\^$/);
        expect(caret.indexOf('^')).toBe(markedLine.indexOf('| ') + 2 + col - 1);
        // Two lines above, the line and its caret, one below.
        expect(frame).toHaveLength(5);
      }
      expect(result.stderr).toContain(
        '  hint: Fix the key\'s spelling, or declare "footer.taglin" in cli/schemas/ui.ts (UI_TEXTS, with its description and an example) and give it a text in every content/<language>/ui.yaml.',
      );
      expect(result.stderr).not.toMatch(/^\s+at /m);
      expect(await hashTree(join(project, 'dist'))).toBe(distHash);
    } finally {
      await writeFile(heading, headingText);
      await writeFile(footer, footerText);
    }
  });

  it('prints a bug of the generator with its stack in the TypeScript sources', async () => {
    const stage = join(generator, 'cli/stages/route.ts');
    const stageText = await readFile(stage, 'utf8');
    const buggy = replaceOnce(
      stageText,
      '  const errors: BuildError[] = [];',
      "  const errors: BuildError[] = [];\n  if (content) throw new TypeError('a bug in routing');",
    );
    await writeFile(stage, buggy);
    try {
      const result = await runCli(['build', '--quiet'], { cwd: project, bin: join(generator, 'cli/bin.js') });
      expect(result.code, result.stderr).not.toBe(0);
      const thrownAt = positionOf(buggy, offsetOf(buggy, "new TypeError\\('a bug"));
      const [message, top] = result.stderr.split('\n');
      expect(message).toBe('Internal error: TypeError: a bug in routing');
      // The frames name the copy's sources, as an editor opens them; none names the bundle.
      expect(top).toBe(`    at buildRoutes (${stage}:${thrownAt})`);
      expect(result.stderr).toMatch(new RegExp(`^    at .*${join(generator, 'cli/build.ts')}:\\d+:\\d+\\)?$`, 'm'));
      expect(result.stderr).not.toMatch(/node_modules\/\.cache\/sitegen/);
      expect(await hashTree(join(project, 'dist'))).toBe(distHash);
    } finally {
      await writeFile(stage, stageText);
    }
  });
});
