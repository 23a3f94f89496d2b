import { randomInt } from 'node:crypto';
import { appendFile, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../bench/corpus.js';
import type { BuildReport } from '../../cli/commands/build.ts';
import { buildWithReport, copyGenerator, copyProject, hashTree } from '../helpers/cli.ts';

const ENV = { SOURCE_DATE_EPOCH: '1763683200' };
// A new seed on every run, printed first and named in every failure: INCREMENTAL_SEED=n replays
// that run's edits exactly.
const SEED = Number(process.env.INCREMENTAL_SEED ?? randomInt(2 ** 31));

let project: string;
let generator: string;
beforeAll(async () => {
  console.log(`incremental: INCREMENTAL_SEED=${SEED}`);
  project = await copyProject();
  generator = await copyGenerator(project);
});
afterAll(async () => {
  await rm(project, { recursive: true, force: true });
});

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
/** The items in a seeded order (Fisher–Yates). */
const shuffled = <T>(random: Random, items: readonly T[]): T[] => {
  const order = [...items];
  for (let index = order.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [order[index], order[other]] = [order[other]!, order[index]!];
  }
  return order;
};
const filesBelow = async (dir: string, pattern: RegExp) =>
  (await readdir(dir, { recursive: true })).map(String).filter((path) => pattern.test(path) && !path.startsWith('.'));

/** Replaces the first match of `pattern` in a file; throws when there is none, so an edit never silently does nothing. */
async function replaceIn(file: string, pattern: RegExp, replace: (match: string) => string): Promise<void> {
  const text = await readFile(file, 'utf8');
  const match = pattern.exec(text);
  if (!match) throw new Error(`${file} has no ${String(pattern)}`);
  await writeFile(file, text.slice(0, match.index) + replace(match[0]) + text.slice(match.index + match[0].length));
}

/** The kinds of edit a maintainer makes, each a seeded change to the project or the generator; `step` makes it unique. */
const EDITS: Record<string, (random: Random, step: number) => Promise<string>> = {
  async 'page text'(random, step) {
    const file = join(
      project,
      'content',
      pick(random, await filesBelow(join(project, 'content'), /^(ca|es|en)\/.*\.md$/)),
    );
    await appendFile(file, `\nUna frase nova del pas ${step}.\n`);
    return file;
  },
  async 'page description'(random, step) {
    const pages = await filesBelow(join(project, 'content'), /^(ca|es|en)\/.*\.md$/);
    const file = join(project, 'content', pick(random, pages));
    await replaceIn(
      file,
      /^description: .*$/m,
      () =>
        `description: Una descripció nova, prou llarga perquè els cercadors la mostrin sencera, escrita al pas ${step}.`,
    );
    return file;
  },
  async 'page label'(random, step) {
    const file = join(
      project,
      'content',
      pick(random, await filesBelow(join(project, 'content'), /^(ca|es|en)\/services\/.*\.md$/)),
    );
    const text = await readFile(file, 'utf8');
    // The same name in other letters: every link that names the page by it still does
    // (content/README.md, "Words"), and the footers and cards that show it change.
    const name = (/^label: "?(.*?)"?$/m.exec(text) ?? /^title: "?(.*?)"?$/m.exec(text))![1]!;
    const label = `label: "${step % 2 === 1 ? name.toUpperCase() : name.toLowerCase()}"`;
    await writeFile(
      file,
      /^label: .*$/m.test(text) ? text.replace(/^label: .*$/m, label) : text.replace(/^title: /m, `${label}\ntitle: `),
    );
    return file;
  },
  async setting(_random, step) {
    await replaceIn(
      join(project, 'content/site.yaml'),
      /email: !example \S+/,
      () => `email: !example hola${step}@example.com`,
    );
    return 'content/site.yaml';
  },
  async translation(random, step) {
    const locale = pick(random, ['ca', 'es', 'en']);
    await replaceIn(
      join(project, `content/${locale}/ui.yaml`),
      /^footer\.tagline: .*$/m,
      () => `footer.tagline: "Pas ${step}"`,
    );
    return `content/${locale}/ui.yaml`;
  },
  async collection(random, step) {
    const file = join(project, 'content/collections', pick(random, ['reviews.yaml', 'products.yaml']));
    await replaceIn(file, file.endsWith('reviews.yaml') ? /text: "?/ : /price: \d+/, (match) =>
      match.startsWith('price') ? `price: ${90 + step}` : `${match}Pas ${step}. `,
    );
    return file;
  },
  async widget(random, step) {
    const name = pick(random, ['topbar', 'carousel', 'newsletter', 'home', 'page']);
    await appendFile(join(generator, 'widgets', name, 'index.ts'), `\nexport const step${step} = ${step};\n`);
    return `widgets/${name}`;
  },
  async template(random, step) {
    const [file, tag] = pick(random, [
      ['templates/layout/Footer.tsx', '<footer'],
      ['templates/pages/ServicePage.tsx', '<aside className="key-facts"'],
      ['templates/sections/ReviewsSection.tsx', '<section id="reviews"'],
    ] as const);
    await replaceIn(join(generator, file), new RegExp(tag), (match) => `${match} data-step="${step}"`);
    return file;
  },
  async 'public file'(random, step) {
    if (random() < 0.5) {
      await writeFile(
        join(project, `public/images/step-${step}.svg`),
        `<svg xmlns="http://www.w3.org/2000/svg"><title>${step}</title></svg>`,
      );
      return `public/images/step-${step}.svg`;
    }
    const file = pick(random, await filesBelow(join(project, 'public/images/brands'), /\.svg$/));
    await appendFile(join(project, 'public/images/brands', file), `<!-- ${step} -->\n`);
    return `public/images/brands/${file}`;
  },
};

// Twice round every kind of edit by default, each round in its own seeded order and on other
// files and values; INCREMENTAL_STEPS=n takes more or fewer steps.
const STEPS = Number(process.env.INCREMENTAL_STEPS ?? 2 * Object.keys(EDITS).length);

/** Builds into `out` and answers the build's report; `log` says what led here, with the seed, should the build fail. */
const build = async (out: string, log: readonly string[]) => {
  const result = await buildWithReport(['--out', out], { cwd: project, env: ENV, bin: join(generator, 'cli/bin.js') });
  expect(result.code, `INCREMENTAL_SEED=${SEED}: building ${out} failed\n${log.join('\n')}\n${result.stderr}`).toBe(0);
  return result.report;
};

describe('the incremental build', () => {
  it(`equals a clean build after every step of ${STEPS} seeded edits to content, settings, translations, widgets, templates and public files`, async () => {
    const random = seededRandom(SEED);
    const log: string[] = [];
    await build('dist', log);
    let carried = 0;
    let kinds: string[] = [];
    for (let step = 1; step <= STEPS; step++) {
      if (kinds.length === 0) kinds = shuffled(random, Object.keys(EDITS));
      const kind = kinds.shift()!;
      const edit = `INCREMENTAL_SEED=${SEED}, step ${step}: ${kind} ${await EDITS[kind]!(random, step)}`;
      const report = await build('dist', [...log, edit]);
      carried += report.kept;
      log.push(`${edit}: ${report.rendered} rendered, ${report.kept} carried over`);
      // A folder never built before: no manifest, every page rendered.
      const clean = await build(`clean-${step}`, log);
      expect(await hashTree(join(project, 'dist')), log.join('\n')).toBe(
        await hashTree(join(project, `clean-${step}`)),
      );
      // The report counts the same pages, redirects and files.
      const counts = ({ pages, redirects, files }: BuildReport) => ({ pages, redirects, files });
      expect(counts(report), log.join('\n')).toEqual(counts(clean));
      await rm(join(project, `clean-${step}`), { recursive: true });
    }
    // The steps must carry pages over, or they prove nothing about incremental building.
    expect(carried, log.join('\n')).toBeGreaterThan(0);
  }, 1_800_000);
});
