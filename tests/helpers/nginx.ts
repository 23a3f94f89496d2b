import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

async function freePort(): Promise<number> {
  return new Promise((found) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => found(port));
    });
  });
}

/**
 * Runs nginx in the foreground with the server block the build generated, its root pointed at
 * `distDir`, listening on 127.0.0.1 only. Returns its address and a stop function (by pid).
 */
export async function startNginx(distDir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const prefix = await mkdtemp(join(tmpdir(), 'sitegen-nginx-'));
  await mkdir(join(prefix, 'logs'));
  const port = await freePort();
  const server = (await readFile(join(distDir, 'nginx.conf'), 'utf8'))
    .replace(/^ {2}root .*;$/m, `  root ${distDir};`)
    .replace(/^ {2}listen 80;$/m, `  listen 127.0.0.1:${port};`);
  // As root, nginx would run its workers as nobody, who cannot enter the private temporary folders.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  await writeFile(
    join(prefix, 'nginx.conf'),
    `${user}worker_processes 1;
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
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
    try {
      await fetch(url, { redirect: 'manual' });
      break;
    } catch {
      if (attempt > 100) throw new Error(`nginx did not start: ${stderr}`);
      await new Promise((wait) => setTimeout(wait, 50));
    }
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        process.kill(child.pid!, 'SIGQUIT');
        await new Promise((exited) => child.once('exit', exited));
      }
    },
  };
}
