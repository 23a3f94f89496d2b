import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { freePort, serverProcess } from './ports.ts';
import { apacheServerLines } from './readme.ts';

const APACHE = process.env.APACHE_PATH ?? '/usr/sbin/apache2';
const SERVER_ROOT = '/etc/apache2';

/**
 * Runs Apache in the foreground with Debian's own default configuration (its apache2.conf,
 * modules and conf-enabled files, mod_autoindex included) plus what the site's README asks
 * for: mod_rewrite and mod_headers, `AllowOverride All` for the site folder, which is served
 * from `distDir` with its generated `.htaccess`, and the README's lines for the site's server.
 * Listens on 127.0.0.1 only; stopped by pid.
 */
export async function startApache(distDir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const prefix = await mkdtemp(join(tmpdir(), 'sitegen-apache-'));
  await mkdir(join(prefix, 'logs'));
  const port = await freePort();
  // The worker user (www-data) must be able to read the site and reach it through its folders.
  await chmod(prefix, 0o755);
  for (let folder = distDir; folder !== dirname(folder); folder = dirname(folder)) {
    // The folders above this user's own (/tmp, /) belong to root and are readable already: EPERM there is expected.
    await chmod(folder, 0o755).catch(() => undefined);
  }
  const debian = await readFile(join(SERVER_ROOT, 'apache2.conf'), 'utf8');
  const modules = ['rewrite', 'headers']
    .filter((name) => !existsSync(join(SERVER_ROOT, `mods-enabled/${name}.load`)))
    .map((name) => `LoadModule ${name}_module /usr/lib/apache2/modules/mod_${name}.so`)
    .join('\n');
  const site = `<VirtualHost 127.0.0.1:${port}>
  DocumentRoot ${distDir}
  <Directory ${distDir}>
    AllowOverride All
    Require all granted
  </Directory>
${apacheServerLines()
  .map((line) => `  ${line}`)
  .join('\n')}
</VirtualHost>`;
  const config = debian
    .replace(/^Include ports\.conf$/m, `${modules}\nListen 127.0.0.1:${port}`)
    .replace(/^IncludeOptional sites-enabled\/\*\.conf$/m, site);
  if (config === debian) throw new Error('Debian apache2.conf has changed: ports.conf or sites-enabled not found');
  await writeFile(join(prefix, 'apache2.conf'), `${config}\nServerName 127.0.0.1\n`);
  const child = spawn(APACHE, ['-d', SERVER_ROOT, '-f', join(prefix, 'apache2.conf'), '-DFOREGROUND'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      APACHE_RUN_USER: 'www-data',
      APACHE_RUN_GROUP: 'www-data',
      APACHE_PID_FILE: join(prefix, 'apache2.pid'),
      APACHE_RUN_DIR: prefix,
      APACHE_LOCK_DIR: prefix,
      APACHE_LOG_DIR: join(prefix, 'logs'),
      LANG: 'C',
    },
  });
  return serverProcess(child, port, 'Apache', 'SIGTERM', prefix);
}
