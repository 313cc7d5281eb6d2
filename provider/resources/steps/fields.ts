// The one model of a resource's fields that check, diff, the outputs and the update body share.
//
// A field the program sets is "managed": the outputs keep the service's value for it, a change
// on either side is a diff, and removing it from the program resets it to the service's default.
// A field the program leaves unset is the service's business: its value rides along in
// `unmanaged` and goes back unchanged in every update, so nothing is ever erased.
//
// Also here: plain JSON copies (outputs must be plain). The field specs themselves are the
// kinds' (kinds/fields.ts).
import { isDeepStrictEqual } from "node:util";
import { stringLeaves } from "../../api/redact";
import { credentialsIn } from "../kinds/credentials";
import {
  containsUnknown,
  type FieldSpec,
  type FieldSpecs,
  isObject,
  isUnset,
  type Json,
  type JsonObject,
  MASK,
} from "../kinds/fields";

/**
 * The service's value of a `subset` field seen through what the program gave: only the members
 * the program gave (recursively), the program's value where the service shows the mask.
 */
export function subsetView(
  service: unknown,
  given: unknown,
  keep: readonly string[] = [],
): unknown {
  if (service === MASK && typeof given === "string") return given;
  if (isObject(service) && isObject(given)) {
    const out: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(given)) {
      if (keep.includes(key)) out[key] = member;
      else if (Object.hasOwn(service, key)) out[key] = subsetView(service[key], member);
    }
    return out;
  }
  if (Array.isArray(service) && Array.isArray(given) && service.length === given.length) {
    return service.map((item, i) => subsetView(item, given[i]));
  }
  return service;
}

/** The service's value of a field as the outputs show it and compare it (`recorded`: the input). */
export function serviceValue(spec: FieldSpec, service: unknown, recorded: unknown): unknown {
  return spec.subset && !isUnset(recorded)
    ? subsetView(service, recorded, spec.keepMembers)
    : service;
}

// Empty strings, arrays and objects (and null) mean "nothing" to the service.
function normalize(value: unknown): unknown {
  if (value === null || value === undefined || value === "") return undefined;
  if (Array.isArray(value)) return value.length === 0 ? undefined : value.map(normalize);
  if (isObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value)) {
      const norm = normalize(member);
      if (norm !== undefined) out[key] = norm;
    }
    return Object.keys(out).length === 0 ? undefined : out;
  }
  return value;
}

/** Whether two values of a field mean the same to the service. */
export function equivalent(spec: FieldSpec, a: unknown, b: unknown): boolean {
  const fill = (v: unknown) =>
    normalize(v) === undefined ? normalize(spec.default) : normalize(v);
  return isDeepStrictEqual(fill(a), fill(b));
}

export interface FieldDiff {
  /** Fields to change in place. */
  updates: string[];
  /** Fields whose change needs a new object. */
  replaces: string[];
}

/**
 * What differs between the program (`news`, checked inputs) and the last known state (`olds`,
 * the outputs). No HTTP: everything needed is in the outputs.
 */
export function diffFields(
  specs: FieldSpecs,
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
): FieldDiff {
  const updates: string[] = [];
  const replaces: string[] = [];
  for (const [key, spec] of Object.entries(specs)) {
    const desired = news[key];
    const actual = olds[key];
    if (isUnset(desired)) {
      // Unset now: nothing to do unless the program managed it before and it is not at the
      // default yet. Create-time fields are simply no longer pinned.
      if (actual === undefined || spec.replace || spec.keepWhenUnset) continue;
      if (!equivalent(spec, spec.default, actual)) updates.push(key);
      continue;
    }
    if (containsUnknown(desired) || !equivalent(spec, desired, actual)) {
      const replacing =
        spec.replace ||
        (spec.replaceOn ?? []).some(
          (member) =>
            !isObject(desired) ||
            !isObject(actual) ||
            containsUnknown(desired[member]) ||
            !isDeepStrictEqual(desired[member], actual[member]),
        );
      (replacing ? replaces : updates).push(key);
    }
  }
  return { updates, replaces };
}

/** The fields the program sets, among these specs. */
export function managedKeys(specs: FieldSpecs, inputs: Record<string, unknown>): string[] {
  return Object.keys(specs).filter((key) => !isUnset(inputs[key]));
}

