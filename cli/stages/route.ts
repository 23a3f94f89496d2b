import { BuildError, throwIfAny } from '../errors.ts';
import { MODELS_PATH, pageUrl, withTrailingSlash } from '../lib/url.ts';
import type { Content, Locale, PageEntry, Redirect, Route } from '../types.ts';

/** Every page in every language, and every redirect; pure. Throws on clashing addresses. */
export function buildRoutes(content: Content): { routes: Route[]; redirects: Redirect[] } {
  const errors: BuildError[] = [];
  const routes = [...pageRoutes(content), ...modelRoutes(content)];
  const byUrl = new Map<string, Route>();
  for (const route of routes) {
    const other = byUrl.get(route.url);
    if (other)
      errors.push(
        new BuildError('DuplicateRoute', `${route.url} is produced twice (${describe(other)} and ${describe(route)})`, {
          file: route.entry?.file,
        }),
      );
    byUrl.set(route.url, route);
  }
  const redirects = buildRedirects(content, routes, errors);
  throwIfAny(errors);
  return { routes: [...routes].sort((a, b) => a.url.localeCompare(b.url)), redirects };
}

function describe(route: Route): string {
  return route.entry ? route.entry.file : `model "${route.model?.id}"`;
}

function alternatesOf(languages: readonly Locale[], id: string): Record<Locale, string> {
  return Object.fromEntries(languages.map((locale) => [locale, pageUrl(locale, id)]));
}

/** The language codes in the site's order; the first is the default. */
const codesOf = (content: Content) => content.languages.map((language) => language.code);

function pageRoutes(content: Content): Route[] {
  const codes = codesOf(content);
  const byKey = new Map(content.pages.map((page) => [`${page.locale}/${page.id}`, page]));
  const originals = content.pages.filter((page) => page.locale === codes[0]);
  return originals.flatMap((original) =>
    codes.map((locale): Route => {
      const entry: PageEntry = byKey.get(`${locale}/${original.id}`) ?? original;
      return {
        url: pageUrl(locale, original.id),
        locale,
        id: original.id,
        template: entry.template,
        entry,
        // A missing page has no other language: a 404 page's switcher leads to each home page.
        alternates: alternatesOf(codes, entry.template === 'not-found' ? '' : original.id),
        isFallback: entry.locale !== locale,
        isIndexable: entry.template !== 'not-found',
      };
    }),
  );
}

function modelRoutes(content: Content): Route[] {
  const codes = codesOf(content);
  return content.collections.models.flatMap((model) =>
    codes.map((locale): Route => {
      const id = `${MODELS_PATH}/${model.id}`;
      return {
        url: pageUrl(locale, id),
        locale,
        id,
        template: 'model',
        model,
        alternates: alternatesOf(codes, id),
        isFallback: false,
        isIndexable: true,
      };
    }),
  );
}

/**
 * The redirect table (docs/behaviour.md#redirects): the root, the legacy rules of content/redirects.yaml,
 * and every page's unprefixed path. Targets must be pages; sources must not be.
 */
function buildRedirects(content: Content, routes: readonly Route[], errors: BuildError[]): Redirect[] {
  const file = 'content/redirects.yaml';
  const pageUrls = new Set(routes.map((route) => route.url));
  const [fallback = ''] = codesOf(content);
  const redirects: Redirect[] = [{ from: '/', to: pageUrl(fallback, ''), kind: 'language', status: 302 }];
  for (const rule of content.redirectRules) {
    const to = withTrailingSlash(rule.to);
    if (!pageUrls.has(to))
      errors.push(
        new BuildError('InvalidRedirect', `the redirect from ${rule.from} leads to ${rule.to}, which is not a page`, {
          file,
        }),
      );
    redirects.push({ from: stripSlash(rule.from), to, kind: 'fixed', status: 301 });
  }
  // Only sections the old site had: a page added since was never reachable without a language.
  const sections = new Set(content.unprefixedSections);
  const unprefixed = routes.filter(
    (route) => route.locale === fallback && sections.has(route.id.split('/')[0]!) && route.isIndexable,
  );
  for (const route of unprefixed)
    redirects.push({ from: `/${route.id}`, to: route.url, kind: 'language', status: 302 });

  const seen = new Set<string>();
  for (const redirect of redirects) {
    if (seen.has(redirect.from))
      errors.push(new BuildError('InvalidRedirect', `${redirect.from} is redirected twice`, { file }));
    if (redirect.from !== '/' && pageUrls.has(`${redirect.from}/`))
      errors.push(
        new BuildError('InvalidRedirect', `${redirect.from} is a page and cannot also be redirected`, { file }),
      );
    seen.add(redirect.from);
  }
  return redirects.sort((a, b) => a.from.localeCompare(b.from));
}

function stripSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}
