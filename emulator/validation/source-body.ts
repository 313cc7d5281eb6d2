import { fail } from "../errors";
import type { CollectorDoc } from "../model/collector";
import type { SourceDoc } from "../model/source";
import {
  COMMON_DEFAULTS,
  COMMON_FIELDS,
  checkFilters,
  SERVER_FIELDS,
  SOURCE_TYPES,
  type SourceTypeSpec,
} from "./source-types";
import { envelopeObject, invalid, isAbsent, type Json, readFields, requireBodyId } from "./values";

export interface SourceInput {
  sourceType: string;
  config: Json;
}

function specFor(sourceType: unknown, collector: CollectorDoc): SourceTypeSpec {
  if (isAbsent(sourceType) || sourceType === "") fail("emptySourceType");
  if (typeof sourceType !== "string")
    fail("invalidSourceType", "Source type is invalid: sourceType must be a string.");
  const spec = Object.hasOwn(SOURCE_TYPES, sourceType) ? SOURCE_TYPES[sourceType] : undefined;
  if (!spec) {
    fail(
      "invalidSourceType",
      `Source type "${sourceType}" is unknown: use one of ${Object.keys(SOURCE_TYPES).join(", ")}.`,
    );
  }
  if (spec.collector !== collector.collectorType) {
    const kind = spec.collector === "Hosted" ? "Hosted" : "Installed";
    fail(
      "invalidSourceType",
      `Source type "${sourceType}" belongs to ${kind} Collectors; collector ${collector.id} is not one.`,
    );
  }
  return spec;
}

/**
 * Reads a source body: the common and the type's own fields are checked; fields this emulator
 * does not know are kept as sent (the spec does not list every field of every type), except the
 * server-assigned ones.
 */
function readConfig(input: Json, spec: SourceTypeSpec): Json {
  const known = { ...COMMON_FIELDS, ...spec.fields };
  const checked = readFields(input, known, ["name", ...spec.required], "source");
  const extra = Object.entries(input).filter(
    ([key, value]) =>
      !Object.hasOwn(known, key) &&
      !SERVER_FIELDS.has(key) &&
      key !== "sourceType" &&
      !isAbsent(value),
  );
  for (const [key, value] of Object.entries(spec.fixed ?? {})) {
    const sent = input[key];
    if (!isAbsent(sent) && sent !== value)
      invalid(`source.${key}`, `must be "${value}" for this source type`);
  }
  const config: Json = Object.fromEntries([
    ...Object.entries(COMMON_DEFAULTS),
    ...Object.entries(spec.defaults ?? {}),
    ...extra.filter(([key]) => !Object.hasOwn(spec.fixed ?? {}, key)),
    ...Object.entries(checked),
    ...Object.entries(spec.fixed ?? {}),
  ]);
  checkFilters(config);
  spec.check?.(config);
  return config;
}

/** POST /collectors/{id}/sources. */
export function parseSourceCreate(body: unknown, collector: CollectorDoc): SourceInput {
  const input = envelopeObject(body, "source");
  const spec = specFor(input.sourceType, collector);
  if (!isAbsent(input.id)) fail("createValidationError");
  return { sourceType: input.sourceType as string, config: readConfig(input, spec) };
}

/**
 * PUT /collectors/{cid}/sources/{id}: the body carries the id and replaces every modifiable field;
 * sourceType and cutoffRelativeTime must equal their current values.
 */
export function parseSourceUpdate(
  body: unknown,
  collector: CollectorDoc,
  current: SourceDoc,
): SourceInput {
  const input = envelopeObject(body, "source");
  requireBodyId(input, current.id, "badRequestBladeId", "Source");
  const spec = specFor(input.sourceType, collector);
  if (input.sourceType !== current.sourceType) {
    fail(
      "invalidSourceType",
      `sourceType is not modifiable: it must stay "${current.sourceType}".`,
    );
  }
  const config = readConfig(input, spec);
  const before = current.config.cutoffRelativeTime;
  if (config.cutoffRelativeTime === undefined && before !== undefined)
    config.cutoffRelativeTime = before;
  if (config.cutoffRelativeTime !== before) {
    invalid(
      "source.cutoffRelativeTime",
      `is not modifiable: it must equal the current value ${JSON.stringify(before ?? null)}`,
    );
  }
  return { sourceType: current.sourceType, config };
}
