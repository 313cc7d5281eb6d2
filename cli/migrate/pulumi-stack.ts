// Reads the JSON of `pulumi stack export` of a stack on Pulumi's bridged `@pulumi/sumologic` for
// what `collectors migrate pulumi` takes: its collectors and sources (type tokens
// `sumologic:index/<module>:<Type>`), each with its logical name, URN, id and a source's
// collectorId, and what depends on them. Nothing else is kept: the export may hold secrets.
import { isObject } from "../../provider/resources/kinds/fields";
import { identifierOf } from "../export/names";
import { readDeployment } from "../recover/stack-export";
import { type Handover, idOf, NOT_SERVED, type NotTaken, type Taken } from "./handover";

/** The bridged package's collector types. */
const COLLECTOR_TYPES = new Set([
  "sumologic:index/collector:Collector",
  "sumologic:index/installedCollector:InstalledCollector",
]);

/** Its source types: `sumologic:index/<x>Source:<X>Source`, which keep collectorId beside the id. */
const SOURCE_TYPE = /^sumologic:index\/[A-Za-z0-9]+Source:[A-Za-z0-9]+Source$/;

/** Types the engine makes for every stack: not the user's resources, never reported. */
const ENGINE_TYPE = /^pulumi:(pulumi:Stack|providers:.*)$/;

const NOT_SERVED_TYPES: Readonly<Record<string, string>> = {
  "sumologic:index/otCollector:OtCollector": NOT_SERVED.otCollector,
  "sumologic:index/sourceTemplate:SourceTemplate": NOT_SERVED.sourceTemplate,
};

/** The logical name: the URN's last part (`urn:pulumi:stack::project::type::name`). */
function logicalNameOf(urn: string): string {
  return urn.slice(urn.lastIndexOf("::") + 2);
}

/** What the resource depends on: its dependencies, its properties' and its parent. */
function dependenciesOf(resource: Record<string, unknown>): string[] {
  const direct = Array.isArray(resource.dependencies) ? resource.dependencies : [];
  const byProperty = isObject(resource.propertyDependencies)
    ? Object.values(resource.propertyDependencies).flat()
    : [];
  const parent = typeof resource.parent === "string" ? [resource.parent] : [];
  return [...direct, ...byProperty, ...parent].filter((urn) => typeof urn === "string");
}

function familyOf(type: string): "collector" | "source" | string {
  const unserved = NOT_SERVED_TYPES[type];
  if (unserved) return unserved;
  if (COLLECTOR_TYPES.has(type)) return "collector";
  if (SOURCE_TYPE.test(type)) return "source";
  return "not a collector or a source";
}

/** The collectors and sources a stack export holds; `source` names it in messages. */
export function readPulumiStack(text: string, source: string): Handover {
  const deployment = readDeployment(text, source);
  const resources = (deployment.resources as unknown[]).filter(isObject);
  const taken: Taken[] = [];
  const notTaken: NotTaken[] = [];
  for (const resource of resources) {
    const { urn, type } = resource;
    if (typeof urn !== "string" || typeof type !== "string" || ENGINE_TYPE.test(type)) continue;
    if (resource.delete === true) continue; // replaced, waiting to be deleted: not the live one
    const family = familyOf(type);
    if (family !== "collector" && family !== "source") {
      notTaken.push({ what: urn, reason: family });
      continue;
    }
    const outputs = isObject(resource.outputs) ? resource.outputs : {};
    const id = idOf(resource.id);
    const collectorId = idOf(outputs.collectorId);
    if (id === undefined || (family === "source" && collectorId === undefined)) {
      notTaken.push({ what: urn, reason: "its state holds no id of the service's" });
      continue;
    }
    const name = logicalNameOf(urn);
    taken.push({ kind: family, id, collectorId, name: identifierOf(name, family), from: urn });
  }
  const takenUrns = new Set(taken.map((t) => t.from));
  const dependents = new Map<string, string[]>();
  for (const resource of resources) {
    const urn = resource.urn;
    if (typeof urn !== "string" || takenUrns.has(urn)) continue;
    for (const on of dependenciesOf(resource)) {
      if (takenUrns.has(on)) dependents.set(on, [...(dependents.get(on) ?? []), urn]);
    }
  }
  return { taken, notTaken, dependents };
}
