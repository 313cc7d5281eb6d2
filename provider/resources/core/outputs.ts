// How a kind's objects become outputs and compare with what the program wants: the managed
// fields, `unmanaged` (everything else, sent back unchanged by updates), and the fields where an
// object differs from the program.
import type { EntityKind, Found } from "./entityKind";
import {
  equivalent,
  type FieldSpec,
  managedKeys,
  managedView,
  spreadMembers,
  without,
} from "./fields";
import type { Inputs } from "./lifecycle";
import { isObject, type JsonObject, plain, plainObject } from "./plain";

/** Sent in an update body: not the create-time fields (the service's form rides in unmanaged). */
export const sendable = (spec: FieldSpec) => !spec.notSent && !(spec.keepInput && spec.replace);
/** Compared with the service's object to see whether a write is needed. */
const comparable = (spec: FieldSpec) => !spec.keepInput && !spec.notSent;
/** Sent in a create body. */
export const inBody = (spec: FieldSpec) => !spec.notSent;

export interface EntityOutputs {
  /** What `unmanaged` keeps of an object: everything but the managed and volatile fields. */
  unmanagedOf(entity: Record<string, unknown>, keys: string[], recorded: Inputs): JsonObject;
  /** The outputs for an object, its ETag, the managed keys and the inputs they were set from. */
  outputs(found: Found, etag: string | undefined, keys: string[], recorded: Inputs): JsonObject;
  /** The fields where an object differs from what the program wants. */
  differences(desired: JsonObject, entity: Record<string, unknown>, inputs: Inputs): string[];
}

export function entityOutputs(def: EntityKind): EntityOutputs {
  const specs = def.specs;

  const unmanagedOf = (entity: Record<string, unknown>, keys: string[], recorded: Inputs) =>
    without(entity, [
      ...keys.filter((key) => !specs[key]?.keepInput),
      ...spreadMembers(specs, keys, recorded),
      "name",
      ...def.volatile,
    ]);

  const outputs = (found: Found, etag: string | undefined, keys: string[], recorded: Inputs) => {
    const unmanaged = unmanagedOf(found.entity, keys, recorded);
    if (unmanaged.targetCpu === -1) delete unmanaged.targetCpu; // the service's "unset"
    return plainObject({
      ...managedView(specs, keys, found.entity, recorded),
      ...def.identity(recorded),
      name: found.entity.name,
      ...def.computed(found.entity),
      etag,
      unmanaged,
      adopt: plain(recorded.adopt),
    });
  };

  const differences = (desired: JsonObject, entity: Record<string, unknown>, inputs: Inputs) =>
    managedKeys(specs, inputs).filter((key) => {
      const spec = specs[key] as FieldSpec;
      if (!comparable(spec)) return false;
      if (spec.spread) {
        const wanted = isObject(inputs[key]) ? (inputs[key] as Record<string, unknown>) : {};
        return Object.entries(wanted).some(([m, v]) => !equivalent(spec, v, entity[m]));
      }
      return !equivalent(spec, desired[key], entity[key]);
    });

  return { unmanagedOf, outputs, differences };
}
