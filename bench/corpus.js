// A synthetic corpus for build benchmarks: N markdown pages in each language, each with front
// matter, about 600 words, headings, a list, a table and links to other pages of the corpus.
// Deterministic: the same N gives the same files, so every generator builds the same text.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const CORPUS_LOCALES = ['ca', 'es', 'en'];
/** The folder below each language where the corpus pages live: `/ca/articles/article-00042/`. */
export const CORPUS_SECTION = 'articles';

const vocabulary = {
  ca: {
    words:
      'visió ulleres lents revisió audició audiòfon consulta centre barri salut mirada llum pantalla lectura distància ull oïda so soroll conversa família temps cita mesura prova graduació muntura vidre color forma detall cura resultat consell equip setmana matí tarda carrer ciutat platja escola feina esport nit dia vida costum pregunta resposta'.split(
        ' ',
      ),
    glue: 'i de la el amb per a que en del les els una un més sense quan com però també cada aquest'.split(' '),
    headings: ['Què cal saber', 'Com ho fem', 'Preguntes habituals', 'Abans de la visita', 'Després de la visita'],
    table: ['Prova', 'Durada', 'Freqüència'],
    rows: [
      ['Revisió visual', '30 min', 'Cada any'],
      ['Revisió auditiva', '45 min', 'Cada dos anys'],
      ['Ajust de muntura', '10 min', 'Quan calgui'],
    ],
    title: 'Article',
    more: 'Llegeix també',
    description: 'Un article de prova per mesurar quant triga a generar-se un lloc web amb moltes pàgines.',
  },
  es: {
    words:
      'visión gafas lentes revisión audición audífono consulta centro barrio salud mirada luz pantalla lectura distancia ojo oído sonido ruido conversación familia tiempo cita medida examen graduación montura cristal color forma detalle cuidado resultado consejo equipo semana mañana tarde calle ciudad playa escuela trabajo deporte noche día vida costumbre pregunta respuesta'.split(
        ' ',
      ),
    glue: 'y de la el con para a que en del las los una un más sin cuando como pero también cada este'.split(' '),
    headings: [
      'Qué hay que saber',
      'Cómo lo hacemos',
      'Preguntas frecuentes',
      'Antes de la visita',
      'Después de la visita',
    ],
    table: ['Prueba', 'Duración', 'Frecuencia'],
    rows: [
      ['Revisión visual', '30 min', 'Cada año'],
      ['Revisión auditiva', '45 min', 'Cada dos años'],
      ['Ajuste de montura', '10 min', 'Cuando haga falta'],
    ],
    title: 'Artículo',
    more: 'Lee también',
    description: 'Un artículo de prueba para medir cuánto tarda en generarse un sitio web con muchas páginas.',
  },
  en: {
    words:
      'vision glasses lenses check hearing aid appointment centre neighbourhood health sight light screen reading distance eye ear sound noise conversation family time visit measure test prescription frame glass colour shape detail care result advice team week morning afternoon street city beach school work sport night day life habit question answer'.split(
        ' ',
      ),
    glue: 'and of the a with for to that in from more without when how but also each this'.split(' '),
    headings: ['What to know', 'How we do it', 'Common questions', 'Before your visit', 'After your visit'],
    table: ['Test', 'Length', 'How often'],
    rows: [
      ['Eye test', '30 min', 'Every year'],
      ['Hearing test', '45 min', 'Every two years'],
      ['Frame fitting', '10 min', 'When needed'],
    ],
    title: 'Article',
    more: 'Read also',
    description: 'A test article for measuring how long a website with many pages takes to generate.',
  },
};

/** A small seeded generator (mulberry32): the same seed gives the same numbers on every machine. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const slugOf = (index) => `article-${String(index).padStart(5, '0')}`;

/** The markdown body of page `index`: about 600 words, with links to other corpus pages. */
function bodyOf(locale, index, pagesPerLocale) {
  const words = vocabulary[locale];
  const next = seededRandom(index * 31 + locale.charCodeAt(0));
  const pick = (list) => list[Math.floor(next() * list.length)];
  const sentence = () => {
    const length = 9 + Math.floor(next() * 8);
    const parts = Array.from({ length }, (_, i) => (i % 3 === 1 ? pick(words.glue) : pick(words.words)));
    return `${parts.join(' ').replace(/^./, (first) => first.toUpperCase())}.`;
  };
  const paragraph = (sentences) => Array.from({ length: sentences }, sentence).join(' ');
  const link = () => {
    const target = Math.floor(next() * pagesPerLocale);
    return `[${words.title.toLowerCase()} ${target}](/${CORPUS_SECTION}/${slugOf(target)})`;
  };
  return [
    paragraph(6),
    `## ${words.headings[0]}`,
    `${paragraph(5)} ${words.more}: ${link()}.`,
    Array.from({ length: 5 }, () => `- ${sentence()}`).join('\n'),
    `## ${words.headings[1]}`,
    paragraph(7),
    `| ${words.table.join(' | ')} |\n| --- | --- | --- |\n${words.rows.map((row) => `| ${row.join(' | ')} |`).join('\n')}`,
    `### ${words.headings[2]}`,
    `${paragraph(6)} ${words.more}: ${link()}, ${link()}.`,
    `## ${words.headings[3 + (index % 2)]}`,
    paragraph(7),
    paragraph(4),
  ].join('\n\n');
}

/** Writes the corpus below `dir`: `dir/<locale>/articles/article-00000.md`, …; returns the page count. */
export function writeCorpus(dir, pagesPerLocale) {
  for (const locale of CORPUS_LOCALES) {
    const folder = join(dir, locale, CORPUS_SECTION);
    mkdirSync(folder, { recursive: true });
    const words = vocabulary[locale];
    for (let index = 0; index < pagesPerLocale; index++) {
      const frontMatter = [
        '---',
        `title: "${words.title} ${index}"`,
        `description: "${words.description}"`,
        `keywords: [${CORPUS_SECTION}, benchmark]`,
        'template: page',
        'updated: 2026-11-21',
        '---',
      ].join('\n');
      writeFileSync(join(folder, `${slugOf(index)}.md`), `${frontMatter}\n${bodyOf(locale, index, pagesPerLocale)}\n`);
    }
  }
  return pagesPerLocale * CORPUS_LOCALES.length;
}
