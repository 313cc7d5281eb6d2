// The one place where `collectors export` knows about kinds of objects: which resource class
// declares a collector or a source of a given type, which of its fields are arguments the
// program should manage, which are the service's own (server-set, defaults), and which are
// secrets. Everything comes from the tables the resources themselves are built from; the rest of
// the exporter (reading, naming, rendering, project files, summary) only sees Declarations.
//
// Rewiring to new per-kind tables means changing this file only: keep `collectorDeclaration`,
// `sourceDeclaration`, `sourcesSkipReason` and `isHiddenSecret` as they are.
import type { Collector, Source as SourceInfo } from "../../provider/api";
import { isSecretKey } from "../../provider/api/redact";
import { COLLECTOR_FIELDS } from "../../provider/resources/collectors/fields";
import { COLLECTOR_VOLATILE } from "../../provider/resources/collectors/kind";
import { equivalent, type FieldSpec, type FieldSpecs } from "../../provider/resources/core/fields";
import { INSTALLED_COLLECTOR_FIELDS } from "../../provider/resources/installed/fields";
import { INSTALLED_VOLATILE } from "../../provider/resources/installed/kind";
import { TYPED_SOURCES } from "../../provider/resources/kinds";
import { COMMON_FIELDS, TYPE_FIELDS } from "../../provider/resources/sources/fields";
import { SOURCE_VOLATILE, typedSpecs } from "../../provider/resources/sources/kind";
import { sourceTypeNamed } from "../../provider/resources/sources/types";

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** A path into a declaration's args, e.g. ["passthrough", "config", "apiKey"]. */
export type ArgPath = readonly string[];

/** How one collector or source is written in the program. */
export interface Declaration {
  /** The resource class exported by pulumi-collectors, e.g. "HttpSource". */
  className: string;
  /** What the summary counts it as: "Hosted", "Installed", or the source's sourceType. */
  typeLabel: string;
  /**
   * The args to write besides `adopt` and `collectorId`, in the order to write them: the fields
   * the program should manage, without server-set values and values equal to the default.
   */
  args: JsonObject;
  /** Where in `args` a value is a secret: it goes to stack config, never into the code. */
  secrets: readonly ArgPath[];
  /** Fields the class cannot take: left as the service has them (kept, never erased). */
  leftOut: readonly string[];
  /** Fields whose value the class would refuse (its check): also left as the service has them. */
  refused: readonly string[];
}

/** A value the service shows in place of a secret it never returns, e.g. "********". */
export function isHiddenSecret(value: unknown): boolean {
  return typeof value === "string" && /^\*{4,}$/.test(value);
}

/** Fields the service sets or that change on their own, by kind: never written. */
const COLLECTOR_SERVER_SET = new Set<string>([
  ...COLLECTOR_VOLATILE,
  ...INSTALLED_VOLATILE,
  "collectorType",
]);
const SOURCE_SERVER_SET = new Set<string>([
  ...SOURCE_VOLATILE,
  "sourceType",
  "collectorId",
  // Universal sources: the run state (Running, Stopping, …).
  "state",
]);

/**
 * Every field any class of the kind knows, for telling a value at its default (not worth a note)
 * from one a class cannot take: a Hosted Collector shows targetCpu -1 ("unset"), an HTTP source
 * echoes encoding "UTF-8".
 */
const ALL_COLLECTOR_FIELDS: FieldSpecs = { ...COLLECTOR_FIELDS, ...INSTALLED_COLLECTOR_FIELDS };
const ALL_SOURCE_FIELDS: FieldSpecs = { ...COMMON_FIELDS, ...TYPE_FIELDS };

/** A field nobody models: only an empty value ("", [], {}) counts as its default. */
const UNMODELLED: FieldSpec = { schema: COMMON_FIELDS.name.schema };

/** Whether a field the class does not take is worth a note: set, and not at a known default. */
function noteworthy(all: FieldSpecs, key: string, value: unknown): boolean {
  const spec = (Object.hasOwn(all, key) ? all[key] : undefined) ?? UNMODELLED;
  return !equivalent(spec, value, spec.default);
}

/** The typed class for each sourceType (the generic `Source` serves every other type). */
const CLASS_OF_TYPE: ReadonlyMap<string, string> = new Map(
  Object.entries(TYPED_SOURCES).map(([className, sourceType]) => [sourceType, className]),
);

/**
 * Inside a credential-bearing object, a member whose name says it holds a credential. Wider
 * than the client's redaction rule (which needs few false alarms in messages): here a false alarm
 * only moves a value to stack config, while a miss would write a secret into code. The live
 * service facts suggest masking any key containing key, secret, token, password or credential.
 */
