// OtCollector: an OpenTelemetry collector, which registers itself when the vendor's collector
// starts on a host (as an Installed Collector does). The resource adopts one by id or name and
// manages what the service lets a PUT change: its name, time zone, tags, description and
// category. Tags whose keys start with `sumo.disco` are the service's own: the service keeps
// them whatever a PUT sends, so the resource neither takes nor shows them (steps/entities.ts).
import { z } from "zod";
import { OT_TAGS_MAX, SERVICE_TAG_PREFIX } from "../../api";
import { adoptedForGood } from "./collectors";
import type { FieldSpecs } from "./fields";
import type { EntityKind } from "./kind";
import {
  categorySchema,
  descriptionSchema,
  hexAdoptSchema,
  nameSchema,
  timeZoneSchema,
  toHexId,
} from "./schemas";

const tagsSchema = z
  .record(z.string(), z.string({ error: "tags values must be strings" }), {
    error: 'tags must be an object of string values, e.g. { team: "web" }',
  })
  .superRefine((tags, ctx) => {
    const keys = Object.keys(tags);
    if (keys.length > OT_TAGS_MAX) {
      ctx.addIssue({ code: "custom", message: `tags can hold at most ${OT_TAGS_MAX} keys` });
    }
    for (const key of keys.filter((k) => k.startsWith(SERVICE_TAG_PREFIX))) {
      ctx.addIssue({
        code: "custom",
        path: [key],
        message: `tags keys starting with "${SERVICE_TAG_PREFIX}" are the service's own (it sets and keeps them): leave ${JSON.stringify(key)} out`,
      });
    }
  });

export const OT_COLLECTOR_FIELDS = {
  name: {
    schema: nameSchema,
    keepWhenUnset: true,
    doc: "Unique in the account, at most 128 characters. Default: the adopted collector's name.",
  },
  description: { schema: descriptionSchema, doc: "What the collector is for." },
  category: { schema: categorySchema, doc: 'The collector\'s category, e.g. "web".' },
  timeZone: {
    schema: timeZoneSchema,
    doc: 'The time zone of the collector\'s host, an IANA name such as "Europe/Paris".',
  },
  tags: {
    schema: tagsSchema,
    default: {},
    doc: `The collector's tags, which source templates select it by. Keys starting with "${SERVICE_TAG_PREFIX}" are the service's own and are not shown here.`,
  },
} as const satisfies FieldSpecs;

/** What the service computes or the collector reports: never kept, never sent back. */
export const OT_COLLECTOR_VOLATILE = [
  "id",
  "alive",
  "ephemeral",
  "isRemotelyManaged",
  "version",
  "systemInfo",
  "healthIncidentsTracker",
  "effectiveConfig",
  "sourceTemplateLinkedCount",
  "createdAt",
  "createdBy",
  "modifiedAt",
  "modifiedBy",
] as const;

export const OT_NOT_CREATABLE =
  "OpenTelemetry collectors cannot be created through the API: one registers itself when the " +
  "vendor's OpenTelemetry collector is installed and started on a host. Install and start it " +
  "there first (`collectors ot list` lists the registered ones), then take it over with " +
  "`adopt: { name }` or `adopt: { id }`.";

const ADOPT_HINT =
  '{ name: "<registered name>" } or { id: "<its 16-character id>" } of the OpenTelemetry ' +
  "collector to manage (they register themselves; the API cannot create them)";

export const OT_COLLECTOR: EntityKind = {
  kind: "OtCollector",
  collection: "otCollectors",
  fields: OT_COLLECTOR_FIELDS,
  controls: { adopt: { schema: hexAdoptSchema } },
  rules: () => ({ label: "OtCollector", required: { adopt: ADOPT_HINT } }),
  fixed: () => ({}),
  serverSet: ["alive", "ephemeral", "isRemotelyManaged", "version"],
  volatile: OT_COLLECTOR_VOLATILE,
  notCreatable: OT_NOT_CREATABLE,
  adoptedId: toHexId,
  mismatch: () => undefined,
  refuseChange: adoptedForGood("OtCollector", "OpenTelemetry collector", toHexId),
};
