import { createRequire } from 'node:module';

/** How far one piece of work has got. */
export interface ProgressLine {
  /** `done` of `total` items finished; `item` names the last one, for work that reports each. */
  advance(done: number, total: number, item?: string): void;
}

/** Times each stage of a long piece of work (a build, a check) and shows how far it has got. */
export interface Progress {
  readonly task: <T>(stage: string, work: (line: ProgressLine) => T | Promise<T>) => Promise<T>;
  /** Prints a line that stays, above the live one on a terminal, timestamped elsewhere; closed or not. */
  readonly print: (line: string) => void;
  /**
   * Ends the display: wipes the live line, and a task still running, or started later, shows
   * nothing more (its time is still kept). A failure calls it before its message, which a stage
   * still running beside the one that failed would otherwise follow with its line.
   */
  readonly close: () => void;
  readonly timings: { stage: string; ms: number }[];
}

export interface ProgressOptions {
  /** Print nothing but what `print` is given (quiet builds: errors only). */
  readonly silent?: boolean;
  /** Outside a terminal, print a line for every item finished, not only now and then. */
  readonly everyItem?: boolean;
  readonly stream?: NodeJS.WriteStream;
  /** Milliseconds from any fixed start (performance.now when left out): a test moves its own instead of waiting. */
  readonly clock?: () => number;
}

/** Outside a terminal, a stage says how far it is at most this often, and that it ended if it took longer. */
const PLAIN_EVERY_MS = 5_000;
const SLOW_STAGE_MS = 1_000;
/** A terminal's live line is redrawn at most this often. */
const LIVE_EVERY_MS = 100;

/**
 * On an interactive terminal, one live line (log-update) with the running stage, its count and
 * elapsed time, wiped when the stage ends. Elsewhere (CI, a pipe), plain lines with the time of
 * day: a stage that runs long reports its count every few seconds and its end, so a log never
 * goes quiet for minutes. Timings are kept either way.
 */
export function createProgress(options: ProgressOptions = {}): Progress {
  const stream = options.stream ?? process.stdout;
  const now = options.clock ?? (() => performance.now());
  const timings: { stage: string; ms: number }[] = [];
  const isLive = stream.isTTY === true && !options.silent;
  // Loaded for a terminal only: a build printing to a pipe or a file never pays for it.
  const live = isLive ? loadLogUpdate().createLogUpdate(stream, { showCursor: true }) : undefined;
  let isClosed = false;
  const tickers = new Set<NodeJS.Timeout>();
  const stamped = (line: string) => stream.write(`[${clock()}] ${line}\n`);
  // A task's own lines: none when silent, or once the display is closed.
  const plain = (line: string) => {
    if (!options.silent && !isClosed) stamped(line);
  };
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

  return {
    timings,
    close() {
      if (isClosed) return;
      isClosed = true;
      for (const ticker of tickers) clearInterval(ticker);
      live?.clear();
    },
    print(line) {
      if (isLive) {
        if (!isClosed) live?.clear();
        stream.write(`${line}\n`);
      } else if (options.silent) stream.write(`${line}\n`);
      else stamped(line);
    },
    async task(stage, work) {
      const start = now();
      // Listed in the order stages start: some run side by side, and end in any order.
      const timing = { stage, ms: 0 };
      timings.push(timing);
      let count = '';
      // Live: when the line was last drawn. Plain: when a count was last printed (a stage's
      // first seconds print nothing: most stages end before anyone waits).
      let lastShown = isLive ? -Infinity : start;
      const draw = () => {
        if (!isClosed) live?.(`  ${stage}${count} · ${seconds(now() - start)}`);
      };
      // The elapsed time moves even while a stage has nothing to count (bundling, compressing).
      const ticker = isLive && !isClosed ? setInterval(draw, 500).unref() : undefined;
      if (ticker) tickers.add(ticker);
      draw();
      const line: ProgressLine = {
        advance(done, total, item) {
          count = ` ${done}/${total}`;
          const at = now();
          if (isLive) {
            if (at - lastShown < LIVE_EVERY_MS && done !== total) return;
            lastShown = at;
            draw();
          } else if ((options.everyItem && item !== undefined) || at - lastShown >= PLAIN_EVERY_MS) {
            lastShown = at;
            plain(`${stage}: ${done}/${total}${item === undefined ? '' : ` ${item}`}`);
          }
        },
      };
      try {
        return await work(line);
      } finally {
        const ms = now() - start;
        timing.ms = ms;
        clearInterval(ticker);
        if (ticker) tickers.delete(ticker);
        if (!isClosed) live?.clear();
        if (!isLive && ms >= SLOW_STAGE_MS) plain(`${stage}:${count} done in ${seconds(ms)}`);
      }
    },
  };
}

/** log-update, loaded where it is needed (Node loads an ES module by `require` from 20.19). */
const loadLogUpdate = () => createRequire(import.meta.url)('log-update') as typeof import('log-update');

/** The time of day, HH:MM:SS, as a log line starts. */
function clock(): string {
  return new Date().toTimeString().slice(0, 8);
}
