import { BuildError } from '../errors.ts';
import { positionAt } from '../lib/text-position.ts';
import { parseYaml } from '../lib/yaml-lines.ts';
import type { Collections, Settings, SourceFile } from '../types.ts';

/**
 * A monthly price in any of the site's languages: "90 € al mes", "€90 a month", "90 €/mes",
 * "90 € mensuals", or the financing setting's placeholder. Amounts are read in euros.
 */
const MONTHLY_PRICE =
  /(?:€\s?(\d+(?:[.,]\d+)?)|(\d+(?:[.,]\d+)?)\s?€|(\{\{\s*financing\.monthlyInstalment\s*\}\}))\s*(?:\/\s*(?:mes|month)\b|al mes\b|a month\b|per month\b|each month\b|cada mes\b|mensuals?\b|mensuales?\b)/giu;
const EXAMPLE_BLOCK = /^\s*\{\{\s*financing-example\s*\}\}\s*$/m;

/** Each monthly price a text shows, with its 1-based line and column and the amount (undefined for the placeholder). */
export function monthlyPricesIn(text: string): { line: number; col: number; shown: string; amount?: number }[] {
  return [...text.matchAll(MONTHLY_PRICE)].map((match) => {
    const digits = match[1] ?? match[2];
    return {
      ...positionAt(text, match.index),
      shown: match[0],
      ...(digits ? { amount: Number(digits.replace(',', '.')) } : {}),
    };
  });
}

const LAW = 'consumer-credit advertising (Ley 16/2011, art. 9)';

/**
 * Every monthly price must come with the representative example of its credit: a page that
 * shows one writes `{{financing-example}}`, the product teasers show it under themselves, and
 * the figure must be the example's instalment, so the advertisement and the example agree.
 */
export function checkMonthlyPrices(
  pages: readonly SourceFile[],
  products: Collections['products'],
  productsFile: SourceFile | undefined,
  settings: Settings,
  errors: BuildError[],
): void {
  const financing = settings.financing;
  const agree = (file: string, where: { line: number; col: number }, shown: string, amount: number | undefined) => {
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
  for (const page of pages) {
    const prices = monthlyPricesIn(page.text);
    const [first] = prices;
    const file = `content/${page.path}`;
    const block = EXAMPLE_BLOCK.exec(page.text);
    if (block && !financing)
      errors.push(
        new BuildError(
          'MissingCreditExample',
          'asks for {{financing-example}} but content/site.yaml has no financing example',
          { file, ...positionAt(page.text, block.index + block[0].indexOf('{')) },
        ),
      );
    if (!first) continue;
    if (!EXAMPLE_BLOCK.test(page.text))
      errors.push(
        new BuildError(
          'MissingCreditExample',
          `shows a monthly price (${first.shown}) without the representative example that ${LAW} requires`,
          { file, line: first.line, col: first.col },
        ),
      );
    for (const price of prices) agree(file, price, price.shown, price.amount);
  }
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
