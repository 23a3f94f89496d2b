/**
 * Work side by side, but only so much at once: enough to keep zlib's threads and the disk busy,
 * little enough that the buffers in flight stay few.
 */

/** `items.map(work)` with at most `limit` pieces of work under way at a time, in order. */
export async function mapAtMost<T, R>(limit: number, items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/**
 * For work that arrives one piece at a time: `add` starts a piece, waiting first while `limit`
 * are under way; `done` waits for all and throws the first failure.
 */
export function atMost(limit: number) {
  const running = new Set<Promise<void>>();
  let failure: { readonly cause: unknown } | undefined;
  return {
    async add(work: () => Promise<void>): Promise<void> {
      while (running.size >= limit) await Promise.race(running);
      if (failure) throw failure.cause;
      const started: Promise<void> = work()
        .catch((cause: unknown) => {
          failure ??= { cause };
        })
        .finally(() => running.delete(started));
      running.add(started);
    },
    async done(): Promise<void> {
      await Promise.all(running);
      if (failure) throw failure.cause;
    },
  };
}
