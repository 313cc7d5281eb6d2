// Reads from the service what a hand-over names: each taken collector and the taken sources of
// each collector, as they are now (the program declares what the service holds, as an export
// does). An object the old tool remembers but the service no longer has is not taken.
import { type CollectorsClient, isGone, type Source as SourceInfo } from "../../provider/api";
import { type Account, byNameThenId, type CollectorWithSources } from "../export/read";
import type { Handover, NotTaken, Taken } from "./handover";

export interface ReadHandover {
  account: Account;
  /** Objects of the hand-over the service does not have. */
  missing: NotTaken[];
}

const gone = (taken: Taken): NotTaken => ({
  what: taken.from,
  reason: `the service has no ${taken.kind} ${taken.id} (deleted outside the old tool?)`,
});

/** One collector at a time: a migration reads few objects, and the client paces every request. */
export async function readHandover(
  client: CollectorsClient,
  handover: Handover,
  signal: AbortSignal,
): Promise<ReadHandover> {
  const collectorIds = new Set(
    handover.taken.filter((t) => t.kind === "collector").map((t) => t.id),
  );
  const sourcesOf = new Map<number, Taken[]>();
  for (const taken of handover.taken) {
    if (taken.kind !== "source" || taken.collectorId === undefined) continue;
    sourcesOf.set(taken.collectorId, [...(sourcesOf.get(taken.collectorId) ?? []), taken]);
  }
  const missing: NotTaken[] = [];
  const collectors: CollectorWithSources[] = [];
  for (const collectorId of new Set([...collectorIds, ...sourcesOf.keys()])) {
    const wanted = sourcesOf.get(collectorId) ?? [];
    const takenCollector = handover.taken.find(
      (t) => t.kind === "collector" && t.id === collectorId,
    );
    let collector: CollectorWithSources["collector"];
    let listed: SourceInfo[];
    try {
      collector = (await client.collectors.get(collectorId, { signal })).collector;
      listed = wanted.length > 0 ? await client.sources.list(collectorId, {}, { signal }) : [];
    } catch (error) {
      if (!isGone(error)) throw error;
      missing.push(...(takenCollector ? [takenCollector] : []).map(gone), ...wanted.map(gone));
      continue;
    }
    const byId = new Map(listed.map((source) => [source.id, source]));
    const sources = wanted.flatMap((taken) => {
      const source = byId.get(taken.id);
      if (!source) missing.push(gone(taken));
      return source ? [source] : [];
    });
    sources.sort((a, b) =>
      byNameThenId({ name: a.name, id: a.id ?? 0 }, { name: b.name, id: b.id ?? 0 }),
    );
    collectors.push({ collector, sources, declared: takenCollector !== undefined });
  }
  collectors.sort((a, b) => byNameThenId(a.collector, b.collector));
  return { account: { collectors, unmatched: [] }, missing };
}
