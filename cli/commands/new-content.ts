import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BuildError } from '../errors.ts';
import { parseYaml } from '../lib/yaml-lines.ts';

export type NewKind = 'service' | 'page' | 'product';

/** Where each kind of content lives: its folder below a language, and the collection that lists it. */
const KINDS: Record<NewKind, { folder: string; collection?: string; template: string }> = {
  service: { folder: 'services/', collection: 'services', template: 'service' },
  page: { folder: '', template: 'page' },
  product: { folder: 'products/', collection: 'products', template: 'page' },
};

/** Scaffold texts in a language; a site language without its own gets English's. */
interface ScaffoldTexts {
  description: string;
  intro: string;
  heading: string;
  paragraph: string;
  card: string;
  category: string;
}

const TEXTS: Record<string, ScaffoldTexts> = {
  ca: {
    description:
      'Explica aquí, en 70 a 160 caràcters, què ofereix aquesta pàgina i a qui s’adreça: és el text que mostren els cercadors.',
    intro: 'Escriu aquí el paràgraf d’obertura: què és, per a qui és i què hi trobarà qui ens visiti.',
    heading: 'Com funciona',
    paragraph: 'Explica els passos, el temps que cal i què cal portar. Enllaça altres pàgines així: [Qui som](/about).',
    card: 'Una frase que presenta el servei a la targeta de la pàgina d’inici.',
    category: 'Òptica',
  },
  es: {
    description:
      'Explica aquí, en 70 a 160 caracteres, qué ofrece esta página y a quién se dirige: es el texto que muestran los buscadores.',
    intro: 'Escribe aquí el párrafo de apertura: qué es, para quién es y qué encontrará quien nos visite.',
    heading: 'Cómo funciona',
    paragraph:
      'Explica los pasos, el tiempo que hace falta y qué hay que traer. Enlaza otras páginas así: [Quiénes somos](/about).',
    card: 'Una frase que presenta el servicio en la tarjeta de la página de inicio.',
    category: 'Óptica',
  },
  en: {
    description:
      'Say here, in 70 to 160 characters, what this page offers and who it is for: search engines show this text under the title.',
    intro: 'Write the opening paragraph here: what it is, who it is for and what a visitor will find.',
    heading: 'How it works',
    paragraph:
      'Explain the steps, how long it takes and what to bring. Link to other pages like this: [About us](/about).',
    card: 'One sentence that introduces the service on its home page card.',
    category: 'Optical',
  },
};

/**
 * `sitegen new <kind> <slug>`: writes the page in every language of the site and, for a
 * service or product, its entry at the end of the collection, from a scaffold that already
 * builds. Every text to write is tagged `!example`, so each build lists it until it is
 * replaced. Nothing is overwritten: an existing file or id stops it before it writes.
 * Returns what it did and what to do next.
 */
export async function createContent(
  kind: NewKind,
  slug: string,
  contentDir: string,
  options: { section?: 'optical' | 'audiology'; today?: Date } = {},
): Promise<string> {
  const { folder, collection, template } = KINDS[kind];
  const languages = await siteLanguages(contentDir);
  const pages = languages.map((code) => ({ code, path: `${code}/${folder}${slug}.md` }));
  const collectionPath = collection && `collections/${collection}.yaml`;
  for (const page of pages) {
    if (existsSync(join(contentDir, page.path))) {
      throw new BuildError('DuplicateRoute', `there is already a page at content/${page.path}`, {
        file: `content/${page.path}`,
        hint: 'Pick another slug, or edit the page that is there.',
      });
    }
  }
  if (collectionPath) await refuseTakenId(join(contentDir, collectionPath), slug, `content/${collectionPath}`);

  const title = titleOf(slug);
  const updated = (options.today ?? new Date()).toISOString().slice(0, 10);
  for (const { code, path } of pages) {
    await writeFile(join(contentDir, path), pageScaffold(textsOf(code), title, template, updated), { flag: 'wx' });
  }
  const written = pages.map((page) => `  content/${page.path}`);
  if (collectionPath) {
    const entry =
      kind === 'service'
        ? serviceEntry(slug, title, languages, options.section ?? 'optical')
        : productEntry(slug, title, languages);
    await appendFile(join(contentDir, collectionPath), entry);
    written.push(
      `  content/${collectionPath}: the entry ${slug}${kind === 'service' ? ', on the home page and in the footer' : ', on the home page'}`,
    );
  }
  return [
    `Added the ${kind} ${slug}:`,
    ...written,
    'Next: replace every value tagged !example and the placeholder paragraphs (each build lists the tags still there), then run npm run build.',
    ...(kind === 'page'
      ? [`Link to it from another page, as [${title}](/${slug}); the build warns about a page that nothing links to.`]
      : []),
  ].join('\n');
}

