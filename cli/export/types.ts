// The one place where `collectors export` knows about kinds of objects: which resource class
// declares a collector or a source of a given type, which of its fields are arguments the
// program should manage, which are the service's own (server-set, defaults), and which are
// secrets. Everything comes from the tables the resources themselves are built from (the kinds
// the provider serves, kinds/index.ts, and the source-type table, kinds/source-*.ts), and the
// check is the provider's own; the rest of the exporter (reading, naming, rendering, project
// files, summary) only sees Declarations.
//
// A typed class added to the table (an entry with a `kind`, perhaps told apart from its
// sourceType's other entries by `fixed` values such as a contentType) is used with no edit here.
import {
  type Collector,
  type OtCollector,
  SERVICE_TAG_PREFIX,
  type Source as SourceInfo,
  type SourceTemplate,
} from "../../provider/api";
import { isSecretKey } from "../../provider/api/redact";
import { ENTITY_KINDS } from "../../provider/resources/kinds";
import { type FieldSpec, type FieldSpecs, isObject } from "../../provider/resources/kinds/fields";
import type { EntityKind } from "../../provider/resources/kinds/kind";
import { COMMON_FIELDS } from "../../provider/resources/kinds/source-fields";
import { SOURCE_VOLATILE } from "../../provider/resources/kinds/source-kinds";
import type { SourceType } from "../../provider/resources/kinds/source-type";
import { SOURCE_TYPES, sourceTypeNamed } from "../../provider/resources/kinds/source-types";
import { checkInputs } from "../../provider/resources/steps/check";
import { equivalent, managedView } from "../../provider/resources/steps/fields";
import { PLAIN_VALUE, TYPED_ENTRIES, typedEntryOf } from "../shared/source-class";

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
  /**
   * Where in `args` the service shows a secret masked in a field the class compares with the
   * service (a pass-through): written as the mask, which the service takes back as "keep the
   * stored value"; a value from config there would differ from the mask on every preview.
   */
  masked: readonly ArgPath[];
  /** Fields the class cannot take: left as the service has them (kept, never erased). */
  leftOut: readonly string[];
  /** Fields whose value the class would refuse (its check): also left as the service has them. */
  refused: readonly string[];
}

/** A value the service shows in place of a secret it never returns, e.g. "********". */
export function isHiddenSecret(value: unknown): boolean {
  return typeof value === "string" && /^\*{4,}$/.test(value);
}

/**
 * The kinds the provider serves, by class name: collectors are the Collector Management API's
 * kinds without a parent (sources have one); the OpenTelemetry kinds have their own declarations.
 */
const KINDS = Object.values(ENTITY_KINDS);
const COLLECTOR_KINDS = KINDS.filter((kind) => kind.collection === "collectors");
const OT_COLLECTOR_KIND = ENTITY_KINDS.OtCollector as EntityKind;
const SOURCE_TEMPLATE_KIND = ENTITY_KINDS.SourceTemplate as EntityKind;
const GENERIC_SOURCE = ENTITY_KINDS.Source as EntityKind;
/** Every entry of the source table. */
const SOURCE_TABLE = [
  ...new Set([
    ...Object.values(SOURCE_TYPES as Readonly<Record<string, SourceType>>),
    ...TYPED_ENTRIES,
  ]),
];

function serverSetOf(kind: EntityKind, extra: Iterable<string> = []): Set<string> {
  return new Set([...kind.serverSet, ...kind.volatile, ...Object.keys(kind.fixed({})), ...extra]);
}

/** Fields only a create sets (cutoffRelativeTime): the service keeps them; never worth a note. */
function createOnly(specs: FieldSpecs): string[] {
  return Object.entries(specs)
    .filter(([, spec]) => spec.replace && spec.keepInput)
    .map(([key]) => key);
}

/**
 * Every field any class of the kind knows, for telling a value at its default (not worth a note)
 * from one a class cannot take: a Hosted Collector shows targetCpu -1 ("unset"), an HTTP source
 * echoes encoding "UTF-8".
 */
