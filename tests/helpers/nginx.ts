import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverProcess } from './ports.ts';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
/**
 * The Brotli module the generated configuration's `brotli_static` needs, where Debian's
 * libnginx-mod-http-brotli-static puts it. Loaded by its full path: the line Debian enables in
 * /etc/nginx/modules-enabled/ names it relative to nginx's prefix, which `-p` moves here.
 */
const BROTLI_MODULE = process.env.NGINX_BROTLI_MODULE ?? '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/**
 * Runs nginx in the foreground with the configuration the build generated (`confFile`), as it
 * is: its `listen` and `root` come from the site's settings (`nginx` in content/site.yaml),
 * which must listen on 127.0.0.1 only. Loads the Brotli module as a Debian install loads it.
 * Returns its address and a stop function (by pid).
 */
export async function startNginx(confFile: string): Promise<{ url: string; stop: () => Promise<void> }> {
  if (!existsSync(BROTLI_MODULE))
    throw new Error(`${BROTLI_MODULE} is missing: apt-get install libnginx-mod-http-brotli-static (.ci/run does)`);
  const server = await readFile(confFile, 'utf8');
  const listen = /^ {2}listen 127\.0\.0\.1:(\d+);$/m.exec(server);
  if (!listen) throw new Error(`${confFile} does not listen on 127.0.0.1: set nginx.listen in content/site.yaml`);
  const prefix = await mkdtemp(join(tmpdir(), 'sitegen-nginx-'));
  await mkdir(join(prefix, 'logs'));
  // As root, nginx would run its workers as nobody, who cannot enter the private temporary folders.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  await writeFile(
    join(prefix, 'nginx.conf'),
    `${user}load_module ${BROTLI_MODULE};
worker_processes 1;
error_log ${prefix}/logs/error.log warn;
pid ${prefix}/nginx.pid;
events { worker_connections 64; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
${server}
}
`,
  );
  const child = spawn(NGINX, ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return serverProcess(child, Number(listen[1]), 'nginx', 'SIGQUIT', prefix);
}
