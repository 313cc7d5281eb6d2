import { isDeepStrictEqual } from "node:util";
import { fail } from "../errors";
import type { CollectorDoc, CollectorType } from "../model/collector";
import type { SourceDoc } from "../model/source";
import { restoreMasked, sourceSecretPaths } from "./secrets";
import { checkSent, isPlaceholder } from "./server-set";
import {
  ALWAYS_NOT_MODIFIABLE,
  COMMON_DEFAULTS,
  COMMON_FIELDS,
  checkFilters,
  LEGACY_TYPES,
  SERVER_FIELDS,
  SOURCE_SERVER_SET,
  SOURCE_TYPES,
  type SourceTypeSpec,
} from "./source-types";
import { checkSentRef } from "./third-party";
import { readUniversal } from "./universal";
import {
  entryOf,
  envelopeObject,
  invalid,
  isAbsent,
  type Json,
  readFields,
  requireBodyId,
} from "./values";

export interface SourceInput {
  sourceType: string;
  config: Json;
}

const UNIVERSAL = "Universal";

function collectorOf(sourceType: string): CollectorType | undefined {
  if (sourceType === UNIVERSAL) return "Hosted";
  return entryOf(SOURCE_TYPES, sourceType)?.collector;
}

/** Checks the sourceType and that it belongs on this collector's kind. */
function checkType(sourceType: unknown, collector: CollectorDoc): string {
  if (isAbsent(sourceType) || sourceType === "") fail("emptySourceType");
  if (typeof sourceType !== "string")
    fail("invalidSourceType", "Source type is invalid: sourceType must be a string.");
  if (Object.hasOwn(LEGACY_TYPES, sourceType)) {
    fail(
      "invalidSourceType",
      `Source type "${sourceType}" is a legacy name this service does not accept: use ${LEGACY_TYPES[sourceType]}.`,
    );
  }
  const kind = collectorOf(sourceType);
  if (!kind) {
    const known = [...Object.keys(SOURCE_TYPES), UNIVERSAL].join(", ");
    fail("invalidSourceType", `Source type is unknown: sourceType must be one of ${known}.`);
  }
  if (kind !== collector.collectorType) {
    const where = kind === "Hosted" ? "Hosted" : "Installed";
    fail(
      "invalidSourceType",
      `Source type "${sourceType}" belongs on ${where} Collectors; collector ${collector.id} is not one.`,
    );
  }
  return sourceType;
}

/**
 * A type's fixed values (SystemStats contentType HostMetrics): filled in when absent or empty,
 * kept when equal; another value is refused, as it would make another kind of source.
 */
function applyFixed(out: Json, input: Json, fixed: Json): void {
  for (const [key, value] of Object.entries(fixed)) {
    const sent = input[key];
    if (!isPlaceholder(sent) && !isDeepStrictEqual(sent, value))
      invalid(
        `source.${key}`,
        `is ${JSON.stringify(value)} on this source type: send that or leave it out`,
      );
    out[key] = value;
  }
}

/**
 * Reads a source body: the common and the type's own fields are checked; fields this emulator
 * does not know are kept as sent (the sheet does not say whether unknown keys are refused),
 * except the server-assigned ones.
 */
function readConfig(input: Json, spec: SourceTypeSpec): Json {
  for (const [key, why] of Object.entries(spec.refused ?? {}))
    if (!isAbsent(input[key])) invalid(`source.${key}`, why);
  const known = { ...COMMON_FIELDS, ...spec.fields };
  const checked = readFields(input, known, ["name", ...spec.required], "source");
  const fixed = spec.fixed ?? {};
  const extra = Object.entries(input).filter(
    ([key, value]) =>
      !Object.hasOwn(known, key) &&
      !Object.hasOwn(fixed, key) &&
      !SERVER_FIELDS.has(key) &&
      key !== "sourceType" &&
      !isAbsent(value),
  );
  const config: Json = Object.fromEntries([
    ...Object.entries(COMMON_DEFAULTS),
    ...Object.entries(spec.defaults ?? {}),
    ...extra,
    ...Object.entries(checked),
  ]);
  applyFixed(config, input, fixed);
  checkFilters(config);
  spec.check?.(config);
  return config;
}

function readBody(sourceType: string, input: Json, current?: Json): Json {
  const spec = entryOf(SOURCE_TYPES, sourceType);
  return spec ? readConfig(input, spec) : readUniversal(input, current);
}

/** POST /collectors/{id}/sources. */
export function parseSourceCreate(body: unknown, collector: CollectorDoc): SourceInput {
  const input = envelopeObject(body, "source");
  const sourceType = checkType(input.sourceType, collector);
  if (!isAbsent(input.id)) fail("createValidationError");
  return { sourceType, config: readBody(sourceType, input) };
}

/**
 * PUT /collectors/{cid}/sources/{id}: the body carries the id and replaces every modifiable field;
 * `********` where a secret is stored keeps it; not-modifiable fields may be left out or sent
 * back unchanged; server-set ones follow SOURCE_SERVER_SET (server-set.ts).
 */
export function parseSourceUpdate(
  body: unknown,
  collector: CollectorDoc,
  current: SourceDoc,
): SourceInput {
  const sent = envelopeObject(body, "source");
  requireBodyId(sent, current.id, "badRequestBladeId", "Source");
  const sourceType = checkType(sent.sourceType, collector);
  if (sourceType !== current.sourceType) {
    fail(
      "invalidSourceType",
      `sourceType is not modifiable: it must stay "${current.sourceType}".`,
    );
  }
  const input = structuredClone(sent);
  restoreMasked(input, current.config, sourceSecretPaths(sourceType, input));
  for (const [key, onUpdate] of Object.entries(SOURCE_SERVER_SET))
    checkSent(input[key], current[key as keyof SourceDoc], onUpdate, `source.${key}`);
  checkSentRef(input.thirdPartyRef, current.config.thirdPartyRef);
  const config = readBody(sourceType, input, current.config);
  const fixedKeys = [
    ...ALWAYS_NOT_MODIFIABLE,
    ...(entryOf(SOURCE_TYPES, sourceType)?.notModifiable?.(current.config) ?? []),
  ];
  for (const key of fixedKeys) {
    const before = current.config[key];
    if (config[key] === undefined && before !== undefined) config[key] = before;
    if (!isDeepStrictEqual(config[key], before)) {
      invalid(
        `source.${key}`,
        before === undefined
          ? "is not modifiable: it was not set on create, so leave it out"
          : "is not modifiable: leave it out or send back the value the service shows",
      );
    }
  }
  return { sourceType, config };
}
