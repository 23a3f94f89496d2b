import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, relative, resolve, sep } from 'node:path';
import type { Generator } from '../config.ts';
import { whenStopped } from '../lib/stop-signals.ts';
import { listeningNotes, type ListenOptions } from '../serve/listen.ts';
import { serveFolder } from '../serve/static-server.ts';
import type { BuilderMessage, BuilderRequest } from './dev-builder.ts';
import { CLIENT_TAG, createReloadHub } from './reload-client.ts';
import { CHECKED_FOLDERS, startTypeChecker, type TypeCheckMessage } from './type-checker.ts';

/** Waits this long after a change for more before building: an editor's save is often several events. */
const SETTLE_MS = 30;
/** A file that keeps changing for this many settling waits (3 s) is built as it is. */
const MAX_SETTLE_WAITS = 100;
/** The files of the generator's folders the build reads: its code, templates, widgets and stylesheet. */
const GENERATOR_SOURCE = /\.(?:[cm]?[jt]sx?|css|json)$/;
/**
 * The names editors give the files they save through and leave behind: dot-files (vim's
 * `.about.md.swp`, Emacs's `.#about.md`, and the content's JSON Schemas), backups (`about.md~`),
 * vim's write test (`4913`), Emacs's autosaves (`#about.md#`) and numbered temporary copies
 * (`about.md.tmp.123`). No build reads them, so they neither make nor name a rebuild.
 */
const EDITOR_TEMPORARY = /^\.|~$|^\d+$|^#.*#$|\.tmp(?:\.\d+)?$/;
/** The stylesheet's address in a page, named by its hash (stages/bundle.ts). */
const STYLESHEET_ADDRESS = /\/assets\/site\.[0-9a-f]+\.css/g;

/**
 * The development server: the same build as `sitegen build`, held in memory by a builder
 * process (cli/dev/dev-builder.ts) that writes into `.cache/sitegen/dev-site/`, served through
 * the same static server as `preview`. A watcher sees every change to content, public files,
 * templates, widgets and the generator (rename-style saves and new folders included); one
 * serial queue coalesces bursts into one rebuild; a change to templates or the generator
 * restarts the builder, which bundles them again. Requests wait while a build runs, so a page
 * is never served stale; a failed build is shown in the terminal and over the open pages
 * while the last good build stays served, until a fix builds. Ctrl+C (or SIGTERM) ends the
 * builder first, which removes its folder's lock if a build was running.
 */
