import { cookieReadBy } from '../../widgets/registry.ts';
import { headersFile } from './headers-file.ts';
import { HOST_FILES, notFoundPageOf, ROOT_NOT_FOUND, targetIn, type HostTable } from './rules.ts';

/** Every spelling of a language's code but its own (`EN`, `En`, `eN` for `en`). */
function otherCasesOf(code: string): string[] {
  const spellings = [...code].reduce<string[]>(
    (made, letter) => made.flatMap((start) => [start + letter.toLowerCase(), start + letter.toUpperCase()]),
    [''],
  );
  return spellings.filter((spelling) => spelling !== code);
}

/**
 * Netlify's `_redirects`. Every rule is forced (`!`): Netlify otherwise serves the redirect
 * page at the same address and never redirects. A language redirect is one rule per
 * language, conditioned on the `nf_lang` cookie (Netlify's `Language` condition reads it, and
 * the `Cookie` condition keeps the browser's Accept-Language out), then the default language.
 * Netlify matches an address with and without its trailing slash (`/EN/*` takes `/EN` too), and
 * keeps the query.
 */
export function netlifyRedirectsFile(table: HostTable, generated: string): string {
  const [fallback, ...others] = table.languages;
  const cookie = cookieReadBy('netlify');
  const rules = table.redirects.flatMap((redirect) =>
    redirect.kind === 'language'
      ? [
          ...others.map(
            (language) =>
              `${redirect.from} ${targetIn(redirect, language, table.languages)} ${redirect.status}! Cookie=${cookie} Language=${language}`,
          ),
          `${redirect.from} ${targetIn(redirect, fallback!, table.languages)} ${redirect.status}!`,
        ]
      : [`${redirect.from} ${redirect.to} ${redirect.status}!`],
  );
  // Netlify matches a rule's path in the case it is written: /en/ is never taken for /EN/.
  const otherCases = table.languages.flatMap((language) =>
    otherCasesOf(language).map((written) => `/${written}/* /${language}/:splat 301!`),
  );
  return [
    generated,
    ...rules,
    '',
    "# A language's code in other letters (/EN/about/) is that language.",
    ...otherCases,
    '',
    "# Configuration files are not pages, nor is each language's 404 page asked for as a page.",
    ...HOST_FILES.map((file) => `/${file} ${ROOT_NOT_FOUND} 404!`),
    ...table.notFoundPages.map(({ language, url }) => `${url.slice(0, -1)} ${notFoundPageOf(language)} 404!`),
    '',
    '# The 404 page of each language.',
    ...table.languages.map((language) => `/${language}/* ${notFoundPageOf(language)} 404`),
    '',
  ].join('\n');
}

/**
 * Netlify's `_headers`: those of every host (headersFile), and `Vary: Cookie` on the addresses
 * it redirects by the saved language, so that caches on the way keep one answer per cookie.
 * Netlify matches a rule's path with and without its slash, so one rule covers both spellings.
 */
export function netlifyHeadersFile(table: HostTable, generated: string): string {
  const vary = [['Vary', 'Cookie'] as const];
  const byCookie = table.redirects.filter((redirect) => redirect.kind === 'language');
  return headersFile(table, generated, new Map(byCookie.map((redirect) => [redirect.from, vary])));
}
