// The service's objects of a kind as this command reaches them: through the kind's EntityApi, the
// steps' own access (steps/entities.ts), so an object reads here as `pulumi up` would see it (an
// OT collector's tags without the service's own, a source template named by its inputJson.name,
// a disabled one found too); and an object's id as the service's text, which is a collector's or
// source's number written out, or an OpenTelemetry object's 16 hexadecimal characters.
import { type CollectorsClient, OT_ID_PATTERN } from "../../provider/api";
import { IdError, parseId } from "../../provider/api/ids";
import type { EntityKind, Inputs } from "../../provider/resources/kinds/kind";
import { type EntityApi, entityApi } from "../../provider/resources/steps/entities";
import { Runtime } from "../../provider/resources/steps/runtime";

/**
 * The service's id of an object of `kind` from a state's or an input's value, as the steps
 * address it (`kind.adoptedId` says the kind's ids are text). `what` names the value in the
 * message; throws IdError when the value cannot be one of the kind's ids.
 */
export function serviceIdOf(kind: EntityKind, value: unknown, what: string): string {
  if (!kind.adoptedId) return String(parseId(value, what));
  if (typeof value !== "string" || !OT_ID_PATTERN.test(value)) {
    throw new IdError(
      `${what} ${JSON.stringify(value)} is not an id: ${kind.kind} ids are 16 hexadecimal ` +
        'characters, e.g. "0000000005F5E105"',
      true,
    );
  }
  return kind.adoptedId(value);
}

/**
 * The objects of `kind`, for a pending create's inputs (a source's carry its collector). This
 * command only reads: the runtime serves the waits of deletes, which it never makes.
 */
export function objectsOf(kind: EntityKind, client: CollectorsClient, inputs: Inputs): EntityApi {
  return entityApi(kind, new Runtime(), client, inputs);
}
