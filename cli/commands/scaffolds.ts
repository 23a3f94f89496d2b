/** What `sitegen new` adds. */
export type NewKind = 'service' | 'page' | 'product';

/** Scaffold texts in a language; a site language without its own gets English's. */
interface ScaffoldTexts {
  /** What a new page of each kind is called until its title is written. */
  name: Record<NewKind, string>;
  /** The search description, 70–160 characters, which starts with the page's placeholder title. */
  description: (title: string) => string;
  intro: string;
  heading: string;
  paragraph: string;
  card: string;
  category: string;
  unit: string;
}

const TEXTS: Record<string, ScaffoldTexts> = {
  ca: {
    name: { page: 'Pàgina nova', service: 'Servei nou', product: 'Producte nou' },
    description: (title) =>
      `${title}: explica aquí, en 70 a 160 caràcters, què ofereix aquesta pàgina i a qui s’adreça. És el text que mostren els cercadors.`,
    intro: 'Escriu aquí el paràgraf d’obertura: què és, per a qui és i què hi trobarà qui ens visiti.',
    heading: 'Com funciona',
    paragraph: 'Explica els passos, el temps que cal i què cal portar. Enllaça altres pàgines així: [Qui som](/about).',
    card: 'Una frase que presenta el servei a la targeta de la pàgina d’inici.',
    category: 'Òptica',
    unit: '(escriu aquí què inclou el preu)',
  },
  es: {
    name: { page: 'Página nueva', service: 'Servicio nuevo', product: 'Producto nuevo' },
    description: (title) =>
      `${title}: explica aquí, en 70 a 160 caracteres, qué ofrece esta página y a quién se dirige. Es el texto que muestran los buscadores.`,
    intro: 'Escribe aquí el párrafo de apertura: qué es, para quién es y qué encontrará quien nos visite.',
    heading: 'Cómo funciona',
    paragraph:
      'Explica los pasos, el tiempo que hace falta y qué hay que traer. Enlaza otras páginas así: [Quiénes somos](/about).',
    card: 'Una frase que presenta el servicio en la tarjeta de la página de inicio.',
    category: 'Óptica',
    unit: '(escribe aquí qué incluye el precio)',
  },
  en: {
    name: { page: 'New page', service: 'New service', product: 'New product' },
    description: (title) =>
      `${title}: say here, in 70 to 160 characters, what this page offers and who it is for. Search engines show this text under the title.`,
    intro: 'Write the opening paragraph here: what it is, who it is for and what a visitor will find.',
    heading: 'How it works',
    paragraph:
      'Explain the steps, how long it takes and what to bring. Link to other pages like this: [About us](/about).',
    card: 'One sentence that introduces the service on its home page card.',
    category: 'Optical',
    unit: '(write here what the price includes)',
  },
};

export const textsOf = (code: string): ScaffoldTexts => TEXTS[code] ?? TEXTS.en!;

/** A scaffold's placeholder title and description in a language: the `number`th of its kind (`Servei nou 2`). */
export function placeholdersOf(code: string, kind: NewKind, number: number): { title: string; description: string } {
  const texts = textsOf(code);
  const title = number === 1 ? texts.name[kind] : `${texts.name[kind]} ${number}`;
  return { title, description: texts.description(title) };
}

/** The front matter fields a page scaffold tags `!example`, in the order it writes them. */
export const PAGE_PLACEHOLDERS = ['title', 'label', 'description'] as const;

/** What the body of a page scaffold holds in place of the page's text. */
export const BODY_PLACEHOLDERS = 'the two paragraphs of the body and its heading';

const quoted = (text: string) => JSON.stringify(text);

/** A page in one language, every field a person writes tagged `!example`. */
export function pageScaffold(code: string, title: string, template: string, updated: string): string {
  const texts = textsOf(code);
  const values: Record<(typeof PAGE_PLACEHOLDERS)[number], string> = {
    title,
    label: title,
    description: texts.description(title),
  };
  return [
    '---',
    ...PAGE_PLACEHOLDERS.map((field) => `${field}: !example ${quoted(values[field])}`),
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

/** A collection entry as YAML lines, and what it leaves to write, as a clause of a sentence. */
export interface EntryScaffold {
  readonly yaml: string;
  readonly placeholders: string;
}

/** A text in every language, each tagged `!example`, indented under its field. */
const localized = (languages: readonly string[], text: (code: string) => string) =>
  languages.map((code) => `    ${code}: !example ${quoted(text(code))}`).join('\n');

/** The service's card (home page, footer, services page), named as its page is. */
export function serviceEntry(
  slug: string,
  titleIn: (code: string) => string,
  languages: readonly string[],
  section: 'optical' | 'audiology',
): EntryScaffold {
  const icon = section === 'optical' ? 'eye' : 'ear';
  const yaml = [
    '',
    `- id: ${slug}`,
    `  section: ${section}`,
    `  icon: ${icon}`,
    `  link: /services/${slug}`,
    '  title:',
    localized(languages, titleIn),
    '  description:',
    localized(languages, (code) => textsOf(code).card),
    '',
  ].join('\n');
  return {
    yaml,
    placeholders: `the title and description in each language, and its icon (${icon} for now; content/README.md lists the others)`,
  };
}

/** The product's teaser on the home page, named as its page is. */
export function productEntry(
  slug: string,
  titleIn: (code: string) => string,
  languages: readonly string[],
): EntryScaffold {
  const yaml = [
    '',
    `- id: ${slug}`,
    '  name:',
    localized(languages, titleIn),
    '  category:',
    localized(languages, (code) => textsOf(code).category),
    '  price: !example 100',
    '  unit:',
    localized(languages, (code) => textsOf(code).unit),
    `  link: /products/${slug}`,
    '',
  ].join('\n');
  return { yaml, placeholders: 'the name, category and unit in each language, and the price' };
}
