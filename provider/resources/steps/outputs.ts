// How a kind's objects become outputs and compare with what the program wants: the managed
// fields, `unmanaged` (everything else, sent back unchanged by updates), and the fields where an
// object differs from the program.
import { isDeepStrictEqual } from "node:util";
import {
  type FieldSpec,
  holdsSecret,
  isObject,
  isUnset,
  type JsonObject,
  MASK,
} from "../kinds/fields";
import type { EntityKind, Inputs } from "../kinds/kind";
import { toId } from "../kinds/schemas";
import type { EntityApi, Found } from "./entities";
import {
  diffFields,
  equivalent,
  managedKeys,
  managedView,
  plain,
  plainObject,
  serviceValue,
  spreadMembers,
  subsetView,
  without,
} from "./fields";

/** Sent in an update body: not the create-time fields (the service's form rides in unmanaged). */
export const sendable = (spec: FieldSpec) => !spec.notSent && !(spec.keepInput && spec.replace);
/** Compared with the service's object to see whether a write is needed. */
const comparable = (spec: FieldSpec) => !spec.keepInput && !spec.notSent;
/** Sent in a create body. */
export const inBody = (spec: FieldSpec) => !spec.notSent;

/** What `unmanaged` keeps of an object: everything but the managed and volatile fields. */
export function unmanagedOf(
  kind: EntityKind,
  entity: Record<string, unknown>,
  keys: string[],
  recorded: Inputs,
): JsonObject {
  return without(entity, [
    ...keys.filter((key) => !kind.fields[key]?.keepInput),
    ...spreadMembers(kind.fields, keys, recorded),
    "name",
    ...kind.volatile,
  ]);
}

/**
 * Whether a resource's state records an adoption: its `adopted` output, or for a state written
 * before there was one, whether it had `adopt`.
 */
export function wasAdopted(state: Inputs): boolean {
  return typeof state.adopted === "boolean" ? state.adopted : !isUnset(state.adopt);
}

/**
 * The outputs for an object, its ETag, the managed keys and the inputs they were set from;
 * `adopted` says whether the resource took the object over rather than creating it.
 */
export function outputs(
  kind: EntityKind,
  found: Found,
  etag: string | undefined,
  keys: string[],
  recorded: Inputs,
  adopted: boolean,
): JsonObject {
  const unmanaged = unmanagedOf(kind, found.entity, keys, recorded);
  if (unmanaged.targetCpu === -1) delete unmanaged.targetCpu; // the service's "unset"
  const serverSet: Record<string, unknown> = {};
  for (const key of kind.serverSet) serverSet[key] = found.entity[key];
  return plainObject({
    ...managedView(kind.fields, keys, found.entity, recorded),
    ...(kind.parent ? { [kind.parent]: toId(recorded[kind.parent]) } : {}),
    name: found.entity.name,
    ...serverSet,
    etag,
    unmanaged,
    adopt: plain(recorded.adopt),
    adopted,
  });
}

/** The fields where an object differs from what the program wants. */
export function differences(
  kind: EntityKind,
  desired: JsonObject,
  entity: Record<string, unknown>,
  inputs: Inputs,
): string[] {
  return managedKeys(kind.fields, inputs).filter((key) => {
    const spec = kind.fields[key] as FieldSpec;
    if (!comparable(spec)) return false;
    if (spec.spread) {
      const wanted = isObject(inputs[key]) ? (inputs[key] as Record<string, unknown>) : {};
      return Object.entries(wanted).some(
        ([m, v]) => !equivalent(spec, v, subsetView(entity[m], v)),
      );
    }
    return !equivalent(spec, desired[key], serviceValue(spec, entity[key], inputs[key]));
  });
}

/**
 * Whether a read of the object can show every change this update makes: none of them is a
 * credential (the service may mask it), a value kept as given, or a field the program dropped.
 */
export function changesVisible(kind: EntityKind, olds: Inputs, news: Inputs): boolean {
  return diffFields(kind.fields, olds, news).updates.every((key) => {
    const spec = kind.fields[key] as FieldSpec;
    return !isUnset(news[key]) && comparable(spec) && !holdsSecret(spec);
  });
}

/**
 * The credentials the program sets that may differ on the service without a read showing it:
 * the service shows them masked or not at all, or shows another value of one kept as given. An
 * adoption then writes the program's credentials once (a mask the program gave is not a value).
 */
export function unconfirmedCredentials(
  kind: EntityKind,
  entity: Record<string, unknown>,
  inputs: Inputs,
): string[] {
  const masked = (value: unknown) => value !== undefined && JSON.stringify(value).includes(MASK);
  return managedKeys(kind.fields, inputs).filter((key) => {
    const spec = kind.fields[key] as FieldSpec;
    const given = inputs[key];
    if (!holdsSecret(spec) || JSON.stringify(given).includes(MASK)) return false;
    if (spec.spread)
      return Object.keys(isObject(given) ? given : {}).some((m) => masked(entity[m]));
    const shown = entity[spec.readFrom ?? key];
    return (
      shown === undefined ||
      masked(shown) ||
      (spec.keepInput === true && !isDeepStrictEqual(shown, given))
    );
  });
}

/** The object's ETag: the one it came with, else one GET's. */
export const withEtag = async (api: EntityApi, found: Found): Promise<string | undefined> =>
  found.etag ?? (await api.get(String(found.entity.id))).etag;
