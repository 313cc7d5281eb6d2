// Reading collectors' sources from the service, a few collectors at a time (the client paces
// every request to the service's limits), with progress for many: `collectors export`,
// `collectors list --sources` and `collectors migrate` read them the same way, and list them in
// the same order.
import type { Collector, CollectorsClient, Source as SourceInfo } from "../../provider/api";
import type { Progress } from "./progress";

export interface CollectorWithSources {
  collector: Collector;
  sources: SourceInfo[];
  /**
   * Whether the program declares the collector itself (the default); when not, only its sources,
   * which then name it by id (a migration that takes over sources of a collector it does not).
   */
  declared?: boolean;
}

/** Collectors read side by side; the client's limiter keeps the pace within the service's limits. */
const PARALLEL_READS = 4;

/** Names first, then ids: the order of the generated program, whatever order the service lists. */
export function byNameThenId(a: { name: string; id: number }, b: { name: string; id: number }) {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id;
}

/** byNameThenId for sources, whose id a type may leave out. */
export function bySourceName(a: SourceInfo, b: SourceInfo): number {
  return byNameThenId({ name: a.name, id: a.id ?? 0 }, { name: b.name, id: b.id ?? 0 });
}

/** Each collector's sources (sorted by name, then id), the collectors in the order given. */
export async function readSourcesOf(
  client: CollectorsClient,
  collectors: readonly Collector[],
  progress: Progress,
  signal: AbortSignal,
): Promise<CollectorWithSources[]> {
  const result: CollectorWithSources[] = collectors.map((collector) => ({
    collector,
    sources: [],
  }));
  progress.start(collectors.length, "collectors' sources read");
  // p-queue is ESM-only; Node 22 loads it from CommonJS through import().
  const { default: PQueue } = await import("p-queue");
  const reads = new PQueue({ concurrency: PARALLEL_READS });
  await reads.addAll(
    result.map((entry) => async () => {
      const sources = await client.sources.list(entry.collector.id, {}, { signal });
      entry.sources = sources.sort(bySourceName);
      progress.tick();
    }),
  );
  progress.done();
  return result;
}
