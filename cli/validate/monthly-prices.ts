import { CREDIT_MARKER } from '../../templates/format.ts';
import { BuildError } from '../errors.ts';
import { parseMarkdownFile, type MarkdownSource } from '../lib/front-matter.ts';
import { positionAt } from '../lib/text-position.ts';
import { parseYaml } from '../lib/yaml-lines.ts';
import type { Collections, Settings, SourceFile } from '../types.ts';

/**
 * A monthly price in any of the site's languages: "90 € al mes", "€90 a month", "90 €/mes",
 * "90 € mensuals", or the financing setting's placeholder with or without its euro sign
 * ("{{financing.monthlyInstalment}} € al mes", "€{{financing.monthlyInstalment}} a month").
 * Amounts are read in euros; `\s` takes the non-breaking space written before € too.
 */
const MONTHLY_PRICE =
  /(?:€\s?(\d+(?:[.,]\d+)?)|(\d+(?:[.,]\d+)?)\s?€|(?:€\s?)?(\{\{\s*financing\.monthlyInstalment\s*\}\})(?:\s?€)?)\s*(?:\/\s*(?:mes|month)\b|(?:al|per|por|a|each|cada)\s(?:mes|month)\b|mensuals?\b|mensuales?\b|monthly\b)/giu;
const EXAMPLE_BLOCK = /^[ \t]*\{\{\s*financing-example\s*\}\}[ \t]*$/gm;
const HEADING = /^#{1,6}[ \t]/gm;

/** A monthly price a text shows: where it starts and ends, its 1-based line and column, and the amount (undefined for the placeholder). */
export interface MonthlyPrice {
  readonly index: number;
  readonly end: number;
  readonly line: number;
  readonly col: number;
  readonly shown: string;
  readonly amount?: number;
}

/** Each monthly price a text shows. */
export function monthlyPricesIn(text: string): MonthlyPrice[] {
  return [...text.matchAll(MONTHLY_PRICE)].map((match) => {
    const digits = match[1] ?? match[2];
    return {
      index: match.index,
      end: match.index + match[0].length,
      ...positionAt(text, match.index),
      shown: match[0],
      ...(digits ? { amount: Number(digits.replace(',', '.')) } : {}),
    };
  });
}

const LAW = 'consumer-credit advertising (Ley 16/2011, art. 9)';

/** Says whether a price agrees with the financing setting; pushes what does not. */
type Agree = (file: string, where: { line: number; col: number }, shown: string, amount: number | undefined) => void;

/**
 * Every monthly price must come with the representative example of its credit, on the same
 * screen, and say so where it stands (docs/behaviour.md#content): `{{credit-marker}}` right
 * after the price, an asterisk linked to the example. In a page's text the example is the
 * page's `{{financing-example}}`, below the price in the same section; in a service page's key
 * facts the facts box prints it; the product teasers mark and print theirs themselves. No other
 * field of the front matter (a title, a description for search results) can carry an example,
 * so none may show a monthly price. The figure must be the example's instalment, so the
 * advertisement and the example agree.
 */
export function checkMonthlyPrices(
  pages: readonly SourceFile[],
  products: Collections['products'],
  productsFile: SourceFile | undefined,
  settings: Settings,
  errors: BuildError[],
): void {
  const financing = settings.financing;
  const agree: Agree = (file, where, shown, amount) => {
    if (!financing)
      errors.push(
        new BuildError(
          'MissingCreditExample',
          `shows a monthly price (${shown}) but content/site.yaml has no financing example`,
          { file, ...where },
        ),
      );
    else if (amount !== undefined && amount !== financing.monthlyInstalment)
      errors.push(
        new BuildError(
          'MissingCreditExample',
          `shows ${shown}, but the representative example in content/site.yaml is for ${financing.monthlyInstalment} € a month`,
          { file, ...where },
        ),
      );
  };
  for (const page of pages) checkPage(page, settings, agree, errors);
  if (!productsFile) return;
  const positions = parseYaml(productsFile.text, `content/${productsFile.path}`);
  products.forEach((product, index) => {
    if (product.pricePeriod !== 'month') return;
    agree(
      `content/${productsFile.path}`,
      positions.positionOf([index, 'price']),
      `${product.price} € a month`,
      product.price,
    );
  });
}

