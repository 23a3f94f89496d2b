import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWithReport, copyProject, runCli } from '../helpers/cli.ts';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** Every element of a document, parsed as a browser parses it (parse5 follows the HTML standard's algorithm). */
function elementsOf(html: string): Element[] {
  const found: Element[] = [];
  const walk = (node: Node) => {
    if ('tagName' in node) found.push(node);
    const children = 'childNodes' in node ? node.childNodes : [];
    for (const child of children) walk(child);
    if ('content' in node && node.content) walk(node.content);
  };
  walk(parse(html));
  return found;
}
const textOf = (node: Node): string =>
  'value' in node && node.nodeName === '#text'
    ? node.value
    : 'childNodes' in node
      ? node.childNodes.map(textOf).join('')
      : '';
const attribute = (element: Element, name: string) => element.attrs.find((attr) => attr.name === name)?.value;

const LONG_WORD = 'Poblenou'.repeat(1250);
const RTL = '\u202Egnp.exe';
const ZERO_WIDTH = 'Op\u200Btica\uFEFF';
const ATTACK = '</script><script>alert(1)</script><!--';
const MARKDOWN = [
  '<script>alert("body")</script>',
  '<img src="/images/illustrations/about.svg" alt="" onerror="alert(1)">',
  '<a href="javascript:alert(1)">a javascript link in HTML</a>',
  '[a javascript link](javascript:alert(1)) and [another](JaVaScRiPt:alert(1)) and [a data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '<div onclick="alert(1)" style="position:fixed">a div with a handler</div>',
  '<iframe src="https://evil.example/"></iframe><object data="x"></object><form action="https://evil.example/"><button formaction="javascript:alert(1)">go</button></form>',
  `${RTL} and ${ZERO_WIDTH}: hidden characters`,
  LONG_WORD,
].join('\n\n');

let project: string;
const pages = new Map<string, string>();
let build: Awaited<ReturnType<typeof buildWithReport>>;

beforeAll(async () => {
  project = await copyProject();
  const edit = async (file: string, change: (text: string) => string) => {
    const path = join(project, file);
    const text = await readFile(path, 'utf8');
    const next = change(text);
    if (next === text) throw new Error(`the edit of ${file} changed nothing`);
    await writeFile(path, next);
  };
  await edit('content/en/about.md', (text) =>
    text
      .replace(/^title: .*$/m, `title: ${JSON.stringify(`About </title><script>alert(1)</script>`)}`)
      .replace(
        /^description: .*$/m,
        `description: ${JSON.stringify(`"><img src=x onerror=alert(1)> ${ATTACK} ${RTL} a description long enough`)}`,
      )
      .replace(/\n---\n/, `\n---\n${MARKDOWN}\n\n`),
  );
  await edit('content/collections/reviews.yaml', (text) =>
    text
      .replace('name: Marta G.', `name: ${JSON.stringify(`<b>Marta</b> ${ATTACK} ${RTL}`)}`)
      .replace(/^ {2}text: "Vaig venir.*$/m, `  text: ${JSON.stringify(`${ATTACK} ${ZERO_WIDTH} ${LONG_WORD}`)}`),
  );
  await edit('content/site.yaml', (text) =>
    text.replace(
      'accountName: !example Òptica Poblenou',
      `accountName: !example ${JSON.stringify(`Òptica ${ATTACK} & "quotes" 'apostrophes' ${RTL}`)}`,
    ),
  );
  build = await buildWithReport([], { cwd: project });
  if (build.code === 0) {
    const dist = join(project, 'dist');
    for (const file of (await readdir(dist, { recursive: true })).map(String).filter((file) => file.endsWith('.html')))
      pages.set(file, await readFile(join(dist, file), 'utf8'));
  }
}, 120_000);
afterAll(async () => {
  await rm(project, { recursive: true, force: true });
});

describe('hostile content', () => {
  it('builds, and the output is parsed as a browser would parse it', () => {
    expect(build.code, build.stderr).toBe(0);
    expect(pages.get('en/about/index.html')).toBeDefined();
  });

  it('runs no script but the site’s own: same-origin files, its inline scripts and JSON-LD data', () => {
    for (const [file, html] of pages) {
      for (const script of elementsOf(html).filter((element) => element.tagName === 'script')) {
        const src = attribute(script, 'src');
        const type = attribute(script, 'type');
        const text = textOf(script);
        if (src !== undefined) expect(src, file).toMatch(/^\/(?!\/)/);
        else if (type === 'application/ld+json') expect(() => JSON.parse(text) as unknown, file).not.toThrow();
        else if (type !== 'speculationrules')
          expect(text, `${file}: an inline script that content put there`).not.toMatch(/alert|<\/?script/i);
      }
      expect(html, file).not.toMatch(/<script>alert/i);
    }
  });

  it('keeps no event handler attribute, and no javascript: or data: address, on any element', () => {
    for (const [file, html] of pages) {
      for (const element of elementsOf(html)) {
        for (const { name, value } of element.attrs) {
          expect(name, `${file}: <${element.tagName} ${name}>`).not.toMatch(/^on/i);
          if (['href', 'src', 'action', 'formaction', 'data', 'poster', 'srcset'].includes(name)) {
            // Browsers drop tabs, line breaks and leading spaces before the scheme.
            expect(
              // eslint-disable-next-line no-control-regex -- the control characters are what browsers drop
              value.replace(/[\s\u0000-\u001f]/g, ''),
              `${file}: <${element.tagName} ${name}="${value}">`,
            ).not.toMatch(/^(javascript|data|vbscript):/i);
          }
        }
      }
    }
  });

  it('drops the elements markdown must not bring in: iframes, objects, forms, inline styles', () => {
    const about = elementsOf(pages.get('en/about/index.html')!);
    const prose = about.find((element) => attribute(element, 'class')?.split(' ').includes('prose'))!;
    const inProse = about.filter((element) => isInside(element, prose));
    expect(inProse.map((element) => element.tagName)).not.toContain('iframe');
    expect(inProse.map((element) => element.tagName)).not.toContain('object');
    expect(inProse.map((element) => element.tagName)).not.toContain('form');
    expect(inProse.some((element) => attribute(element, 'style') !== undefined)).toBe(false);
    // Raw HTML is dropped whole, markdown's own text around it stays.
    expect(textOf(prose)).not.toContain('a div with a handler');
    expect(textOf(prose)).toContain('a javascript link');
  });

  it('shows front matter, YAML and settings text as text, with its markup escaped', () => {
    const about = pages.get('en/about/index.html')!;
    const title = elementsOf(about).find((element) => element.tagName === 'title')!;
    expect(textOf(title)).toContain('About </title><script>alert(1)</script>');
    const description = elementsOf(about).find(
      (element) => element.tagName === 'meta' && attribute(element, 'name') === 'description',
    )!;
    expect(attribute(description, 'content')).toContain('"><img src=x onerror=alert(1)>');
    const home = pages.get('ca/index.html')!;
    expect(textOf(elementsOf(home).find((element) => element.tagName === 'body')!)).toContain(
      '<b>Marta</b> </script><script>alert(1)</script><!--',
    );
    // Island props are JSON in an attribute: the attribute value is the JSON, intact.
    const chat = elementsOf(home).find((element) => attribute(element, 'data-island') === 'chat-button')!;
    expect((JSON.parse(attribute(chat, 'data-props')!) as { accountName: string }).accountName).toBe(
      'Òptica </script><script>alert(1)</script><!-- & "quotes" \'apostrophes\' gnp.exe',
    );
  });

  it('removes right-to-left overrides and zero-width characters, and reports where they were', () => {
    for (const [file, html] of pages) expect(html, file).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B\u2060\uFEFF]/);
    expect(pages.get('en/about/index.html')).toContain('gnp.exe and Optica: hidden characters');
    const reported = build.report.warnings.filter((warning) => warning.code === 'InvisibleCharacter');
    for (const file of ['content/en/about.md', 'content/collections/reviews.yaml', 'content/site.yaml']) {
      expect(reported, file).toContainEqual(
        expect.objectContaining({ file, line: expect.any(Number) as number, col: expect.any(Number) as number }),
      );
    }
  });

  it('keeps a very long word whole in the page, where the stylesheet lets it wrap', async () => {
    expect(pages.get('en/about/index.html')).toContain(LONG_WORD);
    const css = (await readdir(join(project, 'dist/assets'))).find((file) => file.endsWith('.css'))!;
    expect(await readFile(join(project, 'dist/assets', css), 'utf8')).toMatch(/overflow-wrap:(anywhere|break-word)/);
  });
});

