import { describe, expect, it } from 'vitest';
import { createProgress, type ProgressLine } from '../../../cli/lib/progress.ts';

const fakeStream = (isTTY: boolean) => {
  const written: string[] = [];
  return {
    written,
    stream: {
      isTTY,
      columns: 80,
      rows: 24,
      write: (text: string) => written.push(text),
    } as unknown as NodeJS.WriteStream,
  };
};
const clock = /^\[\d\d:\d\d:\d\d\] /;

describe('createProgress', () => {
  it('draws the running stage with its count on a terminal, and wipes it when the stage ends', async () => {
    const { written, stream } = fakeStream(true);
    const progress = createProgress({ stream });
    const result = await progress.task('render', (line) => {
      line.advance(1, 3);
      line.advance(3, 3);
      return 42;
    });
    expect(result).toBe(42);
    const screen = written.join('');
    expect(screen).toContain('render 3/3');
    // log-update's last write erases the line: escape sequences and no text.
    // eslint-disable-next-line no-control-regex
    expect(written.at(-1)!.replace(/\x1b\[[?\d]*[A-Za-z]/g, '')).toBe('');
    expect(progress.timings.map((timing) => timing.stage)).toEqual(['render']);
  });

  it('outside a terminal, prints timestamped lines: every item when asked, and the end of a slow stage', async () => {
    const { written, stream } = fakeStream(false);
    let ms = 0;
    const progress = createProgress({ stream, everyItem: true, clock: () => ms });
    await progress.task('accessibility', async (line) => {
      line.advance(1, 2, '/ca/');
      line.advance(2, 2, '/es/');
      // Past a slow stage's second on the progress's own clock: no waiting.
      ms += 1_200;
    });
    progress.print('  accessibility  4 checked');
    expect(written.every((line) => clock.test(line))).toBe(true);
    expect(written.map((line) => line.replace(clock, ''))).toEqual([
      'accessibility: 1/2 /ca/\n',
      'accessibility: 2/2 /es/\n',
      'accessibility: 2/2 done in 1.2 s\n',
      '  accessibility  4 checked\n',
    ]);
  });

  it('says nothing about quick stages outside a terminal, or anything when silent, but still times them', async () => {
    for (const [isTTY, silent] of [
      [false, false],
      [true, true],
    ] as const) {
      const { written, stream } = fakeStream(isTTY);
      const progress = createProgress({ stream, silent });
      await progress.task('load', (line) => line.advance(1, 1));
      expect(written).toEqual([]);
      expect(progress.timings).toHaveLength(1);
    }
  });

  it('prints nothing more of a task still running once closed, on a terminal and off one, and keeps its time', async () => {
    for (const isTTY of [true, false]) {
      const { written, stream } = fakeStream(isTTY);
      let ms = 0;
      const progress = createProgress({ stream, everyItem: true, clock: () => ms });
      let finish = () => {};
      let line: ProgressLine | undefined;
      // A stage running beside the one that failed (bundle, widgets), which ends after the failure is printed.
      const running = progress.task('bundle', (given) => {
        line = given;
        return new Promise<void>((resolve) => (finish = resolve));
      });
      line!.advance(1, 2, 'site.css');
      progress.close();
      const closedAt = written.length;
      progress.print('Build failed; the previous output was left as it was.');
      line!.advance(2, 2, 'loader.js');
      ms += 1_200;
      finish();
      await running;
      await progress.task('widgets', () => {
        ms += 1_200;
      });
      const after = written.slice(closedAt);
      expect(
        after.map((text) => text.replace(clock, '')),
        `isTTY: ${isTTY}`,
      ).toEqual(['Build failed; the previous output was left as it was.\n']);
      expect(progress.timings).toEqual([
        { stage: 'bundle', ms: 1_200 },
        { stage: 'widgets', ms: 1_200 },
      ]);
    }
  });

  it('wipes the live line on a terminal when closed', () => {
    const { written, stream } = fakeStream(true);
    const progress = createProgress({ stream });
    void progress.task('bundle', () => new Promise<void>(() => undefined));
    expect(written.join('')).toContain('bundle');
    progress.close();
    // eslint-disable-next-line no-control-regex
    expect(written.at(-1)!.replace(/\x1b\[[?\d]*[A-Za-z]/g, '')).toBe('');
  });

  it('records the time of a stage that fails', async () => {
    const progress = createProgress({ silent: true });
    await expect(progress.task('validate', () => Promise.reject(new Error('bad')))).rejects.toThrow('bad');
    expect(progress.timings.map((timing) => timing.stage)).toEqual(['validate']);
  });
});