/**
 * The outputs' view of the managed fields: the service's value, or for keepInput fields the
 * value recorded from the program.
 */
export function managedView(
  specs: FieldSpecs,
  keys: readonly string[],
  service: Record<string, unknown>,
  recorded: Record<string, unknown>,
): JsonObject {
  const view: JsonObject = {};
  for (const key of keys) {
    const spec = specs[key];
    if (!spec) continue;
    let value: Json | undefined;
    if (spec.keepInput) value = plain(recorded[key]);
    else if (spec.spread) value = pick(service, recorded[key]);
    else value = plain(serviceValue(spec, service[spec.readFrom ?? key], recorded[key]));
    if (value !== undefined && value !== null) view[key] = value;
  }
  return view;
}

function memberKeys(value: unknown): string[] {
  return isObject(value) ? Object.keys(value) : [];
}

/** The members of a spread field (pass-through) the program gave, each seen as a subset. */
function pick(source: Record<string, unknown>, given: unknown): JsonObject {
  const out: JsonObject = {};
  if (!isObject(given)) return out;
  for (const [key, member] of Object.entries(given)) {
    if (!Object.hasOwn(source, key)) continue;
    const value = plain(subsetView(source[key], member));
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** The service fields the managed spread fields stand for. */
export function spreadMembers(
  specs: FieldSpecs,
  keys: readonly string[],
  recorded: Record<string, unknown>,
): string[] {
  return keys.filter((key) => specs[key]?.spread).flatMap((key) => memberKeys(recorded[key]));
}

/**
 * The desired values of the managed fields, as sent to the service (spread fields spread out).
 * `only` limits it to some fields.
 */
export function desiredValues(
  specs: FieldSpecs,
  inputs: Record<string, unknown>,
  only: (spec: FieldSpec) => boolean = () => true,
): JsonObject {
  const out: JsonObject = {};
  for (const key of managedKeys(specs, inputs)) {
    const spec = specs[key];
    if (!spec || !only(spec)) continue;
    const value = plain(inputs[key]);
    if (value === undefined) continue;
    if (spec.spread && isObject(value)) Object.assign(out, value);
    else out[key] = value;
  }
  return out;
}

/** Fields managed before (present in `olds`) and unset now that have a default to go back to. */
export function resetValues(
  specs: FieldSpecs,
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
): JsonObject {
  const out: JsonObject = {};
  for (const [key, spec] of Object.entries(specs)) {
    if (spec.replace || spec.keepWhenUnset || olds[key] === undefined || !isUnset(news[key])) {
      continue;
    }
    if (spec.default !== undefined) out[key] = spec.default;
  }
  return out;
}

/** Everything in `service` except the given keys: what an update sends back unchanged. */
export function without(service: Record<string, unknown>, keys: Iterable<string>): JsonObject {
  const drop = new Set(keys);
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(service)) {
    if (drop.has(key)) continue;
    const copy = plain(value);
    if (copy !== undefined) out[key] = copy;
  }
  return out;
}

/**
 * Every string the program gave in secret fields and spread fields (pass-through, whose members
 * may be credentials under any name): the client keeps them out of messages and logs.
 */
export function secretLeaves(specs: FieldSpecs, inputs: Record<string, unknown>): string[] {
  return Object.entries(specs).flatMap(([key, spec]) =>
    credentialsIn(spec, inputs[key]).flatMap((credential) => stringLeaves(credential)),
  );
}

/** A deep copy that keeps only what JSON can carry; undefined members are dropped. */
export function plain(value: unknown): Json | undefined {
  if (value === undefined || typeof value === "function" || typeof value === "symbol") {
    return undefined;
  }
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "bigint") return Number(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => plain(item) ?? null);
  const out: JsonObject = {};
  for (const [key, member] of Object.entries(value as Record<string, unknown>)) {
    const copy = plain(member);
    if (copy !== undefined) out[key] = copy;
  }
  return out;
}

/** plain() for an object, as an object. */
export function plainObject(value: Record<string, unknown>): JsonObject {
  return plain(value) as JsonObject;
}