export async function runDevServer(
  flags: { content: string } & ListenOptions,
  generator: Generator,
  print: (line: string) => void,
): Promise<{ url: string; close: () => Promise<void> }> {
  const contentDir = resolve(flags.content);
  const outDir = resolve('.cache/sitegen/dev-site');
  const hub = createReloadHub();
  const builder = createBuilder(generator, contentDir, outDir);
  const forget = whenStopped(() => builder.stop());
  const waiting: [IncomingMessage, ServerResponse][] = [];
  let building: Promise<unknown> | undefined;
  // The warnings last printed: a rebuild prints them again only when they change.
  let warnings = '';
  // The failure last printed, until a build succeeds: the same problems again are not news either.
  let failure: string | undefined;

  // The stylesheet's address since it alone was written again: pages built before link the old one.
  let restyled: string | undefined;
  /** `since`: when the change was seen, so that the time printed is the time to the reload. */
  const report = (reason: string, since: number, result: BuilderMessage, superseded: () => boolean) => {
    if (result.type === 'built') {
      const isShowingError = failure !== undefined || hub.failing();
      restyled = result.restyled;
      // A stylesheet alone changed and the pages show no error: they swap it in place and keep
      // their scroll, form fields and open menus, as Vite does. A save that changed nothing
      // built leaves the pages as they are.
      const isSwapped = result.restyled !== undefined && !isShowingError;
      const isSame = !result.isChanged && !isShowingError;
      if (isSwapped) hub.swapStyles([result.restyled]);
      else if (!isSame) hub.reload();
      const note = isSwapped
        ? '; the stylesheet swapped in place'
        : isSame
          ? '; nothing changed, so nothing reloads'
          : '';
      print(
        `${reason}: rendered ${result.rendered} of ${result.pages} pages in ${Math.round(performance.now() - since)} ms${note}`,
      );
      if (result.warnings && result.warnings !== warnings) print(result.warnings);
      if (result.warnings !== warnings) hub.warnings(result.warnings);
      warnings = result.warnings;
      failure = undefined;
    } else if (superseded()) {
      return;
    } else if (result.text === failure) {
      print(`${reason}: the build failed again, with the same problems as above; the last good build is still served.`);
    } else {
      failure = result.text;
      print(
        `${reason}: the build failed after ${Math.round(performance.now() - since)} ms; the last good build is still served.\n${result.text}`,
      );
      hub.fail(result.text);
    }
  };
  /** `superseded` says whether a file changed while the build ran: its failure may be a half-written file, and the next build judges it. */
  const run = (
    reason: string,
    work: () => Promise<BuilderMessage>,
    superseded = () => false,
    since = performance.now(),
  ) => {
    building = work().then((result) => report(reason, since, result, superseded));
    return building.finally(() => {
      building = undefined;
      for (const [request, response] of waiting.splice(0)) server.server.emit('request', request, response);
    });
  };

  await run('start', () => builder.start());
  const server = await serveFolder(outDir, {
    port: flags.port,
    host: flags.host,
    strictPort: flags.strictPort,
    transformHtml: (html) =>
      (restyled ? html.replace(STYLESHEET_ADDRESS, restyled) : html).replace('</body>', `${CLIENT_TAG}</body>`),
    handleFirst: (request, response) => {
      if (hub.handle(request, response)) return true;
      if (!building) return false;
      waiting.push([request, response]);
      return true;
    },
  }).catch(async (error: unknown) => {
    // The builder process would keep this one running with nothing to serve.
    forget();
    await builder.stop();
    hub.close();
    throw error;
  });

  // Started after the first build, so that it never competes with it; it ends with this process (its IPC channel closes).
  let shownTypeErrors = '';
  const typeChecker = startTypeChecker(generator, (message: TypeCheckMessage) => {
    if (message.type === 'off') {
      print(`Type checks are off: ${message.reason}.`);
      return;
    }
    const text = message.problems.join('\n');
    if (text === shownTypeErrors) return;
    const fixed = text === '';
    shownTypeErrors = text;
    if (fixed) print('Type errors fixed: templates/ and widgets/ type-check again.');
    else
      print(
        `${message.problems.length} type error${message.problems.length === 1 ? '' : 's'} in templates/ and widgets/ (the pages are still built and served):\n${text}`,
      );
    hub.typeErrors(text);
  });

  const generatorDirs = ['cli', 'templates'].map((folder) => join(generator.root, folder));
  const queue = createChangeQueue(async (paths, superseded, since) => {
    const reason = paths.map((path) => relative(process.cwd(), path)).join(', ');
    const isGenerator = paths.some((path) => generatorDirs.some((dir) => path.startsWith(dir + sep)));
    const onlyStyles = paths.every((path) => path.endsWith('.css'));
    const work = () => (onlyStyles ? builder.styles() : isGenerator ? builder.start() : builder.build());
    await run(reason, work, superseded, since);
  });
  const generatorFolders = [...generatorDirs, join(generator.root, 'widgets')];
  const typeChecked = CHECKED_FOLDERS.map((folder) => join(generator.root, folder));
  const watched = [contentDir, resolve('public'), ...generatorFolders];
  // Loaded here, not with the command line: only the dev server watches files.
  const { watch } = await import('chokidar');
  const watcher = watch(watched, {
    ignoreInitial: true,
    ignored: (path) => EDITOR_TEMPORARY.test(path.split(sep).pop()!),
  });
  watcher.on('all', (event, path) => {
    // In the generator's folders only its sources count: an editor's temporary file there
    // (sed's `sedXXXXXX`, vim's `4913`) changes nothing the build reads, however long it lives.
    const isGenerator = generatorFolders.some((dir) => path.startsWith(dir + sep));
    if (isGenerator && !GENERATOR_SOURCE.test(path)) return;
    // The type checker reports again after every edit of a TypeScript file it reads.
    if (/\.[cm]?tsx?$/.test(path) && typeChecked.some((dir) => path.startsWith(dir + sep))) hub.typeCheckPending();
    queue.add(event, path);
  });
  const { url } = server;
  for (const note of listeningNotes(flags, server.port)) print(note);
  print(
    `Serving at ${url}/ — watching ${watched.map((dir) => relative(process.cwd(), dir) || '.').join(', ')} (Ctrl+C stops)`,
  );

  return {
    url,
    close: async () => {
      forget();
      typeChecker.stop();
      await watcher.close();
      hub.close();
      await builder.stop();
      await server.close();
    },
  };
}

/**
 * One rebuild at a time: changes that arrive while one runs wait for the next, and changes
 * that arrive together (within SETTLE_MS) make one. Files still changing after that (an
 * editor that truncates, then writes) are waited for until their size and time stay the same
 * for SETTLE_MS, and empty files until they are not (both for 3 s at most); a build whose files changed while it ran is superseded, and does not report
 * its failure, which may come from a half-written file: the next build judges them. A file
 * added and gone again by then is an editor's temporary file (rename-style saves write one and rename it over the original): it
 * is left out, and so is the news of its removal when that comes late. The watcher drops
 * events that follow one another within milliseconds, so after each rebuild every file it
 * was for is looked at again: one saved meanwhile makes another rebuild.
 */
