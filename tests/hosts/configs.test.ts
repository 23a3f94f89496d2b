import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { APACHE_SERVER_LINES } from '../../cli/hosts/apache.ts';
import { contentWithSettings } from '../helpers/fixture.ts';
import { apacheServerLines } from '../helpers/readme.ts';
import { buildInMemory, documentOf } from '../helpers/site.ts';

let site: Awaited<ReturnType<typeof buildInMemory>>;
const text = (files: Map<string, string | Buffer>, path: string) => String(files.get(path));
const netlify = (path: string) => text(site.hostFiles.netlify, path);
const cloudflare = (path: string) => text(site.hostFiles['cloudflare-pages'], path);
const nginx = () => text(site.hostFiles.nginx, 'nginx.conf');
const rulesOf = (file: string) => file.split('\n').filter((line) => line.startsWith('/'));
beforeAll(async () => {
  site = await buildInMemory();
});

describe('host configurations', () => {
  it('give every host the same redirects: fixed ones to their page, language ones by the saved language', () => {
    const languages = site.site.content.languages.map((language) => language.code);
    const fixed = site.site.redirects.filter((redirect) => redirect.kind === 'fixed');
    const byLanguage = site.site.redirects.filter((redirect) => redirect.kind === 'language');
    expect(fixed.length).toBeGreaterThan(5);
    expect(byLanguage.length).toBeGreaterThan(30);
    const htaccess = text(site.files, '.htaccess');
    const vercel = text(site.files, 'vercel.json');
    for (const redirect of fixed) {
      expect(rulesOf(netlify('_redirects')), redirect.from).toContain(`${redirect.from} ${redirect.to} 301!`);
      for (const from of [redirect.from, `${redirect.from}/`])
        expect(rulesOf(cloudflare('_redirects')), from).toContain(`${from} ${redirect.to} 301`);
      expect(nginx()).toContain(`location = ${redirect.from}/ {\n    return 301 ${redirect.to}$is_args$args;`);
      expect(htaccess).toContain(`" "${redirect.to}" [R=301,L]`);
      expect(vercel).toContain(`"Location": "${redirect.to}"`);
    }
    for (const redirect of byLanguage) {
      for (const language of languages.slice(1)) {
        const to = redirect.to.replace('/ca/', `/${language}/`);
        expect(rulesOf(netlify('_redirects'))).toContain(
          `${redirect.from} ${to} 302! Cookie=nf_lang Language=${language}`,
        );
      }
      expect(rulesOf(netlify('_redirects'))).toContain(`${redirect.from} ${redirect.to} 302!`);
      expect(nginx()).toContain(`return 302 ${redirect.to.replace('/ca/', '/$sitegen_language/')}$is_args$args;`);
      // Cloudflare cannot choose by cookie: its visitors get the redirect page.
      const spellings = [`${redirect.from} `, `${redirect.from}/ `];
      expect(
        rulesOf(cloudflare('_redirects')).filter((line) => spellings.some((start) => line.startsWith(start))),
      ).toEqual([]);
    }
  });

  it("give Netlify's redirects by language Vary: Cookie, one rule for both spellings (netlify dev sends none on a redirect)", () => {
    const rules = netlify('_headers').split(/\n(?=\/)/);
    for (const redirect of site.site.redirects) {
      const rule = rules.find((block) => block.startsWith(`${redirect.from}\n`)) ?? '';
      expect(rule.includes('\n  Vary: Cookie'), redirect.from).toBe(redirect.kind === 'language');
    }
    expect(cloudflare('_headers')).not.toContain('Vary');
  });

  it('tell an Apache host, in .htaccess, the server lines README.md gives and the Apache test serves with', () => {
    expect(apacheServerLines()).toEqual(APACHE_SERVER_LINES);
    for (const line of APACHE_SERVER_LINES) expect(text(site.files, '.htaccess')).toContain(`\n#   ${line}\n`);
  });

  it("give Cloudflare's own slash redirects (/about to /about/) the pages' Cache-Control, which its _headers apply to them", () => {
    const rules = cloudflare('_headers').split(/\n(?=\/)/);
    const folders = [...site.files.keys()]
      .filter((path) => /^[^/]+\/index\.html$/.test(path))
      .map((path) => path.split('/')[0]!);
    expect(folders).toEqual(expect.arrayContaining(['about', 'services', 'ca', 'en']));
    for (const folder of folders)
      expect(rules, folder).toContain(`/${folder}\n  Cache-Control: public, max-age=0, must-revalidate`);
  });

  it('write only lines Cloudflare Pages accepts, and none it would skip', () => {
    // Redirects, and rewrites (200) of each language's 404 page at its own address to a path below it that is missing.
    for (const line of rulesOf(cloudflare('_redirects')))
      expect(line).toMatch(/^\/\S* \/\S* 30[12]$|^(\/[a-z]{2}\/404)\/? \1\/[a-z]+ 200$/);
    for (const rewrite of rulesOf(cloudflare('_redirects')).filter((line) => line.endsWith(' 200')))
      expect(site.files.has(`${rewrite.split(' ')[1]!.slice(1)}`), rewrite).toBe(false);
  });

  it('allow by hash exactly the inline scripts the pages run, and no inline script at all otherwise', () => {
    const csp = netlify('_headers').match(/Content-Security-Policy: (.*)/)![1]!;
    const scriptSources = csp
      .split('; ')
      .find((directive) => directive.startsWith('script-src'))!
      .split(' ')
      .slice(1);
    const inline = new Set<string>();
    for (const output of site.outputs.filter((candidate) => candidate.path.endsWith('.html'))) {
      for (const script of documentOf(site.files, output.path).querySelectorAll('script:not([src])')) {
        const type = script.getAttribute('type');
        if (type === null || type === 'speculationrules')
          inline.add(
            `'sha256-${createHash('sha256')
              .update(script.textContent ?? '')
              .digest('base64')}'`,
          );
      }
    }
    expect(scriptSources.filter((source) => source.startsWith("'sha256-")).sort()).toEqual([...inline].sort());
    expect(scriptSources).not.toContain("'unsafe-inline'");
    expect(csp).toContain('frame-src https://maps.example.com;');
    expect(csp).not.toContain('googletagmanager');
    for (const config of [
      cloudflare('_headers'),
      text(site.files, 'vercel.json'),
      nginx(),
      text(site.files, '.htaccess'),
    ])
      expect(config).toContain(csp.replace(/"/g, '\\"').slice(0, 40));
  });

  it('give every folder the 404 page of its language', () => {
    for (const locale of ['ca', 'es', 'en']) {
      expect(text(site.files, `${locale}/404.html`)).toBe(text(site.files, `${locale}/404/index.html`));
      expect(netlify('_redirects')).toContain(`/${locale}/* /${locale}/404.html 404`);
      expect(nginx()).toContain(`  ~^/${locale}/ /${locale}/404.html;`);
    }
    expect(nginx()).toContain('error_page 403 404 =404 $sitegen_not_found;');
    expect(text(site.files, '.htaccess')).toContain(
      '<If "%{REQUEST_URI} =~ m#^/ca/#">\n  ErrorDocument 404 /ca/404.html',
    );
  });

  it('have nginx and Apache send the .br and .gz copies only in a coding the browser accepts', () => {
    expect(nginx()).toMatch(/^ {2}brotli_static on;\n {2}gzip_static on;$/m);
    const htaccess = text(site.files, '.htaccess');
    for (const token of ['br', 'gzip'])
      expect(htaccess).toContain(
        `RewriteCond %{HTTP:Accept-Encoding} "!(?:^|,)\\s*${token}\\s*;\\s*q=0(?:\\.0{0,3})?\\s*(?:,|$)" [NC]`,
      );
  });

  it('upload to Netlify and Cloudflare Pages the site without precompressed copies or other hosts’ files', () => {
    const site_ = [...site.files.keys()].filter(
      (path) => !/\.(?:br|gz)$/.test(path) && !['.htaccess', 'vercel.json'].includes(path),
    );
    expect([...site.files.keys()].some((path) => path.endsWith('.br'))).toBe(true);
    for (const folder of [site.hostFiles.netlify, site.hostFiles['cloudflare-pages']])
      expect([...folder.keys()].sort()).toEqual([...site_, '_headers', '_redirects'].sort());
    expect([...site.hostFiles.nginx.keys()]).toEqual(['nginx.conf']);
  });
});

/** Whether a line of nginx's configuration is the server's `listen` or `root`. */
const isWhereLine = (line: string) => /^ {2}(?:listen|root) /.test(line);
const whereLinesOf = (file: string) => file.split('\n').filter(isWhereLine);

const nginxServerContent = await contentWithSettings([
  [/^hosts: .*$/m, '$&\nnginx:\n  listen: 127.0.0.1:8080\n  root: /srv/optica-poblenou/dist\n'],
]);

describe('the nginx server', () => {
  let configured: string;
  beforeAll(async () => {
    configured = text((await buildInMemory(nginxServerContent)).hostFiles.nginx, 'nginx.conf');
  });

  it('listens on port 80 and serves /var/www/site/dist when site.yaml says nothing', () => {
    expect(whereLinesOf(nginx())).toEqual(['  listen 80;', '  root /var/www/site/dist;']);
  });

  it('listens on the address and serves the folder nginx: in site.yaml sets, and changes nothing else', () => {
    expect(whereLinesOf(configured)).toEqual(['  listen 127.0.0.1:8080;', '  root /srv/optica-poblenou/dist;']);
    const others = (file: string) => file.split('\n').filter((line) => !isWhereLine(line));
    expect(others(configured)).toEqual(others(nginx()));
  });
});
