// Reads from the service the candidates of the old state: each collector and the sources of
// each collector, as they are now (the program declares what the service holds, as an export
// does). An object the old tool remembers but the service no longer has is not taken over.
import { type CollectorsClient, isGone, type Source as SourceInfo } from "../../provider/api";
import type { Account } from "../export/read";
import { byNameThenId, bySourceName, type CollectorWithSources } from "../shared/read-sources";
import type { Candidate, NotTaken, OldState } from "./old-state";

export interface ServiceRead {
  account: Account;
  /** Candidates the service does not have. */
  missing: NotTaken[];
}

const gone = (candidate: Candidate): NotTaken => ({
  what: candidate.from,
  reason: `the service has no ${candidate.kind} ${candidate.id} (deleted outside the old tool?)`,
});

/** One collector at a time: a migration reads few objects, and the client paces every request. */
export async function readCandidates(
  client: CollectorsClient,
  oldState: OldState,
  signal: AbortSignal,
): Promise<ServiceRead> {
  const collectorCandidates = new Map(
    oldState.candidates.filter((c) => c.kind === "collector").map((c) => [c.id, c]),
  );
  const sourcesOf = new Map<number, Candidate[]>();
  for (const candidate of oldState.candidates) {
    if (candidate.kind !== "source" || candidate.collectorId === undefined) continue;
    const list = sourcesOf.get(candidate.collectorId) ?? [];
    sourcesOf.set(candidate.collectorId, list);
    list.push(candidate);
  }
  const missing: NotTaken[] = [];
  const collectors: CollectorWithSources[] = [];
  for (const collectorId of new Set([...collectorCandidates.keys(), ...sourcesOf.keys()])) {
    const wanted = sourcesOf.get(collectorId) ?? [];
    const collectorCandidate = collectorCandidates.get(collectorId);
    let collector: CollectorWithSources["collector"];
    let listed: SourceInfo[];
    try {
      collector = (await client.collectors.get(collectorId, { signal })).collector;
      listed = wanted.length > 0 ? await client.sources.list(collectorId, {}, { signal }) : [];
    } catch (error) {
      if (!isGone(error)) throw error;
      missing.push(
        ...(collectorCandidate ? [collectorCandidate] : []).map(gone),
        ...wanted.map(gone),
      );
      continue;
    }
    const byId = new Map(listed.map((source) => [source.id, source]));
    const sources = wanted.flatMap((candidate) => {
      const source = byId.get(candidate.id);
      if (!source) missing.push(gone(candidate));
      return source ? [source] : [];
    });
    sources.sort(bySourceName);
    collectors.push({ collector, sources, declared: collectorCandidate !== undefined });
  }
  collectors.sort((a, b) => byNameThenId(a.collector, b.collector));
  return { account: { collectors, unmatched: [] }, missing };
}
