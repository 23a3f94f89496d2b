/** Longest request path served; browsers and hosts refuse far shorter ones. */
const MAX_PATH = 2048;

/** A request's address, checked: the decoded path (always below the served folder) and the query. */
export interface RequestPath {
  readonly path: string;
  readonly search: string;
}

/**
 * Reads the path of a request target and refuses anything a site of files never needs:
 * malformed percent-encoding (`/ca/100%`), a NUL, a backslash, an encoded slash or
 * backslash (`%2f`, `%5c`), a `.` or `..` segment however it is written (`/%2e%2e/`), or a
 * path longer than MAX_PATH. Undefined for such a request, which gets a 400: what remains
 * can only name something inside the served folder.
 */
export function parseRequestPath(target: string | undefined): RequestPath | undefined {
  if (!target?.startsWith('/')) return undefined;
  const end = target.search(/[?#]/);
  const raw = end < 0 ? target : target.slice(0, end);
  const search = end < 0 || target[end] === '#' ? '' : target.slice(end).split('#')[0]!;
  if (raw.length > MAX_PATH || /%(2f|5c)/i.test(raw)) return undefined;
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  if (/[\0\\]/.test(path) || path.split('/').some((segment) => segment === '.' || segment === '..')) return undefined;
  return { path, search };
}
