import { Window } from 'happy-dom';
import { build, type BuildResult } from '../../cli/build.ts';
import { loadConfig } from '../../cli/config.ts';
import { HOSTS } from '../../cli/schemas/site.ts';
import type { HostFolder } from '../../cli/stages/hosts.ts';
import { memoryWriter } from '../../cli/output/writer.ts';

/** A fixed clock for builds under test: 2026-11-21T00:00:00Z. */
export const TEST_EPOCH = '1763683200';

/** The site built from a content folder into memory, with its files by path, and each host folder's. */
export async function buildInMemory(
  contentDir = 'content',
  options: { strict?: boolean } = {},
): Promise<BuildResult & { files: Map<string, Buffer>; hostFiles: Record<HostFolder, Map<string, Buffer>> }> {
  const [site, hosts] = [memoryWriter(), memoryWriter()];
  const config = loadConfig(
    { content: contentDir, quiet: true, strict: options.strict ?? true },
    { SOURCE_DATE_EPOCH: TEST_EPOCH },
  );
  const result = await build(config, { writers: { site, hosts } });
  // Each host folder's files by their path inside it.
  const hostFiles = Object.fromEntries(
    HOSTS.map((folder) => [
      folder,
      new Map(
        [...hosts.files]
          .filter(([path]) => path.startsWith(`${folder}/`))
          .map(([path, bytes]) => [path.slice(folder.length + 1), bytes]),
      ),
    ]),
  ) as Record<HostFolder, Map<string, Buffer>>;
  return { ...result, files: site.files, hostFiles };
}

/** Parses an HTML file of the site into a document for selectors; scripts do not run. */
export function documentOf(files: ReadonlyMap<string, string | Buffer>, path: string): Document {
  const html = files.get(path);
  if (html === undefined) throw new Error(`the site has no file ${path}`);
  const window = new Window({
    settings: {
      disableJavaScriptEvaluation: true,
      disableJavaScriptFileLoading: true,
      disableCSSFileLoading: true,
      disableIframePageLoading: true,
    },
  });
  window.document.write(String(html));
  return window.document as unknown as Document;
}
