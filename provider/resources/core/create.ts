// Create in one POST, retried after transient failures; a retry that meets a duplicate name
// after an attempt that may have acted hands over to the take-over check, so a lost answer never
// makes two objects.
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { type CollectorsClient, isApiError } from "../../api";
import { takeOver } from "./adoption";
import type { EntityContext } from "./context";
import type { EntityApi, Found } from "./entityKind";
import { desiredValues } from "./fields";
import { CREATE_ATTEMPTS, createBackoff, type Inputs, isAmbiguous, isTransient } from "./lifecycle";
import { inBody } from "./outputs";

export async function createNew(
  ctx: EntityContext,
  client: CollectorsClient,
  api: EntityApi,
  inputs: Inputs,
): Promise<dynamic.CreateResult> {
  const { def } = ctx;
  const desired = desiredValues(def.specs, inputs, inBody);
  const body = { ...def.createExtras(inputs), ...desired };
  // After an attempt that may have created the object, a duplicate name may be our own.
  let ambiguous = false;
  for (let attempt = 0; ; attempt++) {
    let found: Found;
    try {
      found = await api.create(body);
    } catch (error) {
      if (isApiError(error, "duplicate-name")) {
        return takeOver(ctx, client, api, inputs, desired, ambiguous);
      }
      if (attempt + 1 < CREATE_ATTEMPTS && isTransient(error)) {
        ambiguous ||= isAmbiguous(error);
        await createBackoff(attempt);
        continue;
      }
      throw ctx.fail(error, "create", ctx.label(inputs), inputs, client);
    }
    // Outside the retry: what follows the create must never create a second object.
    return {
      id: String(found.entity.id),
      outs: await ctx.finish(client, api, inputs, found, "create"),
    };
  }
}
