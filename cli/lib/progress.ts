import type { Config } from '../config.ts';

/** Times each stage and, on a terminal, shows which one is running. */
export interface Progress {
  readonly task: <T>(stage: string, work: () => T | Promise<T>) => Promise<T>;
  readonly timings: { stage: string; ms: number }[];
}

/** A progress line on an interactive terminal, silence elsewhere; timings always. */
export function createProgress(
  config: Pick<Config, 'verbosity'>,
  stream: NodeJS.WriteStream = process.stdout,
): Progress {
  const timings: { stage: string; ms: number }[] = [];
  const isLive = stream.isTTY === true && config.verbosity !== 'quiet';
  return {
    timings,
    async task(stage, work) {
      if (isLive) stream.write(`\r\x1b[2K  ${stage}…`);
      const start = performance.now();
      try {
        return await work();
      } finally {
        timings.push({ stage, ms: performance.now() - start });
        if (isLive) stream.write('\r\x1b[2K');
      }
    },
  };
}
