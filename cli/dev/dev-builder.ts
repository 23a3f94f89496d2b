import { build, restyle, writersOnDisk, type BuildResult } from '../build.ts';
import { loadConfig, type BuildFlags, type Generator } from '../config.ts';
import { formatWarnings } from '../commands/build.ts';
import { describeFailure } from '../errors.ts';
import { stopProcess } from '../lib/stop-signals.ts';

/** What the builder tells the dev server after each build. */
export type BuilderMessage =
  | {
      readonly type: 'built';
      readonly rendered: number;
      readonly pages: number;
      readonly ms: number;
      /** Whether the site's folder changed: a save that changes nothing built reloads nothing. */
      readonly isChanged: boolean;
      /** The address of the stylesheet, when it alone was bundled again and written (no page rendered). */
      readonly restyled?: string;
      /** The build's warnings as `build` prints them; empty when there are none. */
      readonly warnings: string;
    }
  | { readonly type: 'failed'; readonly text: string };

/** What the dev server asks of the builder: a build, or the stylesheet alone when only it changed. */
export interface BuilderRequest {
  readonly type: 'build' | 'styles';
}

/**
 * The dev server's builder: a child process that keeps the build in memory (the generator's
 * modules loaded, the incremental build's manifest) and runs the same `build` as the command
 * line each time the dev server asks, into the dev server's folder. It builds once at start.
 * After an edit to the stylesheet alone, it bundles and writes only the stylesheet (`restyle`).
 */
export async function runDevBuilder(flags: BuildFlags, generator: Generator): Promise<void> {
  const send = (message: BuilderMessage) => process.send?.(message);
  let last: BuildResult | undefined;
  const rebuild = async (request: BuilderRequest['type']) => {
    const started = performance.now();
    try {
      // The dev server serves its own folder: no host folders, no precompressed copies.
      const config = { ...loadConfig({ ...flags, quiet: true }, process.env, generator), precompress: false };
      const writers = { site: writersOnDisk(config).site };
      const restyled = request === 'styles' && last ? await restyle(config, last, writers.site) : undefined;
      const result = restyled ?? (await build(config, { incremental: last?.incremental, writers }));
      const isChanged = result.version.id !== last?.version.id;
      last = result;
      send({
        type: 'built',
        rendered: result.rendered,
        pages: result.rendered + result.kept,
        ms: performance.now() - started,
        isChanged,
        ...(restyled ? { restyled: restyled.site.assets.stylesheet } : {}),
        warnings: result.warnings.length > 0 ? formatWarnings(result.warnings) : '',
      });
    } catch (error) {
      send({ type: 'failed', text: describeFailure(error) });
    }
  };
  // One build at a time: the dev server asks again only after an answer.
  process.on('message', (request: BuilderRequest) => void rebuild(request.type));
  // The dev server is gone: stop as if it had said so, releasing the folder's lock if a build runs.
  process.on('disconnect', () => void stopProcess('SIGTERM'));
  await rebuild('build');
}