function createChangeQueue(rebuild: (paths: string[], superseded: () => boolean, since: number) => Promise<void>) {
  const pending = new Map<string, string>();
  // When the first change of the batch to come was seen.
  let since = performance.now();
  const temporary = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const stampOf = (path: string) => {
    const stats = statSync(path, { throwIfNoEntry: false });
    return stats ? `${stats.size}:${stats.mtimeMs}` : 'gone';
  };
  const stampsOf = (paths: Iterable<string>) => new Map([...paths].map((path) => [path, stampOf(path)]));
  const changedSince = (stamps: Map<string, string>) => [...stamps].some(([path, stamp]) => stampOf(path) !== stamp);
  // An editor that saves in place empties the file first, and a busy machine can hold it empty
  // far longer than SETTLE_MS: an empty file is waited for as long as one still changing.
  const isEmptied = (stamps: Map<string, string>) => [...stamps.values()].some((stamp) => stamp.startsWith('0:'));
  // Each file's stamp when the watcher last told of it, and when that was: a file still as it
  // was SETTLE_MS after the last news has settled. The batch's timer has waited that long
  // already, so settling needs no wait of its own (a second one was 30 ms of each edit's 100);
  // a batch gathered while a build ran waits for what is left of it.
  const told = new Map<string, string>();
  let toldAt = 0;
  // Resolves with the stamps it last found settled: a build judged superseded against them
  // catches a file emptied between settling and building, even before the watcher tells.
  const settle = async () => {
    const left = toldAt + SETTLE_MS - performance.now();
    if (left > 0) await new Promise((wait) => setTimeout(wait, left));
    let stamps = new Map([...pending.keys()].map((path) => [path, told.get(path) ?? stampOf(path)]));
    for (let waits = 0; waits < MAX_SETTLE_WAITS; waits++) {
      if (!changedSince(stamps) && !isEmptied(stamps)) return stamps;
      stamps = stampsOf(pending.keys());
      await new Promise((wait) => setTimeout(wait, SETTLE_MS));
    }
    return stamps;
  };
  const flush = async () => {
    if (running) return;
    const settling = settle();
    running = settling.then(() => undefined);
    const settled = await settling;
    const paths: string[] = [];
    for (const [path, event] of pending) {
      const isGone = event === 'unlink' || event === 'unlinkDir';
      if (isGone && temporary.delete(path)) continue;
      if (!isGone && !existsSync(path)) temporary.add(path);
      else paths.push(path);
    }
    pending.clear();
    told.clear();
    if (paths.length === 0) {
      running = undefined;
      return;
    }
    const stamps = new Map(paths.map((path) => [path, settled.get(path) ?? stampOf(path)]));
    running = rebuild(paths, () => pending.size > 0 || changedSince(stamps), since);
    await running;
    running = undefined;
    for (const [path, stamp] of stamps) if (!pending.has(path) && stampOf(path) !== stamp) note('change', path);
    if (pending.size > 0) await flush();
  };
  const note = (event: string, path: string) => {
    if (pending.size === 0) since = performance.now();
    pending.set(path, event);
    told.set(path, stampOf(path));
    toldAt = performance.now();
  };
  return {
    add(event: string, path: string) {
      note(event, path);
      clearTimeout(timer);
      timer = setTimeout(() => void flush(), SETTLE_MS);
    },
  };
}

/**
 * The builder process, started with `sitegen dev-builder` so that it bundles the generator's
 * current sources as any command does. `start` (re)starts it and resolves with its first
 * build; `build` asks the running one for another. A builder that dies before answering (its
 * sources do not bundle) fails with what it printed. `stop` resolves once the builder has
 * ended: it releases its folder's lock as it ends, so the next one never finds it taken.
 */
function createBuilder(generator: Generator, contentDir: string, outDir: string) {
  let child: ChildProcess | undefined;
  let answer: ((message: BuilderMessage) => void) | undefined;
  const next = () => new Promise<BuilderMessage>((resolve) => (answer = resolve));
  const deliver = (message: BuilderMessage) => {
    const resolve = answer;
    answer = undefined;
    resolve?.(message);
  };
  const stop = async () => {
    const stopping = child;
    child = undefined;
    if (!stopping) return;
    stopping.removeAllListeners();
    if (stopping.exitCode !== null || stopping.signalCode !== null) return;
    const ended = once(stopping, 'exit');
    stopping.kill();
    await ended;
  };
  const start = async (): Promise<BuilderMessage> => {
    await stop();
    const result = next();
    const args = [join(generator.root, 'cli/bin.js'), 'dev-builder', '--content', contentDir, '--out', outDir];
    const started = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    let printed = '';
    started.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    started.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    started.on('message', (message: BuilderMessage) => deliver(message));
    started.on('exit', (code) => {
      if (child === started) child = undefined;
      deliver({ type: 'failed', text: printed.trim() || `the builder stopped with exit code ${code}` });
    });
    child = started;
    return result;
  };
  const ask = (type: BuilderRequest['type']): Promise<BuilderMessage> => {
    if (!child) return start();
    const result = next();
    child.send({ type } satisfies BuilderRequest);
    return result;
  };
  return {
    start,
    build(): Promise<BuilderMessage> {
      return ask('build');
    },
    /** The stylesheet alone, which the running builder writes without rendering a page. */
    styles(): Promise<BuilderMessage> {
      return ask('styles');
    },
    stop,
  };
}