const ALL_COLLECTOR_FIELDS: FieldSpecs = Object.assign(
  {},
  ...COLLECTOR_KINDS.map((kind) => kind.fields),
);
const ALL_SOURCE_FIELDS: FieldSpecs = GENERIC_SOURCE.fields;

/** Whether a field the class does not take is worth a note: set, and not at a known default. */
function noteworthy(all: FieldSpecs, key: string, value: unknown): boolean {
  const spec = (Object.hasOwn(all, key) ? all[key] : undefined) ?? PLAIN_VALUE;
  return !equivalent(spec, value, spec.default);
}

/**
 * Inside a credential-bearing value the table says nothing more about (a pass-through, a
 * secret object without secretPaths or secretKeys), a member whose name says it holds a
 * credential. Wider than the client's redaction rule (which needs few false alarms in
 * messages): here a false alarm only moves a value to stack config, while a miss would write a
 * secret into code.
 */
function isCredentialKey(key: string): boolean {
  return isSecretKey(key) || /key|secret|token|passw|credential|principal/i.test(key);
}

/** Paths of the string leaves under `value` (relative), for a leaf-level rule. */
function leaves(
  value: unknown,
  path: string[],
  test: (key: string | undefined, leaf: string) => boolean,
  key?: string,
): string[][] {
  if (typeof value === "string") return test(key, value) ? [path] : [];
  if (Array.isArray(value)) {
    return value.flatMap((item, i) => leaves(item, [...path, String(i)], test, key));
  }
  if (isObject(value)) {
    return Object.entries(value).flatMap(([k, member]) => leaves(member, [...path, k], test, k));
  }
  return [];
}

/** The string leaves at a table path ("resources[].authentication.awsKey"). */
function atTablePath(value: unknown, steps: readonly string[], path: string[]): string[][] {
  if (steps.length === 0) return typeof value === "string" ? [path] : [];
  const [head, ...rest] = steps as [string, ...string[]];
  if (head === "[]") {
    return Array.isArray(value)
      ? value.flatMap((item, i) => atTablePath(item, rest, [...path, String(i)]))
      : [];
  }
  return isObject(value) && Object.hasOwn(value, head)
    ? atTablePath(value[head], rest, [...path, head])
    : [];
}

/** Paths under keys matching `pattern`, anywhere inside `value`: every string leaf below them. */
function underKeys(value: unknown, pattern: RegExp, path: string[]): string[][] {
  if (Array.isArray(value)) {
    return value.flatMap((item, i) => underKeys(item, pattern, [...path, String(i)]));
  }
  if (!isObject(value)) return [];
  return Object.entries(value).flatMap(([key, member]) =>
    pattern.test(key)
      ? leaves(member, [...path, key], () => true)
      : underKeys(member, pattern, [...path, key]),
  );
}

/**
 * The secret leaves of a field's value, by its spec: the whole value (`secret`, a string); the
 * table's `secretPaths` and `secretKeys`; where the table says only that the value holds
 * credentials (a `secret` object, a pass-through), members named like a credential; and
 * anywhere in such a field, a value the service shows masked.
 */
export function secretPathsOf(spec: FieldSpec, key: string, value: unknown): string[][] {
  if (typeof value === "string") return spec.secret ? [[key]] : [];
  const found = new Map<string, string[]>();
  const add = (paths: string[][]) => {
    for (const path of paths) found.set(JSON.stringify(path), path);
  };
  for (const path of spec.secretPaths ?? [])
    add(atTablePath(value, path.split(/\.|(?=\[\])/), [key]));
  if (spec.secretKeys) add(underKeys(value, spec.secretKeys, [key]));
  const described = Boolean(spec.secretPaths?.length || spec.secretKeys);
  if ((spec.secret || spec.spread) && !described) {
    add(leaves(value, [key], (k) => k !== undefined && isCredentialKey(k)));
  }
  if (spec.secret || spec.spread || described) {
    add(leaves(value, [key], (_k, leaf) => isHiddenSecret(leaf)));
  }
  return [...found.values()];
}

