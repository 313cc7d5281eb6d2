// Reads the JSON of `pulumi stack export` of a stack on Pulumi's bridged `@pulumi/sumologic` for
// what `collectors migrate pulumi` takes over: its collectors and sources, OpenTelemetry
// collectors and source templates (type tokens `sumologic:index/<module>:<Type>`), each with its
// logical name, URN, id, a source's collectorId and a template's inputJson (JSON text, parsed;
// only compared with the service's), and what depends on them. Nothing else is kept: the export
// may hold secrets.
import { logicalNameOf } from "../../provider/resources/steps/urn";
import { identifierOf } from "../export/names";
import { readStackExport } from "../shared/stack-export";
import { familyOf, type TypeTable } from "./family";
import { type Candidate, candidateOf, type NotTaken, type OldState } from "./old-state";

/**
 * The bridged package's collector and source types (a source keeps collectorId beside its id),
 * and its OpenTelemetry ones (the id the Terraform provider gives: 16 hexadecimal digits).
 */
const TYPES: TypeTable = {
  collectors: new Set([
    "sumologic:index/collector:Collector",
    "sumologic:index/installedCollector:InstalledCollector",
  ]),
  sources: /^sumologic:index\/[A-Za-z0-9]+Source:[A-Za-z0-9]+Source$/,
  otCollector: "sumologic:index/otCollector:OtCollector",
  sourceTemplate: "sumologic:index/sourceTemplate:SourceTemplate",
};

const MISSING = "its state holds no id of the service's";

/** Types the engine makes for every stack: not the user's resources, never reported. */
const ENGINE_TYPE = /^pulumi:(pulumi:Stack|providers:.*)$/;

/** The collectors and sources a stack export holds; `source` names it in messages. */
export function readPulumiStack(text: string, source: string): OldState {
  const { resources } = readStackExport(text, source);
  const candidates: Candidate[] = [];
  const notTaken: NotTaken[] = [];
  for (const resource of resources) {
    const { urn, type } = resource;
    if (ENGINE_TYPE.test(type)) continue;
    if (resource.deleting) continue; // replaced, waiting to be deleted: not the live one
    const family = familyOf(type, TYPES);
    if (typeof family !== "string") {
      notTaken.push({ what: urn, reason: family.reason });
      continue;
    }
    const { outputs } = resource;
    const entry = {
      id: resource.id,
      collectorId: outputs.collectorId,
      inputJson: outputs.inputJson,
      name: identifierOf(logicalNameOf(urn), family),
      from: urn,
    };
    const candidate = candidateOf(family, entry, { collectorId: "collectorId", missing: MISSING });
    if ("reason" in candidate) notTaken.push({ what: urn, reason: candidate.reason });
    else candidates.push(candidate);
  }
  const candidateUrns = new Set(candidates.map((c) => c.from));
  const dependents = new Map<string, string[]>();
  for (const resource of resources) {
    if (candidateUrns.has(resource.urn)) continue;
    for (const on of resource.dependsOn) {
      if (!candidateUrns.has(on)) continue;
      const list = dependents.get(on) ?? [];
      dependents.set(on, list);
      list.push(resource.urn);
    }
  }
  return { candidates, notTaken, dependents };
}
