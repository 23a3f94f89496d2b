import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, runCli } from '../helpers/cli.ts';

interface Report {
  results: {
    gate: string;
    checked: number;
    problems: { code: string; page?: string; file?: string; line?: number; message: string }[];
  }[];
}
let project: string;
beforeAll(async () => {
  project = await copyProject();
  // --strict: the real site builds without a single warning (a text missing in a language).
  const built = await runCli(['build', '--strict', '--quiet'], { cwd: project });
  expect(built.code, built.stderr).toBe(0);
});
afterAll(async () => {
  await rm(project, { recursive: true, force: true });
});
const report = async (file: string) => JSON.parse(await readFile(join(project, file), 'utf8')) as Report;
const problemsOf = (result: Report, gate: string) => result.results.find((entry) => entry.gate === gate)!.problems;

/**
 * Another server of this machine, recording what it is asked, named as any other host is
 * (`localhost`, not the served site's 127.0.0.1), so the pages under check treat it as external.
 */
async function serverElsewhere(status: (path: string) => number) {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    response.writeHead(status(request.url ?? '')).end();
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    requests,
    origin: `http://localhost:${(server.address() as AddressInfo).port}`,
    close: () => server.close(),
  };
}

/** A scratch built site with a ca/ folder and the root's redirect stub, which check refuses to go without. */
async function scratchSite(): Promise<string> {
  const dist = await mkdtemp(join(tmpdir(), 'sitegen-check-'));
  await mkdir(join(dist, 'ca'));
  await writeFile(
    join(dist, 'index.html'),
    '<!DOCTYPE html><html lang="ca"><head><title>Inici</title><meta name="robots" content="noindex"><meta http-equiv="refresh" content="0; url=/ca/"></head></html>',
  );
  return dist;
}

