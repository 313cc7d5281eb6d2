// The release's independent steps (an executable made, checked and packed; the SDK packages), a
// few at a time: each is mostly one single-threaded process (postject, gzip), so on a machine of
// n cores n of them take about 1/n of the time one after the other do.
import { availableParallelism } from "node:os";

/**
 * How many steps at once: one per core, at most four (a postject of a ~120 MB Node.js binary
 * holds about 1 GB of memory).
 */
const RELEASE_PARALLELISM = Math.min(availableParallelism(), 4);

/**
 * The results of `step` for each of `items`, in their order, with at most `limit` running at a
 * time. After a step fails no other starts; the ones running are awaited, so that nothing still
 * writes once this has failed (the caller then removes its folder), and the first failure is
 * thrown.
 */
export async function inParallel<T, R>(
  items: readonly T[],
  step: (item: T) => Promise<R>,
  limit = RELEASE_PARALLELISM,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  const failures: unknown[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length && failures.length === 0) {
      const i = next++;
      try {
        results[i] = await step(items[i] as T);
      } catch (error) {
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failures.length > 0) throw failures[0];
  return results;
}
