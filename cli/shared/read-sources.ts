// Reading the part of the account to export: the collectors (filtered by kind and name), then
// each one's sources, a few collectors at a time (the client paces every request to the
// service's limits), with progress for large accounts. `collectors list --sources` reads the
// sources the same way (readSourcesOf).
import {
  type Collector,
  type CollectorFilter,
  type CollectorsClient,
  collect,
  type Source as SourceInfo,
} from "../../provider/api";
import { nameMatcher } from "../shared/name-glob";
import type { Progress } from "./progress";

export interface Selection {
  /** Only Hosted or only Installed collectors; all when undefined. */
  filter?: Extract<CollectorFilter, "hosted" | "installed"> | undefined;
  /** Shell-style globs on collector names; all when empty. */
  patterns: readonly string[];
}

export interface CollectorWithSources {
  collector: Collector;
  sources: SourceInfo[];
  /**
   * Whether the program declares the collector itself (the default); when not, only its sources,
   * which then name it by id (a migration that takes sources of a collector it does not take).
   */
  declared?: boolean;
}

export interface Account {
  collectors: CollectorWithSources[];
  /** Patterns that matched no collector. */
  unmatched: string[];
}

/** Collectors read side by side; the client's limiter keeps the pace within the service's limits. */
const PARALLEL_READS = 4;

/** Names first, then ids: the order of the generated program, whatever order the service lists. */
export function byNameThenId(a: { name: string; id: number }, b: { name: string; id: number }) {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id;
}

export async function readAccount(
  client: CollectorsClient,
  selection: Selection,
  progress: Progress,
  signal: AbortSignal,
): Promise<Account> {
  progress.note("Reading the collectors…");
  const all = await collect(client.collectors.iterate({ filter: selection.filter }, { signal }));
  const matcher = selection.patterns.length > 0 ? nameMatcher(selection.patterns) : undefined;
  const chosen = all.filter((c) => !matcher || matcher.matches(c.name)).sort(byNameThenId);
  const result = await readSourcesOf(client, chosen, progress, signal);
  return { collectors: result, unmatched: matcher?.unmatched() ?? [] };
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
      entry.sources = sources.sort((a, b) =>
        byNameThenId({ name: a.name, id: a.id ?? 0 }, { name: b.name, id: b.id ?? 0 }),
      );
      progress.tick();
    }),
  );
  progress.done();
  return result;
}