/** One page's monthly prices: each agrees with the setting, carries its marker, and has its example where it can be seen. */
function checkPage(page: SourceFile, settings: Settings, agree: Agree, errors: BuildError[]): void {
  // A price has a euro sign or the placeholder, and an example block is a placeholder: most
  // pages have neither, and two searches for a character are cheaper than the expressions.
  if (!page.text.includes('€') && !page.text.includes('{{')) return;
  const file = `content/${page.path}`;
  const prices = monthlyPricesIn(page.text);
  const blocks = [...page.text.matchAll(EXAMPLE_BLOCK)].map((match) => match.index);
  const at = (index: number) => positionAt(page.text, index);
  if (!settings.financing)
    for (const block of blocks)
      errors.push(
        new BuildError(
          'MissingCreditExample',
          'asks for {{financing-example}} but content/site.yaml has no financing example',
          { file, ...at(page.text.indexOf('{', block)) },
        ),
      );
  if (prices.length === 0) return;
  const bodyStart = bodyStartOf(page.text);
  if (bodyStart === undefined) return; // the page's own validation reports a front matter it cannot read
  // The front matter is read again, for its positions, only when a price stands in it: reading
  // every page's YAML twice was most of the time this check took.
  let source: MarkdownSource | undefined;
  if (prices.some((price) => price.index < bodyStart)) {
    try {
      source = parseMarkdownFile(page.text, file);
    } catch {
      return; // the page's own validation reports a front matter it cannot read
    }
  }
  const headings = [...page.text.slice(bodyStart).matchAll(HEADING)].map((match) => bodyStart + match.index);
  const problem = (price: MonthlyPrice, message: string) =>
    errors.push(new BuildError('MissingCreditExample', message, { file, line: price.line, col: price.col }));
  for (const price of prices) {
    agree(file, price, price.shown, price.amount);
    const hasMarker = page.text.startsWith(CREDIT_MARKER, price.end);
    if (price.index < bodyStart) {
      const field = frontMatterFieldAt(source!, price);
      if (!field.startsWith('facts.'))
        problem(
          price,
          `${field}: shows a monthly price (${price.shown}) where no representative example can follow it`,
        );
      else if (!hasMarker)
        problem(price, `${field}: shows a monthly price (${price.shown}) without ${CREDIT_MARKER} right after it`);
      continue;
    }
    if (!hasMarker) problem(price, `shows a monthly price (${price.shown}) without ${CREDIT_MARKER} right after it`);
    const example = blocks.find((block) => block > price.index);
    const nextHeading = headings.find((heading) => heading > price.index);
    if (example === undefined)
      problem(price, `shows a monthly price (${price.shown}) without the representative example that ${LAW} requires`);
    else if (nextHeading !== undefined && nextHeading < example)
      problem(
        price,
        `shows a monthly price (${price.shown}) whose representative example is not below it in the same section`,
      );
  }
}

/** Where a page's body starts, as the front matter's parser splits it; undefined without a closing fence. */
function bodyStartOf(text: string): number | undefined {
  const close = text.indexOf('\n---', 3);
  if (close < 0) return undefined;
  let start = close + 4;
  if (text[start] === '\r') start += 1;
  if (text[start] === '\n') start += 1;
  return start;
}

/** The front-matter field a price stands in, as a dotted path (`facts.3.value`, `description`). */
function frontMatterFieldAt(source: MarkdownSource, price: MonthlyPrice): string {
  const data = source.frontMatter.data as { facts?: unknown } | null;
  const isOnLine = (path: readonly PropertyKey[]) => source.frontMatter.positionOf(path).line === price.line;
  const facts = Array.isArray(data?.facts) ? data.facts : [];
  const fact = facts.findIndex((_, index) => isOnLine(['facts', index, 'value']));
  if (fact >= 0) return `facts.${fact}.value`;
  const keys = data && typeof data === 'object' ? Object.keys(data) : [];
  return keys.findLast((key) => source.frontMatter.positionOf([key]).line <= price.line) ?? 'front matter';
}