function isCredentialKey(key: string): boolean {
  return isSecretKey(key) || /key|secret|token|passw|credential|principal/i.test(key);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Paths of the string leaves under `value`, a field that may hold credentials (a credential
 * field, a pass-through), that are secrets: the whole value when `secret`; members named like a
 * credential (awsKey, clientSecret, api_token, …); values the service shows masked. (Elsewhere a
 * run of asterisks is an ordinary value, such as a Mask filter's mask.)
 */
function secretLeaves(value: unknown, path: string[], secret: boolean): ArgPath[] {
  if (typeof value === "string") return secret || isHiddenSecret(value) ? [path] : [];
  if (Array.isArray(value)) {
    return value.flatMap((item, i) => secretLeaves(item, [...path, String(i)], false));
  }
  if (isPlainObject(value)) {
    return Object.entries(value).flatMap(([key, member]) =>
      secretLeaves(member, [...path, key], isCredentialKey(key)),
    );
  }
  return [];
}

interface Picked {
  args: JsonObject;
  secrets: ArgPath[];
  refused: string[];
}

/**
 * The args for `entity` among `specs`: set, not the default, valid for the resource. A value the
 * resource would refuse is left to the service (and named) rather than written into code that
 * fails its first preview.
 */
function pick(entity: Record<string, unknown>, specs: FieldSpecs): Picked {
  const out: Picked = { args: {}, secrets: [], refused: [] };
  for (const [key, spec] of Object.entries(specs) as [string, FieldSpec][]) {
    // Create-time only (cutoffRelativeTime): the service keeps it; an adopted object has it.
    if (spec.replace && spec.keepInput) continue;
    if (spec.spread) continue;
    const value = entity[spec.readFrom ?? key];
    if (value === undefined || value === null) continue;
    if (!spec.keepWhenUnset && equivalent(spec, value, spec.default)) continue;
    if (!spec.schema.safeParse(value).success) {
      out.refused.push(key);
      continue;
    }
    out.args[key] = value as Json;
    if (spec.secret) out.secrets.push(...secretLeaves(value, [key], typeof value === "string"));
  }
  return out;
}

/** The declaration of a collector; undefined for a collector type no class manages. */
export function collectorDeclaration(collector: Collector): Declaration | undefined {
  const entity = collector as unknown as Record<string, unknown>;
  const kind =
    collector.collectorType === "Hosted"
      ? { className: "HostedCollector", typeLabel: "Hosted", specs: COLLECTOR_FIELDS }
      : collector.collectorType === "Installable"
        ? {
            className: "InstalledCollector",
            typeLabel: "Installed",
            specs: INSTALLED_COLLECTOR_FIELDS,
          }
        : undefined;
  if (!kind) return undefined;
  const picked = pick(entity, kind.specs);
  const known = new Set([...Object.keys(kind.specs), ...COLLECTOR_SERVER_SET]);
  for (const spec of Object.values(kind.specs) as FieldSpec[]) {
    if (spec.readFrom) known.add(spec.readFrom);
  }
  const leftOut = [
    ...Object.keys(entity).filter(
      (key) =>
        !known.has(key) &&
        key !== "cutoffRelativeTime" &&
        noteworthy(ALL_COLLECTOR_FIELDS, key, entity[key]),
    ),
  ];
  return { ...kind, ...picked, leftOut };
}

/** Why a collector's sources cannot be managed through the API, if they cannot. */
export function sourcesSkipReason(collector: Collector): string | undefined {
  if (collector.sourceSyncMode === "Json") {
    return (
      "its collector is in Json source mode (sourceSyncMode): its sources are managed from a " +
      "JSON file on the host, and the API cannot change them"
    );
  }
  return undefined;
}

/** Why a source is not exported, if it is not. */
export function sourceSkipReason(source: SourceInfo): string | undefined {
  const state = (source as Record<string, unknown>).state;
  if (state === "Stopping") return "it is being deleted (state Stopping)";
  return undefined;
}

/** The declaration of a source. */
export function sourceDeclaration(source: SourceInfo): Declaration {
  const entity = source as Record<string, unknown>;
  const sourceType = String(entity.sourceType);
  const type = sourceTypeNamed(sourceType);
  const className = CLASS_OF_TYPE.get(sourceType);
  if (className && type) {
    const specs = typedSpecs(type);
    const picked = pick(entity, specs);
    const fixed = new Set(Object.keys(type.fixed ?? {}));
    const leftOut = [
      ...Object.keys(entity).filter(
        (key) =>
          !(key in specs) &&
          !SOURCE_SERVER_SET.has(key) &&
          !fixed.has(key) &&
          noteworthy(ALL_SOURCE_FIELDS, key, entity[key]),
      ),
    ];
    return { className, typeLabel: sourceType, ...picked, leftOut };
  }
  // The generic Source: the common fields, the type's own ones when the package models the
  // type (it refuses the others' fields), and everything else the service holds in passthrough.
  const own: FieldSpecs = type
    ? typedSpecs(type)
    : ({ ...COMMON_FIELDS, ...TYPE_FIELDS } as FieldSpecs);
  const picked = pick(entity, own);
  const refused = new Set<string>(type ? Object.keys(TYPE_FIELDS).filter((k) => !(k in own)) : []);
  const fixed = new Set(Object.keys(type?.fixed ?? {}));
  const passthrough: JsonObject = {};
  const leftOut: string[] = [];
  for (const [key, value] of Object.entries(entity)) {
    if (key in own || key === "name" || SOURCE_SERVER_SET.has(key) || fixed.has(key)) continue;
    if (value === undefined || value === null) continue;
    if (refused.has(key)) {
      if (noteworthy(ALL_SOURCE_FIELDS, key, value)) leftOut.push(key);
    } else passthrough[key] = value as Json;
  }
  const args: JsonObject = { sourceType, ...picked.args };
  const secrets = [...picked.secrets];
  if (Object.keys(passthrough).length > 0) {
    args.passthrough = passthrough;
    secrets.push(...secretLeaves(passthrough, ["passthrough"], false));
  }
  return {
    className: "Source",
    typeLabel: sourceType,
    args,
    secrets,
    leftOut,
    refused: picked.refused,
  };
}