/** The site's language codes, the default first, from content/site.yaml. */
async function siteLanguages(contentDir: string): Promise<string[]> {
  const file = 'content/site.yaml';
  const text = await readFile(join(contentDir, 'site.yaml'), 'utf8').catch((error: unknown) => {
    throw new BuildError('ReadError', 'there is no site.yaml in the content folder', { file, cause: error });
  });
  const { data } = parseYaml(text, file);
  const languages = (data as { languages?: { code?: unknown }[] } | null)?.languages;
  const codes = Array.isArray(languages) ? languages.map((language) => language?.code) : [];
  if (codes.length === 0 || !codes.every((code): code is string => typeof code === 'string')) {
    throw new BuildError('InvalidField', 'site.yaml lists no languages', { file });
  }
  return codes;
}

async function refuseTakenId(path: string, id: string, file: string): Promise<void> {
  const source = parseYaml(await readFile(path, 'utf8'), file);
  const { data } = source;
  const index = Array.isArray(data) ? data.findIndex((entry: { id?: unknown }) => entry?.id === id) : -1;
  if (index >= 0) {
    throw new BuildError('DuplicateId', `the collection already has an entry with the id ${id}`, {
      file,
      ...source.positionOf([index, 'id']),
    });
  }
}

const textsOf = (code: string): ScaffoldTexts => TEXTS[code] ?? TEXTS.en!;

/** `eye-strain` → `Eye strain`: a stand-in title until the real one is written. */
function titleOf(slug: string): string {
  const words = slug.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const quoted = (text: string) => JSON.stringify(text);

function pageScaffold(texts: ScaffoldTexts, title: string, template: string, updated: string): string {
  return [
    '---',
    `title: !example ${quoted(title)}`,
    `label: !example ${quoted(title)}`,
    `description: !example ${quoted(texts.description)}`,
    'keywords: []',
    `updated: ${updated}`,
    `template: ${template}`,
    '---',
    texts.intro,
    '',
    `## ${texts.heading}`,
    '',
    texts.paragraph,
    '',
  ].join('\n');
}

/** A text in every language, each tagged `!example`, indented under its field. */
const localized = (languages: readonly string[], text: (code: string) => string) =>
  languages.map((code) => `    ${code}: !example ${quoted(text(code))}`).join('\n');

function serviceEntry(slug: string, title: string, languages: readonly string[], section: string): string {
  return [
    '',
    `- id: ${slug}`,
    `  section: ${section}`,
    `  icon: ${section === 'optical' ? 'eye' : 'ear'}`,
    `  link: /services/${slug}`,
    '  title:',
    localized(languages, () => title),
    '  description:',
    localized(languages, (code) => textsOf(code).card),
    '',
  ].join('\n');
}

function productEntry(slug: string, title: string, languages: readonly string[]): string {
  return [
    '',
    `- id: ${slug}`,
    '  name:',
    localized(languages, () => title),
    '  category:',
    localized(languages, (code) => textsOf(code).category),
    '  price: !example 100',
    `  link: /products/${slug}`,
    '',
  ].join('\n');
}