/** The value at `path` (object keys and array indexes), or undefined. */
export function valueAt(value: unknown, path: readonly string[]): unknown {
  let node = value;
  for (const part of path) {
    if (Array.isArray(node)) node = node[Number(part)];
    else if (isObject(node)) node = node[part];
    else return undefined;
  }
  return node;
}

interface Picked {
  args: JsonObject;
  secrets: ArgPath[];
  masked: ArgPath[];
  refused: string[];
}

/** The top-level field a check failure is about: `filters[1].mask` → filters. */
function fieldOf(property: string): string {
  return property.split(/[.[]/)[0] as string;
}

/**
 * The args for `entity` among `specs`: set, not the default, and passing the kind's own check
 * (its schemas and its rules across fields). A value the resource would refuse is left to the
 * service (and named) rather than written into code that fails its first preview.
 */
function pick(
  entity: Record<string, unknown>,
  kind: EntityKind,
  specs: FieldSpecs,
  extra: JsonObject = {},
): Picked {
  const args: JsonObject = {};
  for (const [key, spec] of Object.entries(specs)) {
    if (spec.replace && spec.keepInput) continue; // create-time only: the adopted object has it
    if (spec.spread) continue;
    const value = entity[spec.readFrom ?? key];
    if (value === undefined || value === null) continue;
    if (!spec.keepWhenUnset && equivalent(spec, value, spec.default)) continue;
    const typed = spec.schema.safeParse(value);
    args[key] = (typed.success ? prunedTo(value, typed.data) : value) as Json;
  }
  Object.assign(args, extra);
  // The provider's check, as the first preview will run it (with the controls it needs).
  const refused: string[] = [];
  // An adoption by an id of the kind's form: a number, or the OpenTelemetry APIs' hex text.
  const adopt = { id: kind.adoptedId ? "0000000000000001" : 1 };
  for (let round = 0; round < 5; round++) {
    const inputs = { ...args, collectorId: 1, adopt };
    const failures = checkInputs(kind.rules(inputs), { ...kind.fields, ...kind.controls }, inputs);
    const bad = [...new Set(failures.map((f) => fieldOf(f.property)))].filter(
      (key) => Object.hasOwn(args, key) && key !== "name" && key !== "sourceType",
    );
    if (bad.length === 0) break;
    for (const key of bad) {
      delete args[key];
      refused.push(key);
    }
  }
  const secrets: ArgPath[] = [];
  const masked: ArgPath[] = [];
  for (const [key, value] of Object.entries(args)) {
    const spec = kind.fields[key];
    if (!spec) continue;
    const paths = secretPathsOf(spec, key, value);
    const hidden = paths.filter((path) => isHiddenSecret(valueAt(args, path)));
    const settable = hidden.length === 0 || showsGiven(kind, key, args, entity, hidden);
    for (const path of paths) (settable || !hidden.includes(path) ? secrets : masked).push(path);
  }
  return { args, secrets, masked, refused };
}

/**
 * `value` without the object members its schema's output dropped (members the class's type does
 * not have, such as a path's server-set snsTopicOrSubscriptionArn); values stay the service's own.
 */
function prunedTo(value: unknown, parsed: unknown): unknown {
  if (Array.isArray(value) && Array.isArray(parsed)) {
    return value.map((item, i) => prunedTo(item, parsed[i]));
  }
  if (isObject(value) && isObject(parsed)) {
    const kept = Object.keys(value).filter((key) => Object.hasOwn(parsed, key));
    return Object.fromEntries(kept.map((key) => [key, prunedTo(value[key], parsed[key])]));
  }
  return value;
}

/** A copy of `value` with the string at `path` (from the top of args) replaced. */
function replaced(value: Json, path: readonly string[], leaf: string): Json {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path as [string, ...string[]];
  if (Array.isArray(value)) {
    return value.map((item, i) => (String(i) === head ? replaced(item, rest, leaf) : item));
  }
  if (value !== null && typeof value === "object") {
    return { ...value, [head]: replaced(value[head] as Json, rest, leaf) };
  }
  return value;
}

/**
 * Whether the resource, given real values where the service shows masks, would see the service's
 * object as what the program gave (the provider's own view of it: a field kept as given, or one
 * that reads a mask as the program's value); otherwise a value from config would be a change on
 * every preview, and the mask is written instead.
 */
function showsGiven(
  kind: EntityKind,
  key: string,
  args: JsonObject,
  entity: Record<string, unknown>,
  hidden: readonly ArgPath[],
): boolean {
  const spec = kind.fields[key] as FieldSpec;
  let given = args[key] as Json;
  for (const path of hidden) given = replaced(given, path.slice(1), "a value from config");
  const view = managedView(kind.fields, [key], entity, { [key]: given });
  return equivalent(spec, given, view[key]);
}

/** The kind that manages collectors of this collectorType (its fixed collectorType). */
function collectorKindOf(collectorType: unknown): EntityKind | undefined {
  return COLLECTOR_KINDS.find((kind) => kind.fixed({}).collectorType === collectorType);
}

/** The declaration of a collector; undefined for a collector type no class manages. */
export function collectorDeclaration(collector: Collector): Declaration | undefined {
  const entity = collector as unknown as Record<string, unknown>;
  const kind = collectorKindOf(collector.collectorType);
  if (!kind) return undefined;
  const picked = pick(entity, kind, kind.fields);
  const known = serverSetOf(kind, [
    ...Object.keys(kind.fields),
    ...createOnly(ALL_COLLECTOR_FIELDS),
  ]);
  for (const spec of Object.values(kind.fields)) if (spec.readFrom) known.add(spec.readFrom);
  const leftOut = Object.keys(entity).filter(
    (key) => !known.has(key) && noteworthy(ALL_COLLECTOR_FIELDS, key, entity[key]),
  );
  return {
    className: kind.kind,
    typeLabel: kind.kind.replace(/Collector$/, ""),
    ...picked,
    leftOut,
  };
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

/** A Universal source's run state: `{"state": "Collecting"}` (or a bare string). */
function runState(value: unknown): unknown {
  return isObject(value) ? value.state : value;
}

/** Why a source is not exported, if it is not. */
export function sourceSkipReason(source: SourceInfo): string | undefined {
  if (runState((source as Record<string, unknown>).state) === "Stopping") {
    return "it is being deleted (state Stopping)";
  }
  return undefined;
}

/** The fields the service sets on sources of any type (every type's outputs, the volatile ones). */
const SOURCE_OUTPUTS = [
  ...SOURCE_TABLE.flatMap((type) => [...(type.computed ?? []), ...Object.keys(type.outputs ?? {})]),
  ...SOURCE_VOLATILE,
];

/** The declaration of a source. */
export function sourceDeclaration(source: SourceInfo): Declaration {
  const entity = source as Record<string, unknown>;
  const sourceType = String(entity.sourceType);
  const entry = typedEntryOf(entity);
  const createTime = createOnly(ALL_SOURCE_FIELDS);
  if (entry) {
    const kind = ENTITY_KINDS[entry.kind as string] as EntityKind;
    const picked = pick(entity, kind, kind.fields);
    const known = serverSetOf(kind, [
      ...Object.keys(kind.fields),
      ...SOURCE_OUTPUTS,
      ...createTime,
    ]);
    known.add("collectorId");
    const leftOut = Object.keys(entity).filter(
      (key) => !known.has(key) && noteworthy(ALL_SOURCE_FIELDS, key, entity[key]),
    );
    return { className: kind.kind, typeLabel: sourceType, ...picked, leftOut };
  }
  // The generic Source: the common fields, the type's own ones when the table has the type (its
  // check refuses the other types' fields), and everything else the service holds in
  // passthrough (which may not carry Source's own properties).
  const kind = GENERIC_SOURCE;
  const type = sourceTypeNamed(sourceType);
  const generic = kind.fields;
  const own: FieldSpecs = type
    ? Object.fromEntries(
        Object.entries(generic).filter(
          ([key]) =>
            Object.hasOwn(COMMON_FIELDS, key) || (type.fields as readonly string[]).includes(key),
        ),
      )
    : Object.fromEntries(Object.entries(generic).filter(([key]) => key !== "sourceType"));
  const fixed = new Set(Object.keys(type?.fixed ?? {}));
  const skip = serverSetOf(kind, [...SOURCE_OUTPUTS, ...createTime, ...fixed, "collectorId"]);
  const passthrough: JsonObject = {};
  const leftOut: string[] = [];
  for (const [key, value] of Object.entries(entity)) {
    if (Object.hasOwn(own, key) || skip.has(key)) continue;
    if (value === undefined || value === null) continue;
    if (Object.hasOwn(generic, key)) {
      // Another type's field (or Source's own): Source would refuse it for this sourceType.
      if (noteworthy(ALL_SOURCE_FIELDS, key, value)) leftOut.push(key);
    } else passthrough[key] = value as Json;
  }
  const extra: JsonObject = { sourceType };
  if (Object.keys(passthrough).length > 0) extra.passthrough = passthrough;
  const picked = pick(entity, kind, own, extra);
  return {
    className: kind.kind,
    typeLabel: sourceType,
    ...picked,
    args: { sourceType, ...picked.args },
    leftOut,
  };
}

/** A declaration of an OpenTelemetry kind: its table's fields, what else the service shows. */
function otDeclaration(
  kind: EntityKind,
  entity: Record<string, unknown>,
  typeLabel: string,
  secrets: readonly ArgPath[] = [],
): Declaration {
  const picked = pick(entity, kind, kind.fields);
  const known = serverSetOf(kind, Object.keys(kind.fields));
  const leftOut = Object.keys(entity).filter(
    (key) =>
      !known.has(key) &&
      entity[key] !== undefined &&
      entity[key] !== null &&
      noteworthy(kind.fields, key, entity[key]),
  );
  return {
    className: kind.kind,
    typeLabel,
    ...picked,
    // The table's secret paths and these, each once.
    secrets: [
      ...new Map(
        [
          ...picked.secrets,
          ...secrets.filter((path) => valueAt(picked.args, path) !== undefined),
        ].map((path) => [JSON.stringify(path), path] as const),
      ).values(),
    ],
    leftOut,
  };
}

/**
 * The declaration of an OpenTelemetry collector: its settings, with the user's tags only (keys
 * starting `sumo.disco` are the service's own; OtCollector neither takes nor shows them).
 */
export function otCollectorDeclaration(collector: OtCollector): Declaration {
  const entity = { ...collector } as Record<string, unknown>;
  if (isObject(entity.tags)) {
    entity.tags = Object.fromEntries(
      Object.entries(entity.tags).filter(([key]) => !key.startsWith(SERVICE_TAG_PREFIX)),
    );
  }
  return otDeclaration(OT_COLLECTOR_KIND, entity, "OpenTelemetry");
}

/** A selector's lists the service shows empty are the same as absent ones (the class's view). */
function compactSelector(selector: unknown): unknown {
  if (!isObject(selector)) return selector;
  return Object.fromEntries(
    Object.entries(selector).filter(([, v]) => !(Array.isArray(v) && v.length === 0)),
  );
}

/**
 * The declaration of a source template: its schemaRef (type and the version it is at, so the
 * first `up` upgrades nothing), selector, inputJson and isEnabled. The table marks nothing in
 * inputJson secret, yet a receiver may hold a credential (a database password): members named
 * like one go to stack config, as for a pass-through.
 */
export function sourceTemplateDeclaration(template: SourceTemplate): Declaration {
  const entity = { ...template, selector: compactSelector(template.selector) } as Record<
    string,
    unknown
  >;
  const inputJson = entity.inputJson;
  const secrets = leaves(inputJson, ["inputJson"], (k) => k !== undefined && isCredentialKey(k));
  return otDeclaration(SOURCE_TEMPLATE_KIND, entity, "Source template", secrets);
}
