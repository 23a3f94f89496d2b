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
