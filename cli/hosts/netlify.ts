import { LANGUAGE_COOKIES } from '../../widgets/shared/saved-language.ts';
import { headersFile } from './headers-file.ts';
import { HOST_FILES, notFoundPageOf, ROOT_NOT_FOUND, targetIn, type HostTable } from './rules.ts';

/**
 * Netlify's `_redirects`. Every rule is forced (`!`): Netlify otherwise serves the redirect
 * page at the same address and never redirects. A language redirect is one rule per
 * language, conditioned on the `nf_lang` cookie (Netlify's `Language` condition reads it, and
 * the `Cookie` condition keeps the browser's Accept-Language out), then the default language.
 * Netlify matches an address with and without its trailing slash, and keeps the query.
 */
export function netlifyRedirectsFile(table: HostTable, generated: string): string {
  const [fallback, ...others] = table.languages;
  const cookie = LANGUAGE_COOKIES[1];
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
  return [
    generated,
    ...rules,
    '',
    '# Configuration files are not pages.',
    ...HOST_FILES.map((file) => `/${file} ${ROOT_NOT_FOUND} 404!`),
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