function isInside(element: Element, ancestor: Element): boolean {
  for (
    let node: Element | undefined = element.parentNode as Element | undefined;
    node;
    node = node.parentNode as Element | undefined
  )
    if (node === ancestor) return true;
  return false;
}

describe('hostile addresses in settings and front matter', () => {
  const cases = [
    {
      name: 'a javascript: address in a setting',
      file: 'content/site.yaml',
      from: /^directionsUrl: .*$/m,
      to: 'directionsUrl: "javascript:alert(1)"',
    },
    {
      name: 'a data: address in a setting',
      file: 'content/site.yaml',
      from: /^mapTourUrl: .*$/m,
      to: 'mapTourUrl: "data:text/html,<script>alert(1)</script>"',
    },
    {
      name: 'an image on another site, written protocol-relative',
      file: 'content/ca/about.md',
      from: /src: \/images\/illustrations\/about\.svg/,
      to: 'src: //evil.example/tracker.png',
    },
    {
      name: 'an image on another site, written with a backslash',
      file: 'content/ca/about.md',
      from: /src: \/images\/illustrations\/about\.svg/,
      to: 'src: "/\\\\evil.example/tracker.png"',
    },
  ];
  it.each(cases)(
    'refuses $name, naming the file',
    async ({ file, from, to }) => {
      const scratch = await copyProject();
      try {
        const path = join(scratch, file);
        const text = await readFile(path, 'utf8');
        expect(text).toMatch(from);
        await writeFile(path, text.replace(from, to));
        const result = await runCli(['build', '--quiet'], { cwd: scratch });
        expect(result.code).toBe(1);
        expect(result.stderr).toContain(file);
        expect(result.stderr).not.toMatch(/^\s+at /m);
      } finally {
        await rm(scratch, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