describe('check', () => {
  it('passes every gate on the real site, accessibility included (axe in Chromium on every page at both widths), with a summary table and a JSON report', async () => {
    const result = await runCli(['check', '--report', 'good.json'], { cwd: project, timeoutMs: 600_000 });
    // The gates' table, for whoever reads the log.
    console.log(result.stdout);
    expect(result.code, `${result.stdout}${result.stderr}`).toBe(0);
    expect(result.stdout).toMatch(/links\s+\d+ checked\s+0 problems/);
    expect(result.stdout).toMatch(/accessibility\s+\d+ checked\s+0 problems/);
    expect(result.stdout).toMatch(/home pages\s+[\d.]+ KB\s+[\d.]+ KB\s+[\d.]+ KB\s+[\d.]+ KB/);
    expect(result.stdout).toContain('Every gate passed.');
    // Not a terminal: the accessibility gate says each page as it finishes, with the time of day.
    const pages = [
      ...result.stdout.matchAll(/^\[\d\d:\d\d:\d\d\] accessibility: (\d+)\/(\d+) \/\S*\/ \(0 problems so far\)$/gm),
    ];
    expect(pages.length).toBeGreaterThan(100);
    expect(pages.map((match) => Number(match[1]))).toEqual(pages.map((_, index) => index + 1));
    const written = await report('good.json');
    expect(written.results.map((entry) => [entry.gate, entry.problems.length])).toEqual([
      ['links', 0],
      ['html', 0],
      ['seo', 0],
      ['spelling', 0],
      ['budgets', 0],
      ['accessibility', 0],
    ]);
  }, 600_000);

  // One check run for every kind of problem these gates find: each run reads and validates the whole site.
  it('fails on invalid HTML, a duplicate title, a sitemap that disagrees, a title over 60 characters, a description outside 70–160 and JSON-LD that schema.org does not define', async () => {
    const page = join(project, 'dist/es/about/index.html');
    const html = await readFile(page, 'utf8');
    const searchPage = join(project, 'dist/ca/about/index.html');
    const searchHtml = await readFile(searchPage, 'utf8');
    const business = JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'Optician',
      name: 'Test',
      department: { '@type': 'MedicalBusiness', name: 'Audiology', medicalSpecialty: 'Audiology' },
    });
    await writeFile(
      searchPage,
      searchHtml
        .replace(
          /<title>[^<]*<\/title>/,
          `<title>${'A title far longer than any search result would show '.repeat(2)}</title>`,
        )
        .replace(/<meta name="description" content="[^"]*"/, '<meta name="description" content="Too short."')
        .replace('</head>', `<script type="application/ld+json">${business}</script></head>`),
    );
    await writeFile(
      page,
      html
        .replace('</main>', '<span><div>mal</span></main>')
        .replace(
          /<title>[^<]*<\/title>/,
          (await readFile(join(project, 'dist/es/services/orto-k/index.html'), 'utf8')).match(
            /<title>[^<]*<\/title>/,
          )![0],
        ),
    );
    const sitemap = join(project, 'dist/sitemap.xml');
    const sitemapXml = await readFile(sitemap, 'utf8');
    await writeFile(
      sitemap,
      sitemapXml.replace(/<url><loc>https:\/\/www\.example\.com\/en\/about\/<\/loc>.*?<\/url>\n/, ''),
    );
    const result = await runCli(['check', '--skip', 'accessibility', '--report', 'bad.json'], {
      cwd: project,
      timeoutMs: 290_000,
    });
    expect(result.code).toBe(1);
    const written = await report('bad.json');
    const invalid = problemsOf(written, 'html').find((problem) => problem.page === '/es/about/');
    expect(invalid).toMatchObject({ code: 'InvalidHtml', file: 'es/about/index.html', line: 1 });
    const seo = problemsOf(written, 'seo').map((problem) => `${problem.page} ${problem.code} ${problem.message}`);
    expect(seo.some((line) => / SearchMismatch has the same title as /.test(line))).toBe(true);
    expect(seo).toContain('/en/about/ SearchMismatch is indexable but not in the sitemap');
    const search = problemsOf(written, 'seo')
      .filter((problem) => problem.page === '/ca/about/')
      .map((problem) => problem.message);
    expect(search).toContain('title is 106 characters; a search result shows 60');
    expect(search).toContain('description is 10 characters, not 70–160');
    expect(search).toContainEqual(
      expect.stringMatching(/^JSON-LD Optician: .*'"?medicalSpecialty"?' does not exist in type 'MedicalBusinessLeaf'/),
    );
    expect(search, search.join('\n')).toHaveLength(3);
    expect(result.stdout).toMatch(/html: \/es\/about\/ .*InvalidHtml — /);
    await writeFile(page, html);
    await writeFile(searchPage, searchHtml);
    await writeFile(sitemap, sitemapXml);
    // The new JSON-LD block is compiled against schema-dts afresh: seconds alone, a minute under
    // load; the whole check took 28 s alone and 175 s in a suite run beside another type-check.
  }, 300_000);

  it('names the page of each link the served site answers badly: a missing page, a redirect, a fragment on another page and on its own, and a redirect stub leading nowhere', async () => {
    const page = join(project, 'dist/es/about/index.html');
    const html = await readFile(page, 'utf8');
    const stub = join(project, 'dist/about/index.html');
    const stubHtml = await readFile(stub, 'utf8');
    // Only the HTML files change: the gate asks for them without their stale .br and .gz copies.
    await writeFile(
      page,
      html.replace(
        '</main>',
        '<a href="/es/no-existe/">roto</a><a href="/about/">vía redirección</a><a href="/es/#ninguna">fragmento</a><a href="#tampoco">aquí</a></main>',
      ),
    );
    await writeFile(
      stub,
      stubHtml.replaceAll('url=/ca/about/', 'url=/ca/enlloc/').replaceAll('href="/ca/about/"', 'href="/ca/enlloc/"'),
    );
    try {
      const result = await runCli(
        ['check', '--skip', 'accessibility,html,seo,spelling,budgets', '--report', 'links.json'],
        { cwd: project },
      );
      expect(result.code, result.stdout).toBe(1);
      const links = problemsOf(await report('links.json'), 'links').map(
        (problem) => `${problem.page} ${problem.file} ${problem.code} ${problem.message}`,
      );
      expect(links).toEqual([
        '/about/ about/index.html BrokenLink the link /ca/enlloc/ answers 404',
        '/es/about/ es/about/index.html BrokenLink the link #tampoco points at no element of this page',
        '/es/about/ es/about/index.html BrokenLink the link /about/ redirects (302 to /ca/about/), not to the page itself',
        '/es/about/ es/about/index.html BrokenLink the link /es/#ninguna points at no element of /es/',
        '/es/about/ es/about/index.html BrokenLink the link /es/no-existe/ answers 404',
      ]);
      expect(result.stdout).toContain('links: /es/about/ BrokenLink — the link /es/no-existe/ answers 404');
    } finally {
      await writeFile(page, html);
      await writeFile(stub, stubHtml);
    }
  });

  it('lists external links without fetching them, and fetches them with --external, naming the page of a broken one', async () => {
    const elsewhere = await serverElsewhere((path) => (path === '/fine' ? 200 : 404));
    const { requests, origin: outside } = elsewhere;
    const dist = await scratchSite();
    await writeFile(
      join(dist, 'ca/index.html'),
      `<!DOCTYPE html><html lang="ca"><head><title>Inici</title></head><body><main><a href="${outside}/fine">bé</a><a href="${outside}/missing">trencat</a></main></body></html>`,
    );
    const skip = ['--skip', 'accessibility,html,seo,spelling,budgets'];
    try {
      // A proxy that answers nothing, as on a CI machine whose proxy cannot reach its 127.0.0.1:
      // the served site is crawled without it.
      const deadProxy = 'http://127.0.0.1:9';
      const offline = await runCli(['check', '--dist', dist, ...skip, '--report', join(dist, 'offline.json')], {
        env: { http_proxy: deadProxy, https_proxy: deadProxy, HTTP_PROXY: deadProxy, HTTPS_PROXY: deadProxy },
      });
      expect(offline.code, offline.stdout).toBe(0);
      expect(requests).toEqual([]);
      const listed = JSON.parse(await readFile(join(dist, 'offline.json'), 'utf8')) as {
        results: { details: { external: string[]; externalFetched: boolean } }[];
      };
      expect(listed.results[0]!.details).toEqual({
        external: [`${outside}/fine`, `${outside}/missing`],
        externalFetched: false,
      });
      const online = await runCli([
        'check',
        '--dist',
        dist,
        ...skip,
        '--external',
        '--report',
        join(dist, 'online.json'),
      ]);
      expect(online.code, online.stdout).toBe(1);
      expect(online.stdout).toContain(`links: /ca/ BrokenLink — the link ${outside}/missing answers 404`);
      expect(requests).toContain('/missing');
      expect(requests).toContain('/fine');
    } finally {
      elsewhere.close();
      await rm(dist, { recursive: true, force: true });
    }
  });

  it("fails on a word no dictionary of the page's language knows, on American spelling and on a label not in sentence case, naming the page, the word and its source line; a page only Catalan has is spelled in Catalan in every language", async () => {
    const spanish = join(project, 'content/es/about.md');
    const english = join(project, 'content/en/about.md');
    const ui = join(project, 'content/en/ui.yaml');
    const services = join(project, 'content/collections/services.yaml');
    const catalanOnly = join(project, 'content/ca/services/vista-conduir.md');
    const [spanishText, englishText, uiText, servicesText] = (await Promise.all(
      [spanish, english, ui, services].map((file) => readFile(file, 'utf8')),
    )) as [string, string, string, string];
    await writeFile(spanish, `${spanishText}\nNos encanta la óptica y la optometira.\n`);
    // A service written only in Catalan: /es/ and /en/ show its Catalan page, and every page's
    // footer its Catalan name. Its one misspelling ("paciéncia") is the only Catalan problem.
    await writeFile(
      catalanOnly,
      [
        '---',
        'title: La vista i el permís de conduir',
        'label: Vista i permís de conduir',
        'description: Comprovem l’agudesa visual, el camp visual i la visió nocturna que demana el permís de conduir, i t’expliquem el resultat.',
        'template: service',
        '---',
        'Abans de renovar el permís de conduir, val la pena saber com veus de lluny, de nit i pels costats.',
        '',
        'Fem les proves amb calma i paciéncia, i t’expliquem cada resultat.',
        '',
      ].join('\n'),
    );
    await writeFile(
      services,
      `${servicesText}
- id: vista-conduir
  section: optical
  icon: eye
  link: /services/vista-conduir
  title:
    ca: Vista i permís de conduir
    es: Vista y permiso de conducir
    en: Eyesight and driving licence
  description:
    ca: Les proves de vista que demana el permís de conduir, fetes amb calma i explicades una a una.
    es: Las pruebas de vista que pide el permiso de conducir, hechas con calma y explicadas una a una.
    en: The eyesight tests a driving licence asks for, done calmly and explained one by one.
`,
    );
    // Both are in the British dictionary cspell ships by default, which allows -ize and lists "center" as a variant.
    await writeFile(english, `${englishText}\nEvery fitting is customized at the center.\n`);
    await writeFile(ui, uiText.replace(/^cookie\.save: .*$/m, 'cookie.save: Save Preferences'));
    try {
      expect((await runCli(['build', '--quiet'], { cwd: project })).code).toBe(0);
      const result = await runCli(
        ['check', '--skip', 'accessibility,links,html,seo,budgets', '--report', 'spelling.json'],
        {
          cwd: project,
        },
      );
      expect(result.code).toBe(1);
      const line = spanishText.split('\n').length + 1;
      const englishLine = englishText.split('\n').length + 1;
      const saveLine = uiText.split('\n').findIndex((text) => text.startsWith('cookie.save:')) + 1;
      const problems = problemsOf(await report('spelling.json'), 'spelling');
      expect(
        problems.map((problem) => [problem.code, problem.page, problem.file, problem.line, problem.message]),
      ).toEqual([
        [
          'Misspelling',
          '/ca/services/vista-conduir/',
          'content/ca/services/vista-conduir.md',
          9,
          '"paciéncia" is not in the ca dictionary nor in content/words.txt; on 3 pages',
        ],
        [
          'Misspelling',
          '/es/about/',
          'content/es/about.md',
          line,
          '"optometira" is not in the es dictionary nor in content/words.txt',
        ],
        [
          'Misspelling',
          '/en/about/',
          'content/en/about.md',
          englishLine,
          '"customized" is American spelling: British English writes "customised"',
        ],
        [
          'Misspelling',
          '/en/about/',
          'content/en/about.md',
          englishLine,
          '"center" is refused in en by content/words.txt: write "centre"',
        ],
        [
          'NotSentenceCase',
          undefined,
          'content/en/ui.yaml',
          saveLine,
          '"Save Preferences" is not in sentence case: "Preferences" is not a name (content/words.txt lists names) (cookie.save)',
        ],
      ]);
      expect(result.stdout).toContain(`spelling: /es/about/ (content/es/about.md:${line}) Misspelling`);
    } finally {
      await Promise.all([
        writeFile(spanish, spanishText),
        writeFile(english, englishText),
        writeFile(ui, uiText),
        writeFile(services, servicesText),
        rm(catalanOnly),
      ]);
      expect((await runCli(['build', '--quiet'], { cwd: project })).code).toBe(0);
    }
    // Two builds and a check: a minute and a half on a busy machine.
  }, 180_000);

  it('fails on an accessibility violation, naming the page and the width, and reaches nothing outside the site', async () => {
    // The page under check may not reach another server of this machine.
    const elsewhere = await serverElsewhere(() => 200);
    const { requests, origin: outside } = elsewhere;
    const dist = await scratchSite();
    await writeFile(join(dist, 'robots.txt'), 'Sitemap: https://site.test/sitemap.xml\n');
    await writeFile(join(dist, 'sitemap.xml'), '<urlset><url><loc>https://site.test/ca/</loc></url></urlset>');
    await writeFile(
      join(dist, 'ca/index.html'),
      `<!DOCTYPE html><html lang="ca"><head><title>Inici</title><link rel="canonical" href="https://site.test/ca/"><link rel="alternate" hreflang="ca" href="https://site.test/ca/"><link rel="alternate" hreflang="x-default" href="https://site.test/ca/"></head><body><main><h1>Hola</h1><button></button><img alt="" src="${outside}/pixel.png"></main></body></html>`,
    );
    const result = await runCli([
      'check',
      '--dist',
      dist,
      '--skip',
      'links,html',
      '--report',
      join(dist, 'report.json'),
    ]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/accessibility: \/ca\/ AccessibilityViolation — at 375 px: button-name/);
    expect(result.stdout).toMatch(/accessibility: \/ca\/ AccessibilityViolation — at 1280 px: button-name/);
    expect(requests).toEqual([]);
    elsewhere.close();
    await rm(dist, { recursive: true, force: true });
  });
});
