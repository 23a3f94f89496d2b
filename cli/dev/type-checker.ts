import { spawn, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import { join, relative, sep } from 'node:path';
import type { Generator } from '../config.ts';
import { codeFrameOf } from '../lib/source-location.ts';

/** What the type checker tells the dev server: the type errors of templates and widgets now, or that it cannot check. */
export type TypeCheckMessage =
  | { readonly type: 'checked'; readonly problems: readonly string[] }
  | { readonly type: 'off'; readonly reason: string };

/** The generator's folders whose type errors dev reports: the ones a site's author edits. */
export const CHECKED_FOLDERS = ['templates', 'widgets'];

/**
 * The dev server's type checker: a child process holding a TypeScript watch program over the
 * generator's tsconfig.json, which checks again by itself whenever a source changes (its own
 * watcher, its own pace), so no rebuild or reload ever waits for it. After each check it sends
 * the type errors of templates/ and widgets/ as `astro check` prints them, each with its lines.
 * TypeScript is a development dependency: without it (a production install) it says so and ends.
 */
export async function runTypeChecker(generator: Generator): Promise<void> {
  const send = (message: TypeCheckMessage) => process.connected && process.send?.(message);
  process.on('disconnect', () => process.exit(0));
  // Nothing to watch: say why, then end once the dev server has the message.
  const off = (reason: string) =>
    process.send?.({ type: 'off', reason } satisfies TypeCheckMessage, () => process.exit(0));
  let ts: typeof import('typescript');
  try {
    ts = (await import('typescript')).default;
  } catch {
    off('TypeScript is not installed (it is a development dependency)');
    return;
  }
  const config = ts.findConfigFile(generator.root, (path) => ts.sys.fileExists(path));
  if (!config || relative(generator.root, config).includes(sep)) {
    off(`there is no tsconfig.json in ${generator.root}`);
    return;
  }
  const checked = CHECKED_FOLDERS.map((folder) => join(generator.root, folder) + sep);
  const parsed = ts.getParsedCommandLineOfConfigFile(
    config,
    { noEmit: true },
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  );
  // Only templates and widgets, and what they import: checking the whole project (the generator's
  // code, its tests) would take a minute on a small machine, for errors dev does not report.
  const roots = (parsed?.fileNames ?? []).filter((file) => checked.some((folder) => file.startsWith(folder)));
  const host = ts.createWatchCompilerHost(
    roots,
    { ...parsed?.options, noEmit: true },
    ts.sys,
    ts.createSemanticDiagnosticsBuilderProgram,
    () => undefined,
    () => undefined,
  );
  host.afterProgramCreate = (builder) => {
    const program = builder.getProgram();
    const problems: string[] = [];
    for (const source of program.getSourceFiles()) {
      if (!checked.some((folder) => source.fileName.startsWith(folder))) continue;
      const found = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
      for (const diagnostic of found) {
        if (diagnostic.category !== ts.DiagnosticCategory.Error) continue;
        const { line, character } = source.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
        const file = relative(generator.root, source.fileName).split(sep).join('/');
        // Chained messages indented under the first, as `astro check` and `tsc` print them.
        const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n  ');
        const frame = codeFrameOf({ file, line: line + 1, col: character + 1 });
        problems.push(
          `${file}:${line + 1}:${character + 1} - error ts(${diagnostic.code}): ${message}${frame ? `\n${frame}` : ''}`,
        );
      }
    }
    send({ type: 'checked', problems });
  };
  ts.createWatchProgram(host);
}

/**
 * Starts the type checker at a lower priority (nice 10), so that the builder and the server keep
 * the processor first, and hands each of its messages to `heard`. `stop` ends it.
 */
export function startTypeChecker(generator: Generator, heard: (message: TypeCheckMessage) => void) {
  const args = [join(generator.root, 'cli/bin.js'), 'dev-typecheck'];
  const child: ChildProcess = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  try {
    if (child.pid !== undefined) setPriority(child.pid, 10);
  } catch {
    // A system that refuses a lower priority still checks types, only less politely.
  }
  child.on('message', (message: TypeCheckMessage) => heard(message));
  return {
    stop() {
      child.removeAllListeners();
      if (child.exitCode === null && child.signalCode === null) child.kill();
    },
  };
}
