import { contentHash } from '../lib/hash.ts';
import { createPageIndex, type PageIndex } from '../lib/page-index.ts';
import { outputPathOf } from '../lib/url.ts';
import type { PageJob, RenderContext } from '../render/render-page.tsx';
import type { RenderedPage } from '../stages/render.tsx';
import type { Draft } from '../output/writer.ts';
import type { Output, Site } from '../types.ts';
import { parseContentFile, type ParsedFile, type ParseFile } from '../validate/parse-file.ts';
import type { PageCode } from '../config.ts';
import { answersOf, pageKeyOf, sharedKeyOf, uiKeysOf, type PageInputs } from './fingerprint.ts';
import { readManifest, saveRebased, writeManifest, type Manifest, type PageRecord } from './manifest.ts';
import type { BuildSummary } from '../lib/build-summary.ts';

/** Which pages to render, and the files of the others, kept from the last build as they are. */
export interface BuildPlan {
  readonly toRender: readonly PageJob[];
  readonly kept: readonly Output[];
  /** What the plan compared pages by, for remember to record them by the same (none when nothing is remembered). */
  readonly keys?: PageKeys;
}

/**
 * What plan and remember both compare pages by, once per build: the key of what every page
 * reads, what each page's language and template take into its key, and the site's pages and
 * files indexed as templates look them up.
 */
interface PageKeys {
  readonly inputsOf: (job: PageJob) => PageInputs;
  readonly index: PageIndex;
}

/**
 * Incremental building, wrapped around the pure pipeline (cli/build.ts). It hands validation
 * a parser that reuses what the last build parsed of files whose text is unchanged; before
 * rendering it plans which pages must render again, by comparing each page's inputs with the
 * manifest of the last build into the same folder; after writing it remembers what this build
 * made. No stage knows it exists. A page is kept only when its key (its own inputs, everything
 * shared, its language's translations, its template's own code, its scripts' addresses), the
 * answers to every lookup it made, and its file on disk (in the version of the folder its record
 * was made with) are all as they were, so the result is always what a clean build gives.
 */
export interface IncrementalBuild {
  /** A parser for this build's content files (see cli/validate/parse-file.ts). */
  parser(): ParseFile;
  /** Which pages to render; the others are kept as `draft` (the new version of the site) still has them. */
  plan(site: Site, context: RenderContext, jobs: readonly PageJob[], draft: Draft): BuildPlan;
  /**
   * The site's folder now holds `version`, with the pages this build remembered as they were:
   * the stylesheet alone was written again (cli/build.ts, restyle). Saved too: a builder the
   * dev server starts next (after a template edit) keeps those pages instead of taking them for
   * another version's.
   */
  rebase(version: string): Promise<void>;
  /**
   * Records what the build rendered, the version of the site's folder it went into and what its
   * report said, with the key of what it read when it has one (incremental/up-to-date.ts), and
   * saves it for the next build.
   */
  remember(
    site: Site,
    plan: BuildPlan,
    rendered: readonly RenderedPage[],
    made: { readonly version: string; readonly summary: BuildSummary; readonly inputs?: string },
  ): Promise<void>;
}

/** A build that renders every page and remembers nothing: the generator's version is unknown. */
const renderEverything: IncrementalBuild = {
  parser: () => parseContentFile,
  plan: (_site, _context, jobs) => ({ toRender: jobs, kept: [] }),
  rebase: async () => undefined,
  remember: async () => undefined,
};

/**
 * The incremental build of `outDir` by the generator `generatorKey`, whose pages run the code
 * `pageCode` says, starting from the manifest saved in `cacheDir`, or from `held`: the last
 * build's, which the dev server holds. Without `pageCode`, every page runs the whole generator.
 */
