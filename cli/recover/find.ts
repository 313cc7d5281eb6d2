// Looks a pending create's object up on the service, by the name it asked for (or the object an
// adoption named), and checks it is plausibly the one: of the resource's type (an object of
// another type under that name cannot be what the create made: names are unique), and with the
// program's settings (a difference is only a warning: the import takes the object as it is).
import { type CollectorsClient, isGone } from "../../provider/api";
import { sourcePluginId } from "../../provider/plugin/ids";
import { holdsSecret } from "../../provider/resources/kinds/fields";
import { desiredValues } from "../../provider/resources/steps/fields";
import { differences, sendable } from "../../provider/resources/steps/outputs";
import { objectsOf } from "./objects";
import type { Target } from "./pending";
import { CLEAR_ADVICE, type Finding } from "./statuses";

type Entity = Record<string, unknown>;

/** The object's name as the steps see it (a source template's is its inputJson.name). */
const nameOf = (entity: Entity) => (typeof entity.name === "string" ? entity.name : undefined);

/** undefined when the service says the object (or a source's collector) does not exist. */
async function unlessGone<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (isGone(error)) return undefined;
    throw error;
  }
}

async function lookUp(
  client: CollectorsClient,
  target: Target,
): Promise<{ entity: Entity; name: string | undefined } | undefined> {
  const { kind, inputs, lookup, collectorId } = target;
  const api = objectsOf(kind, client, { ...inputs, collectorId });
  if ("id" in lookup) {
    const found = (await unlessGone(() => api.get(lookup.id)))?.entity;
    return found ? { entity: found, name: nameOf(found) } : undefined;
  }
  for (const name of lookup.names) {
    const found = (await unlessGone(() => api.findByName(name)))?.entity;
    if (found) return { entity: found, name };
  }
  return undefined;
}

/** The managed settings where the object differs from the pending create's inputs (not secrets). */
function differing(target: Target, entity: Entity): string[] {
  const { kind, inputs } = target;
  try {
    const desired = desiredValues(kind.fields, inputs, sendable);
    // The service never shows credentials in clear: they cannot be compared.
    return differences(kind, desired, entity, inputs).filter((key) => {
      const spec = kind.fields[key];
      return spec !== undefined && !holdsSecret(spec);
    });
  } catch {
    return []; // inputs this version does not understand: no warning rather than a wrong one
  }
}

function describeLookup(target: Target): string {
  const { lookup, collectorId } = target;
  const what = "id" in lookup ? `id ${lookup.id}` : `name ${JSON.stringify(lookup.names[0])}`;
  return collectorId === undefined ? what : `${what} in collector ${collectorId}`;
}

/** Looks the target's object up and says what it is. */
export async function find(client: CollectorsClient, target: Target): Promise<Finding> {
  const { pending, kind, lookup, collectorId } = target;
  const base = {
    urn: pending.urn,
    type: pending.type,
    operation: pending.operation,
    name: "names" in lookup ? lookup.names[0] : undefined,
    collectorId,
  };
  const found = await lookUp(client, target);
  if (!found) {
    const note = target.adopting
      ? `the object to adopt (${describeLookup(target)}) is not on the service, so the adoption did not happen; ${CLEAR_ADVICE}`
      : `not on the service: the create never reached it; ${CLEAR_ADVICE}, or the next \`pulumi up\` creates it`;
    return { ...base, status: "absent", note };
  }
  const { entity } = found;
  const serviceId = String(entity.id);
  const name = nameOf(entity) ?? found.name;
  const wrong = kind.mismatch(entity, target.inputs);
  if (wrong) {
    return {
      ...base,
      name,
      status: "other",
      note:
        `object ${serviceId} ${target.adopting ? "that adopt names" : "of that name"} exists, ` +
        `but ${wrong}: not what this resource was creating, so not offered; ${CLEAR_ADVICE}`,
    };
  }
  // The plugin's id of a source carries its collector; the classes' ids are the service's.
  const id =
    target.frontEnd === "plugin" && collectorId !== undefined
      ? sourcePluginId(collectorId, serviceId)
      : serviceId;
  const differs = differing(target, entity);
  // An adoption that renames its object may have renamed it before it was interrupted.
  const renamed =
    "names" in lookup && found.name !== lookup.names[0]
      ? ` (under the name it was to be given, ${JSON.stringify(found.name)})`
      : "";
  const note =
    `found, id ${id}${renamed}` +
    (differs.length === 0
      ? ""
      : `; warning: its ${differs.join(", ")} differ${differs.length === 1 ? "s" : ""} from the ` +
        "pending create's inputs (the import takes the object as it is; the next `pulumi up` sets the program's values)");
  return {
    ...base,
    name,
    id,
    object: { collection: kind.collection, id: serviceId },
    status: "import",
    note,
  };
}
