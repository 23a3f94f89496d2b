import * as z from 'zod';

/** Where the generated nginx configuration listens, and the folder it serves, when site.yaml says nothing. */
export const NGINX_SERVER_DEFAULTS = { listen: 80, root: '/var/www/site/dist' } as const;

const LISTEN_MESSAGE = 'must be a port from 1 to 65535, or an address and a port such as 127.0.0.1:8080';

/** 1 to 65535, as a pattern: JSON Schema checks a port written as a string with it. */
const PORT = '(?:[1-9]\\d{0,3}|[1-5]\\d{4}|6[0-4]\\d{3}|65[0-4]\\d{2}|655[0-2]\\d|6553[0-5])';
/** A host name or IPv4 address, `*` (every address), or an IPv6 address in brackets. */
const ADDRESS =
  '(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\\*|\\[[0-9A-Fa-f:.]+\\])';

// A port, or an address and a port, and nothing after them: a parameter of nginx's `listen`
// (ssl, http2, default_server) changes how the server answers, which the host tests never prove.
// Each member carries the message: zod reports the member whose type the value has.
const listenSchema = z
  .union(
    [
      z.number(LISTEN_MESSAGE).int(LISTEN_MESSAGE).min(1, LISTEN_MESSAGE).max(65535, LISTEN_MESSAGE),
      z.string().regex(new RegExp(`^(?:${ADDRESS}:)?${PORT}$`), LISTEN_MESSAGE),
    ],
    { error: LISTEN_MESSAGE },
  )
  .default(NGINX_SERVER_DEFAULTS.listen)
  .meta({
    description: `What nginx's server listens on: a port from 1 to 65535, or an address and a port (127.0.0.1:8080, [::1]:8080). Left out, ${NGINX_SERVER_DEFAULTS.listen}.`,
    examples: [8080, '127.0.0.1:8080'],
  });

// Every character that would end the directive, start a comment or a variable, or quote or
// escape the rest is refused: the path is written into the configuration as it is.
const rootSchema = z
  .string()
  .regex(
    /^(?:\/[^\s"'`;{}$#\\/]+)+\/?$/,
    'must be the absolute path of a folder below /, such as /srv/site/dist, without spaces, quotes, semicolons, braces, $, # or backslashes',
  )
  .default(NGINX_SERVER_DEFAULTS.root)
  .meta({
    description: `The folder on the server that holds the uploaded dist/, as an absolute path below / (/srv/site/dist), without spaces, quotes, semicolons, braces, $, # or backslashes. Left out, ${NGINX_SERVER_DEFAULTS.root}.`,
    examples: ['/srv/optica/dist'],
  });

/** The two server lines of the generated nginx configuration that depend on the server it runs on. */
export const nginxServerSchema = z
  .object({ listen: listenSchema, root: rootSchema })
  .strict()
  .prefault({})
  .meta({
    description: `Where nginx serves the site (dist-hosts/nginx/nginx.conf): the port or address it listens on and the folder it serves. Left out, port ${NGINX_SERVER_DEFAULTS.listen} and ${NGINX_SERVER_DEFAULTS.root}.`,
    examples: [{ listen: 8080, root: '/srv/optica/dist' }],
  });
