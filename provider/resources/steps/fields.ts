// The one model of a resource's fields that check, diff, the outputs and the update body share.
//
// A field the program sets is "managed": the outputs keep the service's value for it, a change
// on either side is a diff, and removing it from the program resets it to the service's default.
// A field the program leaves unset is the service's business: its value rides along in
// `unmanaged` and goes back unchanged in every update, so nothing is ever erased.
//
// Also here: plain JSON (outputs must be plain), the engine's unknown preview value, and
// Pulumi-style autonaming, which every step reads.
import { randomBytes } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import type { z } from "zod";
import { NAME_MAX } from "../../api";
import { stringLeaves } from "../../api/redact";

export interface FieldSpec {
  /** Validates a known value; its issues become check failures on this property. */
  schema: z.ZodType;
  /** The service's value when the field is unset: unset is equivalent to it. */
  default?: Json;
  /** The service cannot change it: a new value needs a new object. */
  replace?: boolean;
  /**
   * Keep the value the program gave instead of the service's, which may read it back in
   * another form (cutoffRelativeTime); such a field is only ever compared with what was given.
   */
  keepInput?: boolean;
  /** The service field that holds this field's value, when named differently. */
  readFrom?: string;
  /**
   * Not part of the object's body: the kind applies it in its own way after the write (an
   * Installed Collector's `version`, through an upgrade task).
   */
  notSent?: boolean;
  /** Unset means "keep the current value" rather than "back to the default" (name). */
  keepWhenUnset?: boolean;
  /** A credential: a secret input and a secret output. */
  secret?: boolean;
  /**
   * Credentials inside the value, when not the whole of it is one: paths from the value, "[]"
   * for any item, e.g. "resources[].authentication.awsKey". The field is then a secret input and
   * output as a whole (Pulumi secrets are whole values); these leaves stay out of messages.
   */
  secretPaths?: readonly string[];
  /**
   * Credentials under keys anywhere inside the value whose name matches (a Cloud-to-Cloud
   * `config`, whose keys differ by integration). As for secretPaths.
   */
  secretKeys?: RegExp;
  /**
   * An object whose members are top-level fields of the service's object (Source's
   * `passthrough`): sent spread out, read back member by member.
   */
  spread?: boolean;
  /**
   * An object the service reads back with more in it than the program gave (server-set members
   * such as a Cloud-to-Cloud `schemaRef.version` or `config.name`, an S3 path's
   * `snsTopicOrSubscriptionArn`) and with its secrets masked as `********`: it is shown and
   * compared only in the members the program gave, with the program's value wherever the service
   * shows the mask (so a masked secret is never a diff, and never replaces the real value).
   */
  subset?: boolean;
  /** Members of a `subset` object whose change needs a new object (`schemaRef.type`). */
  replaceOn?: readonly string[];
  /**
   * Members of a `subset` object compared only with what the program gave (`schemaRef.version`:
   * "latest" asks for an upgrade, and the service then shows the version it upgraded to).
   */
  keepMembers?: readonly string[];
  /** One line for the README and error messages. */
  doc?: string;
}

/** What a service shows in place of a secret it never returns. */
export const MASK = "********";

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

export type FieldSpecs = Readonly<Record<string, FieldSpec>>;

export interface CheckFailure {
  property: string;
  reason: string;
}

/** Unset in a program: absent, undefined or null. */
export function isUnset(value: unknown): value is undefined | null {
  return value === undefined || value === null;
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
  return Object.entries(specs).flatMap(([key, spec]) => {
    const value = inputs[key];
    if (spec.secret || spec.spread) return stringLeaves(value);
    return [
      ...(spec.secretPaths ?? []).flatMap((path) => atPath(value, path.split(/\.|(?=\[\])/))),
      ...(spec.secretKeys ? underKeys(value, spec.secretKeys) : []),
    ].flatMap((leaf) => stringLeaves(leaf));
  });
}

/** Whether a field holds a credential anywhere: the resource class makes it a secret. */
export function holdsSecret(spec: FieldSpec): boolean {
  return Boolean(spec.secret || spec.spread || spec.secretPaths?.length || spec.secretKeys);
}

/** The values at a path ("[]" is every item of an array). */
function atPath(value: unknown, path: readonly string[]): unknown[] {
  if (path.length === 0) return value === undefined ? [] : [value];
  const [head, ...rest] = path as [string, ...string[]];
  if (head === "[]") return Array.isArray(value) ? value.flatMap((item) => atPath(item, rest)) : [];
  return isObject(value) && Object.hasOwn(value, head) ? atPath(value[head], rest) : [];
}

/** The values under keys matching `pattern`, anywhere inside `value`. */
function underKeys(value: unknown, pattern: RegExp): unknown[] {
  if (Array.isArray(value)) return value.flatMap((item) => underKeys(item, pattern));
  if (!isObject(value)) return [];
  return Object.entries(value).flatMap(([key, member]) =>
    pattern.test(key) ? [member] : underKeys(member, pattern),
  );
}

// Outputs must be plain JSON: no undefined (even nested), no bigint, no Date, no functions.
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

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

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

// During preview, inputs that depend on resources not yet created reach check and diff as this
// sentinel string (the engine's marker for an unknown value). Validation must let it through.
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** True when the value is, or contains anywhere inside it, an unknown preview value. */
export function containsUnknown(value: unknown): boolean {
  if (value === UNKNOWN) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (value !== null && typeof value === "object") {
    return Object.values(value).some(containsUnknown);
  }
  return false;
}

// Pulumi-style autonaming: the logical name plus a random suffix, kept across updates.

const SUFFIX_LENGTH = 7;

/** `<prefix>-<7 random hex characters>`, the prefix shortened to stay within 128 characters. */
export function autoName(prefix: string): string {
  const suffix = randomBytes(4).toString("hex").slice(0, SUFFIX_LENGTH);
  return `${prefix.slice(0, NAME_MAX - SUFFIX_LENGTH - 1)}-${suffix}`;
}

/**
 * The name a resource gets: the program's; else the one it already has (olds are the previous
 * inputs; the engine passes none when it replaces the resource, so a replacement gets a fresh
 * name); else a new autoname from the logical name the resource class passes as `__autoname`.
 * Adopting by name, the name is the adopted one unless given; adopting by id, it is undefined
 * here and comes from the adopted object.
 */
export function resolveName(
  olds: Readonly<Record<string, unknown>>,
  news: Readonly<Record<string, unknown>>,
): string | undefined {
  if (!isUnset(news.name)) return news.name as string;
  if (!isUnset(news.adopt)) {
    const adopted = isObject(news.adopt) ? news.adopt.name : undefined;
    return typeof adopted === "string" && adopted !== UNKNOWN ? adopted : undefined;
  }
  if (typeof olds.name === "string" && olds.name !== UNKNOWN) return olds.name;
  if (typeof news.__autoname === "string" && news.__autoname !== UNKNOWN) {
    return autoName(news.__autoname);
  }
  return undefined;
}
