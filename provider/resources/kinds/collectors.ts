// The collector kinds: HostedCollector (created through the API) and InstalledCollector (which
// registers itself; the resource adopts one, and applies `version` after its writes through an
// upgrade task, steps/upgrade.ts). Each is a table of fields with the few things that differ.
import { z } from "zod";
import { resourceError } from "./errors";
import { containsUnknown, type FieldSpecs, isObject, isUnset } from "./fields";
import type { EntityKind } from "./kind";
import {
  adoptSchema,
  booleanSchema,
  categorySchema,
  cutoffRelativeTimeSchema,
  cutoffTimestampSchema,
  descriptionSchema,
  hostNameSchema,
  metadataFieldsSchema,
  nameSchema,
  timeZoneSchema,
  toId,
} from "./schemas";
import { versionSchema } from "./version";

/** Modifiable fields every collector has (docs/reference/service/collector-management-api.md §2.1). */
export const COLLECTOR_FIELDS = {
  name: {
    schema: nameSchema,
    keepWhenUnset: true,
    doc: "Unique in the account, at most 128 characters. Default: the logical name plus 7 hex characters of a hash of the resource's URN, the same in every run.",
  },
  // The others are described by the service's schema (api/schemas/collector.ts).
  description: { schema: descriptionSchema },
  category: { schema: categorySchema },
  hostName: { schema: hostNameSchema },
  timeZone: { schema: timeZoneSchema },
  fields: { schema: metadataFieldsSchema },
  ephemeral: { schema: booleanSchema("ephemeral"), default: false },
  cutoffTimestamp: { schema: cutoffTimestampSchema, default: 0 },
  cutoffRelativeTime: { schema: cutoffRelativeTimeSchema, replace: true, keepInput: true },
} as const satisfies FieldSpecs;

// The fields of an Installed Collector the resource manages: the collector fields every
// collector has (except cutoffRelativeTime, which only a create can set, and Installed
// Collectors are never created through the API), plus sourceSyncMode, targetCpu and version.

const { cutoffRelativeTime: _createOnly, ...common } = COLLECTOR_FIELDS;

export const INSTALLED_COLLECTOR_FIELDS = {
  ...common,
  name: {
    ...common.name,
    doc: "Unique in the account, at most 128 characters. Default: the adopted collector's name.",
  },
  sourceSyncMode: {
    schema: z.enum(["UI", "Json"], {
      error:
        'sourceSyncMode must be "UI" (sources managed through the API) or "Json" (a local JSON file)',
    }),
    default: "UI",
  },
  targetCpu: {
    schema: z
      .number({ error: "targetCpu must be a whole-number percentage between 1 and 100" })
      .int({ error: "targetCpu must be a whole-number percentage between 1 and 100" })
      .min(1, { error: "targetCpu must be between 1 and 100 (leave it out for no target)" })
      .max(100, { error: "targetCpu must be between 1 and 100 (leave it out for no target)" }),
    // The service shows an unset target as -1, and takes -1 back as "unset".
    default: -1,
  },
  version: {
    schema: versionSchema,
    readFrom: "collectorVersion",
    notSent: true,
    doc: 'The collector build to run, e.g. "19.470-4": a change starts an upgrade or downgrade task and waits for it.',
  },
} as const satisfies FieldSpecs;

/** Fields the service computes or that change on their own: never kept, never sent back. */
export const COLLECTOR_VOLATILE = ["id", "links", "alive", "lastSeenAlive", "osTime"] as const;

/**
 * Service fields of an Installed Collector that change on their own or cannot be changed: never
 * kept in `unmanaged`, never sent back (an OS upgraded on the host would otherwise make every
 * PUT fail).
 */
export const INSTALLED_SERVER_SET = ["collectorVersion", "osName", "osVersion", "osArch"] as const;

const TYPE_NAMES: Record<string, string> = {
  Hosted: "a Hosted Collector",
  Installable: "an Installed Collector",
};

function mismatch(collectorType: "Hosted" | "Installable") {
  return (entity: Record<string, unknown>) =>
    entity.collectorType === collectorType
      ? undefined
      : `it is ${TYPE_NAMES[String(entity.collectorType)] ?? `a ${String(entity.collectorType)} collector`}, ` +
        `not ${TYPE_NAMES[collectorType]}`;
}

export const HOSTED_COLLECTOR: EntityKind = {
  kind: "HostedCollector",
  collection: "collectors",
  fields: COLLECTOR_FIELDS,
  controls: { adopt: { schema: adoptSchema } },
  rules: () => ({ label: "HostedCollector" }),
  fixed: () => ({ collectorType: "Hosted" }),
  serverSet: ["collectorType", "alive"],
  volatile: COLLECTOR_VOLATILE,
  mismatch: mismatch("Hosted"),
};

export const NOT_CREATABLE =
  "Installed Collectors cannot be created through the API: one registers itself when the " +
  "collector software is installed and started on a host. Install and start it there first " +
  "(`collectors list --filter installed` lists the registered ones), then take it over with " +
  "`adopt: { name }` or `adopt: { id }`.";

const ADOPT_HINT =
  '{ name: "<registered name>" } or { id: <collector id> } of the Installed Collector to manage ' +
  "(Installed Collectors register themselves; the API cannot create them)";

/**
 * A resource adopts one object for good: pointing `adopt` at another is refused. `noun` names
 * what it adopts in the message ("collector"); `idOf` reads adopt.id as the service's id.
 */
export function adoptedForGood(
  kind: string,
  noun: string,
  idOf: (value: unknown) => string,
): NonNullable<EntityKind["refuseChange"]> {
  return (id, olds, news) => {
    const adopt = news.adopt;
    if (!isObject(adopt) || containsUnknown(adopt)) return undefined;
    const before = isObject(olds.adopt) ? olds.adopt : {};
    let other: string | undefined;
    if (!isUnset(adopt.id)) {
      if (idOf(adopt.id) !== id) other = `id ${String(adopt.id)}`;
    } else if (typeof adopt.name === "string") {
      if (adopt.name !== olds.name && adopt.name !== before.name) {
        other = `the ${noun} named ${JSON.stringify(adopt.name)}`;
      }
    }
    if (!other) return undefined;
    const current = typeof olds.name === "string" ? ` (${JSON.stringify(olds.name)})` : "";
    return resourceError("adoptMoved", { kind, noun, id, current, other });
  };
}

export const INSTALLED_COLLECTOR: EntityKind = {
  kind: "InstalledCollector",
  collection: "collectors",
  fields: INSTALLED_COLLECTOR_FIELDS,
  controls: { adopt: { schema: adoptSchema } },
  rules: () => ({ label: "InstalledCollector", required: { adopt: ADOPT_HINT } }),
  fixed: () => ({ collectorType: "Installable" }),
  serverSet: ["collectorType", "alive", ...INSTALLED_SERVER_SET],
  volatile: [...COLLECTOR_VOLATILE, ...INSTALLED_SERVER_SET],
  notCreatable: NOT_CREATABLE,
  mismatch: mismatch("Installable"),
  afterWrite: "applyVersion",
  refuseChange: adoptedForGood("InstalledCollector", "collector", (value) => String(toId(value))),
};
