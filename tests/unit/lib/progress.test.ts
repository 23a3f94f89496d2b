import { describe, expect, it } from 'vitest';
import { createProgress } from '../../../cli/lib/progress.ts';

const fakeStream = (isTTY: boolean) => {
  const written: string[] = [];
  return { written, stream: { isTTY, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream };
};

describe('createProgress', () => {
  it('shows the running stage on a terminal and clears the line after it', async () => {
    const { written, stream } = fakeStream(true);
    const progress = createProgress({ verbosity: 'normal' }, stream);
    expect(await progress.task('render', () => 42)).toBe(42);
    expect(written).toEqual(['\r\x1b[2K  render…', '\r\x1b[2K']);
    expect(progress.timings.map((timing) => timing.stage)).toEqual(['render']);
  });

  it('writes nothing when the output is not a terminal or --quiet is set, but still times stages', async () => {
    for (const [isTTY, verbosity] of [
      [false, 'normal'],
      [true, 'quiet'],
    ] as const) {
      const { written, stream } = fakeStream(isTTY);
      const progress = createProgress({ verbosity }, stream);
      await progress.task('load', async () => undefined);
      expect(written).toEqual([]);
      expect(progress.timings).toHaveLength(1);
    }
  });

  it('records the time of a stage that fails', async () => {
    const progress = createProgress({ verbosity: 'quiet' });
    await expect(progress.task('validate', () => Promise.reject(new Error('bad')))).rejects.toThrow('bad');
    expect(progress.timings.map((timing) => timing.stage)).toEqual(['validate']);
  });
});
