// Reads from the service the candidates of the old state: each collector and the sources of
// each collector, each OpenTelemetry collector, and the source templates, as they are now (the
// program declares what the service holds, as an export does). An object the old tool remembers
// but the service no longer has is not taken over.
import {
  type CollectorsClient,
  isGone,
  type OtCollector,
  type Source as SourceInfo,
  type SourceTemplate,
} from "../../provider/api";
import { type Account, byName, templateName } from "../export/read";
import { byNameThenId, bySourceName, type CollectorWithSources } from "../shared/read-sources";
import type { Candidate, FleetCandidate, NotTaken, OldState, OtCandidate } from "./old-state";

export interface ServiceRead {
  account: Account;
  /** Candidates the service does not have. */
  missing: NotTaken[];
}

const KIND_WORDS: Record<Candidate["kind"], string> = {
  collector: "collector",
  source: "source",
  otCollector: "OpenTelemetry collector",
  sourceTemplate: "source template",
};

const gone = (candidate: Candidate): NotTaken => ({
  what: candidate.from,
  reason: `the service has no ${KIND_WORDS[candidate.kind]} ${candidate.id} (deleted outside the old tool?)`,
});

const isFleet = (c: Candidate): c is FleetCandidate =>
  c.kind === "collector" || c.kind === "source";
const ofKind =
  <K extends OtCandidate["kind"]>(kind: K) =>
  (c: Candidate): c is OtCandidate & { kind: K } =>
    c.kind === kind;

/** One collector at a time: a migration reads few objects, and the client paces every request. */
export async function readCandidates(
  client: CollectorsClient,
  oldState: OldState,
  signal: AbortSignal,
): Promise<ServiceRead> {
  const fleet = oldState.candidates.filter(isFleet);
  const collectorCandidates = new Map(
    fleet.filter((c) => c.kind === "collector").map((c) => [c.id, c]),
  );
  const sourcesOf = new Map<number, FleetCandidate[]>();
  for (const candidate of fleet) {
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

  // OpenTelemetry collectors by id, one GET each.
  const otCollectors: OtCollector[] = [];
  for (const candidate of oldState.candidates.filter(ofKind("otCollector"))) {
    try {
      otCollectors.push((await client.otCollectors.get(candidate.id, { signal })).collector);
    } catch (error) {
      if (!isGone(error)) throw error;
      missing.push(gone(candidate));
    }
  }
  otCollectors.sort(
    byName(
      (c: OtCollector) => c.name,
      (c) => c.id,
    ),
  );

  // Source templates from the list with the disabled ones (a disabled one reads as 404 by id).
  const templateCandidates = oldState.candidates.filter(ofKind("sourceTemplate"));
  const sourceTemplates: SourceTemplate[] = [];
  if (templateCandidates.length > 0) {
    const listed = new Map(
      (await client.sourceTemplates.list({ showDisabled: true }, { signal })).map((t) => [
        t.id.toUpperCase(),
        t,
      ]),
    );
    for (const candidate of templateCandidates) {
      const template = listed.get(candidate.id);
      if (template) sourceTemplates.push(template);
      else missing.push(gone(candidate));
    }
  }
  sourceTemplates.sort(byName(templateName, (t: SourceTemplate) => t.id));
  return {
    account: { collectors, otCollectors, sourceTemplates, unmatched: [] },
    missing,
  };
}
