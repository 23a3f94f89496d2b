import { ROOT_NOT_FOUND } from '../hosts/rules.ts';
import type { VercelRoute } from '../hosts/vercel.ts';

/** A request as a route table sees it. */
export interface RouteRequest {
  /** The decoded path, starting with `/`. */
  readonly path: string;
  /** The query with its `?`, or empty. */
  readonly search: string;
  readonly cookies: Readonly<Record<string, string>>;
}

/** What a route table answers: headers for the response, and a redirect, a 404 page, or the file. */
export type RouteAnswer = { readonly headers: Readonly<Record<string, string>> } & (
  | { readonly kind: 'redirect'; readonly status: number; readonly location: string }
  | { readonly kind: 'not-found'; readonly page: string }
  | { readonly kind: 'file' }
);

/**
 * Evaluates the route table of `vercel.json` as Vercel documents it: routes in order; a
 * route with `continue` adds its headers and goes on; a route with a status answers (a
 * redirect keeps the query, as Vercel's do, and its Location takes the groups of `src` for
 * `$1`…`$9`); `{ handle: 'filesystem' }` serves the file when `exists(path)`, and the routes
 * after it run only for a missing one. `has` conditions match cookies. Used by `sitegen
 * preview` and the dev server, which serve a built folder the way its hosts would.
 */
export function routeRequest(
  routes: readonly VercelRoute[],
  request: RouteRequest,
  exists: (path: string) => boolean,
): RouteAnswer {
  const headers: Record<string, string> = {};
  let afterFilesystem = false;
  for (const route of routes) {
    if (route.handle === 'filesystem') {
      if (exists(request.path)) return { headers, kind: 'file' };
      afterFilesystem = true;
      continue;
    }
    const match = route.src === undefined ? null : compiled(route.src).exec(request.path);
    if (!match) continue;
    if (!(route.has ?? []).every((condition) => hasCookie(request, condition))) continue;
    const { Location: location, ...rest } = route.headers ?? {};
    Object.assign(headers, rest);
    if (route.continue) continue;
    if (location !== undefined && route.status !== undefined) {
      const target = location.replace(/\$(\d)/g, (_, group: string) => encodePath(match[Number(group)] ?? ''));
      return { headers, kind: 'redirect', status: route.status, location: target + request.search };
    }
    if (route.status === 404 && route.dest) return { headers, kind: 'not-found', page: route.dest };
  }
  return afterFilesystem ? { headers, kind: 'not-found', page: ROOT_NOT_FOUND } : { headers, kind: 'file' };
}

/** A decoded path written back as an address: each segment percent-encoded, its slashes kept. */
const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/** Whether the request has the cookie, its value matching the condition's, a regular expression as Vercel reads it. */
function hasCookie(request: RouteRequest, condition: NonNullable<VercelRoute['has']>[number]): boolean {
  const value = request.cookies[condition.key];
  return value !== undefined && compiled(condition.value).test(value);
}

const expressions = new Map<string, RegExp>();

/** Each route's expression compiled once, not on every request. */
function compiled(source: string): RegExp {
  let expression = expressions.get(source);
  if (!expression) expressions.set(source, (expression = new RegExp(source)));
  return expression;
}

/** The cookies of a `Cookie` header by name; a malformed value is skipped. */
export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at < 0) continue;
    const name = pair.slice(0, at).trim();
    try {
      cookies[name] ??= decodeURIComponent(pair.slice(at + 1).trim());
    } catch {
      // A value that is not valid percent-encoding is not a saved language.
    }
  }
  return cookies;
}
