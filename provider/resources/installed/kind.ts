// InstalledCollector as an entity kind: a collector kind for "Installable" that only adopts,
// keeps the fields that change on their own out of what it sends back, and applies `version`
// after the write through an upgrade task.
import { COLLECTOR_VOLATILE, collectorKind } from "../collectors/kind";
import type { EntityKind } from "../core/entityKind";
import { isUnset } from "../core/fields";
import { isObject, type JsonObject } from "../core/plain";
import { toId } from "../core/schemas";
import { containsUnknown } from "../core/unknowns";
import { INSTALLED_COLLECTOR_FIELDS } from "./fields";
import { applyVersion } from "./upgrade";

export const NOT_CREATABLE =
  "Installed Collectors cannot be created through the API: one registers itself when the " +
  "collector software is installed and started on a host. Install and start it there first " +
  "(`collectors list --filter installed` lists the registered ones), then take it over with " +
  "`adopt: { name }` or `adopt: { id }`.";

const ADOPT_HINT =
  '{ name: "<registered name>" } or { id: <collector id> } of the Installed Collector to manage ' +
  "(Installed Collectors register themselves; the API cannot create them)";

/**
 * Service fields that change on their own or cannot be changed: never kept in `unmanaged`, never
 * sent back (an OS upgraded on the host would otherwise make every PUT fail).
 */
export const INSTALLED_VOLATILE = [
  ...COLLECTOR_VOLATILE,
  "collectorVersion",
  "osName",
  "osVersion",
  "osArch",
] as const;

/** A resource adopts one collector for good: pointing `adopt` at another is refused. */
function refuseChange(id: string, olds: JsonObject, news: Record<string, unknown>) {
  const adopt = news.adopt;
  if (!isObject(adopt) || containsUnknown(adopt)) return undefined;
  const before = isObject(olds.adopt) ? olds.adopt : {};
  let other: string | undefined;
  if (!isUnset(adopt.id)) {
    if (String(toId(adopt.id)) !== id) other = `id ${String(adopt.id)}`;
  } else if (typeof adopt.name === "string") {
    if (adopt.name !== olds.name && adopt.name !== before.name) {
      other = `the collector named ${JSON.stringify(adopt.name)}`;
    }
  }
  if (!other) return undefined;
  const current = typeof olds.name === "string" ? ` (${JSON.stringify(olds.name)})` : "";
  return (
    `InstalledCollector manages collector ${id}${current}, but its adopt now points at ${other}. ` +
    "A resource cannot move to another collector. To manage that one, add another " +
    "InstalledCollector for it. To stop managing this one without deleting it from the service, " +
    "give it the option `retainOnDelete: true`, run `pulumi up`, then remove it from the program."
  );
}

export function installedCollectorKind(): EntityKind {
  const base = collectorKind({
    kind: "InstalledCollector",
    collectorType: "Installable",
    specs: INSTALLED_COLLECTOR_FIELDS,
    notCreatable: NOT_CREATABLE,
  });
  return {
    ...base,
    rules: () => ({ required: { adopt: ADOPT_HINT } }),
    volatile: INSTALLED_VOLATILE,
    computed: (entity) => {
      const out: JsonObject = { ...base.computed(entity) };
      for (const key of ["collectorVersion", "osName", "osVersion", "osArch"] as const) {
        if (typeof entity[key] === "string") out[key] = entity[key] as string;
      }
      return out;
    },
    afterWrite: applyVersion,
    refuseChange,
  };
}
