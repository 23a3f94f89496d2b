import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildInMemory, documentOf } from '../helpers/site.ts';

let site: Awaited<ReturnType<typeof buildInMemory>>;
const file = (path: string) => String(site.files.get(path));
beforeAll(async () => {
  site = await buildInMemory();
});

/** Each host's redirects as `from → to status`, sorted. */
const parsers: Record<string, () => string[]> = {
  _redirects: () =>
    file('_redirects')
      .split('\n')
      .filter((line) => /^\/\S* \S+ 30[12]$/.test(line))
      .map((line) => line.replace(/^(\S+) (\S+) (\d+)$/, '$1 → $2 $3')),
  'vercel.json': () =>
    (
      JSON.parse(file('vercel.json')) as { redirects: { source: string; destination: string; statusCode: number }[] }
    ).redirects.map((rule) => `${rule.source} → ${rule.destination} ${rule.statusCode}`),
  'nginx.conf': () =>
    [...file('nginx.conf').matchAll(/location = (\S+) \{\n\s+return (\d+) (\S+);/g)].map(
      ([, from, status, to]) => `${from} → ${to} ${status}`,
    ),
  '.htaccess': () =>
    [...file('.htaccess').matchAll(/^RedirectMatch (\d+) \^(\S+)\$ (\S+)$/gm)].map(
      ([, status, from, to]) => `${from!.replace(/\\(.)/g, '$1')} → ${to} ${status}`,
    ),
};

describe('host configurations', () => {
  it('hold the same redirect set on every host: the table of the build, both slash variants, 301 written out', () => {
    const expected = site.site.redirects
      .flatMap((redirect) =>
        (redirect.from === '/' ? ['/'] : [redirect.from, `${redirect.from}/`]).map(
          (from) => `${from} → ${redirect.to} ${redirect.status}`,
        ),
      )
      .sort();
    expect(expected).toHaveLength(87);
    for (const [host, parse] of Object.entries(parsers)) expect(parse().sort(), host).toEqual(expected);
  });

  it('allow by hash exactly the inline scripts the pages run, and no inline script at all otherwise', () => {
    const csp = file('_headers').match(/Content-Security-Policy: (.*)/)![1]!;
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
  });

  it('give every folder the 404 page of its language', () => {
    for (const locale of ['ca', 'es', 'en']) expect(file(`${locale}/404.html`)).toBe(file(`${locale}/404/index.html`));
    expect(file('_redirects')).toContain('/es/* /es/404.html 404');
    expect(file('nginx.conf')).toContain('error_page 404 /en/404.html;');
    expect(file('.htaccess')).toContain('<If "%{REQUEST_URI} =~ m#^/ca/#">\n  ErrorDocument 404 /ca/404.html');
  });
});
