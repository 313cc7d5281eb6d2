import { fail } from "../errors";
import type { CollectorDoc } from "../model/collector";
import * as common from "./common";
import { checkSent, type OnUpdate } from "./server-set";
import {
  bool,
  envelopeObject,
  int,
  invalid,
  isAbsent,
  type Json,
  oneOf,
  type Rule,
  readFields,
  requireBodyId,
  str,
  stringMap,
} from "./values";

/** The modifiable fields of spec 2.1 (docs/reference/service/collector-management-api.md) with their rules. */
export const MODIFIABLE: Record<string, Rule> = {
  name: common.name,
  description: common.description,
  category: str,
  hostName: common.hostName,
  timeZone: common.timeZone,
  fields: stringMap,
  ephemeral: bool,
  cutoffTimestamp: int(0),
  sourceSyncMode: oneOf("UI", "Json"),
  targetCpu: int(-1, 100),
};

/** The modifiable part of a collector; unknown and transient fields are ignored, as Jackson does. */
export type CollectorChanges = Pick<
  CollectorDoc,
  | "name"
  | "description"
  | "category"
  | "hostName"
  | "timeZone"
  | "fields"
  | "ephemeral"
  | "cutoffTimestamp"
  | "sourceSyncMode"
  | "targetCpu"
>;

function changes(input: Json, required: string[], installed: boolean): CollectorChanges {
  const read = readFields(input, MODIFIABLE, required, "collector") as Partial<CollectorChanges>;
  if (!installed && read.sourceSyncMode === "Json") {
    invalid(
      "collector.sourceSyncMode",
      'applies to Installed Collectors only; Hosted ones are always "UI"',
    );
  }
  return {
    name: read.name as string,
    description: read.description,
    category: read.category,
    hostName: read.hostName,
    timeZone: read.timeZone,
    fields: read.fields,
    ephemeral: read.ephemeral ?? false,
    cutoffTimestamp: read.cutoffTimestamp ?? 0,
    sourceSyncMode: installed ? (read.sourceSyncMode ?? "UI") : undefined,
    // -1 is how the service shows "unset", so a client echoing it back unsets it.
    targetCpu: read.targetCpu === undefined || read.targetCpu === -1 ? undefined : read.targetCpu,
  };
}

export interface CollectorCreate extends CollectorChanges {
  cutoffRelativeTime?: string;
}

/** POST /collectors: only Hosted collectors, without an id. */
export function parseCollectorCreate(body: unknown): CollectorCreate {
  const input = envelopeObject(body, "collector");
  if (!isAbsent(input.id)) fail("createValidationError");
  const type = input.collectorType;
  if (isAbsent(type))
    fail("fieldMissing", "Field 'collector.collectorType' is required: send \"Hosted\".");
  if (type !== "Hosted") {
    fail(
      "invalidCollectorType",
      type === "Installable"
        ? "Only Hosted Collectors can be created through the API; Installed Collectors register themselves."
        : 'Collector type is invalid for the operation: collectorType must be "Hosted".',
    );
  }
  const cutoffRelativeTime = isAbsent(input.cutoffRelativeTime)
    ? undefined
    : (common.relativeTime(input.cutoffRelativeTime, "collector.cutoffRelativeTime") as string);
  return { ...changes(input, ["name"], false), cutoffRelativeTime };
}

/** Fields a create sets and a PUT may only send back unchanged (spec 2.1 "Not modifiable"). */
export const CREATE_ONLY = ["cutoffRelativeTime"] as const;

/**
 * Fields the service sets (spec 2.1), and what a PUT may do with them: the spec's "Not
 * modifiable" ones must come back as shown (or empty, or absent); the transient ones, and osTime
 * (it moves with every heartbeat, so a value read a moment ago is already stale), are ignored.
 * docs/reference/local-service.md gives the evidence per field.
 */
export const COLLECTOR_SERVER_SET: Readonly<Record<string, OnUpdate>> = {
  collectorType: "notModifiable",
  osName: "notModifiable",
  osVersion: "notModifiable",
  osArch: "notModifiable",
  osTime: "ignored",
  collectorVersion: "ignored",
  alive: "ignored",
  lastSeenAlive: "ignored",
  links: "ignored",
};

/**
 * PUT /collectors/{id}: the body replaces every modifiable field (an absent optional field
 * returns to its default); server-set fields follow COLLECTOR_SERVER_SET; CREATE_ONLY ones must
 * equal the current value when sent.
 */
export function parseCollectorUpdate(body: unknown, current: CollectorDoc): CollectorChanges {
  const input = envelopeObject(body, "collector");
  requireBodyId(input, current.id, "badRequestCollectorId", "Collector");
  for (const [key, onUpdate] of Object.entries(COLLECTOR_SERVER_SET))
    checkSent(input[key], current[key as keyof CollectorDoc], onUpdate, `collector.${key}`);
  for (const key of CREATE_ONLY) {
    const sent = input[key];
    if (!isAbsent(sent) && sent !== current[key]) {
      invalid(
        `collector.${key}`,
        `is not modifiable: it must equal the current value ${JSON.stringify(current[key] ?? null)}`,
      );
    }
  }
  return changes(input, ["name", "ephemeral"], current.collectorType === "Installable");
}