export async function openIncrementalBuild(
  where: {
    readonly cacheDir: string;
    readonly outDir: string;
    readonly generatorKey?: string;
    readonly pageCode?: PageCode;
  },
  held?: IncrementalBuild,
): Promise<IncrementalBuild> {
  const { cacheDir, outDir, generatorKey, pageCode } = where;
  if (!generatorKey) return renderEverything;
  if (held) return held;
  // The last build's pages and parses hold while the code every page runs is the same; its
  // report only while the whole generator is (manifest.ts).
  const code = pageCode?.shared ?? generatorKey;
  const templateKeyOf = (template: string) => pageCode?.templates[template] ?? generatorKey;
  let last: Manifest | undefined = await readManifest(cacheDir, outDir, generatorKey, { code });
  let parsed = new Map<string, ParsedFile>();
  let kept = new Map<string, PageRecord>();

  return {
    parser() {
      parsed = new Map();
      return (file, languages, rules) => {
        const key = `${file.path}\0${languages.join(',')}\0${rules?.key ?? ''}\0${contentHash(file.text)}`;
        const known = last?.parsed.get(key) ?? parsed.get(key) ?? parseContentFile(file, languages, rules);
        parsed.set(key, known);
        return known;
      };
    },

    plan(site, context, jobs, draft) {
      kept = new Map();
      const shared = sharedKeyOf(context, code);
      const uiKeyOf = uiKeysOf(context);
      const keys: PageKeys = {
        inputsOf: (job) => ({ shared, ui: uiKeyOf(job.route.locale), template: templateKeyOf(job.route.template) }),
        index: createPageIndex(context.pages, context.files, context.imageSizes),
      };
      // Pages recorded with another version of the folder (a build killed before it remembered) are not those on disk.
      const isSameVersion = last?.version !== undefined && last.version === draft.from;
      if (!last?.pages.size || !isSameVersion) return { toRender: jobs, kept: [], keys };
      const { inputsOf, index } = keys;
      const toRender: PageJob[] = [];
      const outputs: Output[] = [];
      for (const job of jobs) {
        const records = job.paths.map((path) => last?.pages.get(path));
        const [record] = records;
        const isSame =
          record !== undefined &&
          records.every((each) => each !== undefined) &&
          record.key === pageKeyOf(job, inputsOf(job), record.summary.islands, site.scripts) &&
          record.answers === answersOf(record.reads, index);
        const files = isSame ? job.paths.map((path) => draft.current(path)) : [];
        if (!isSame || files.some((contents) => contents === undefined)) {
          toRender.push(job);
          continue;
        }
        job.paths.forEach((path, at) => {
          // As rendering gives them: the page's own file carries its route, its copies do not.
          const route = path === outputPathOf(job.route.url) ? { route: job.route } : {};
          outputs.push({ path, contents: files[at]!, summary: records[at]!.summary, ...route });
          kept.set(path, records[at]!);
        });
      }
      return { toRender, kept: outputs, keys };
    },

    async rebase(version) {
      if (!last) return;
      last = { ...last, version };
      // As in remember: a manifest that cannot be saved only makes the next builder slower.
      await saveRebased(cacheDir, outDir, version).catch(() => undefined);
    },

    async remember(site, plan, rendered, { version, summary, inputs }) {
      if (!plan.keys) throw new Error('remember needs the plan of the same incremental build');
      const { inputsOf, index } = plan.keys;
      const pages = new Map(kept);
      for (const page of rendered) {
        const answers = answersOf(page.reads, index);
        const read = inputsOf(page.job);
        for (const output of page.outputs) {
          const summary = output.summary!;
          const key = pageKeyOf(page.job, read, summary.islands, site.scripts);
          pages.set(output.path, { key, reads: page.reads, answers, summary });
        }
      }
      last = { generator: generatorKey, code, pages, parsed, version, summary, ...(inputs ? { inputs } : {}) };
      // The site is written by now; a manifest that cannot be saved only makes the next build slower.
      await writeManifest(cacheDir, outDir, last).catch(() => undefined);
    },
  };
}
