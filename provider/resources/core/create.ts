// Create in one POST. The client retries what cannot have been acted on (429, …); this layer
// retries only what may have been (a lost answer, a 5xx), within the client's retry budget
// counted in POSTs sent, and hands a duplicate name after such an attempt to the take-over
// check, so a lost answer never makes two objects and 429s are never retried twice over.
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { type CollectorsClient, isApiError, requestsSent, retriedByCaller } from "../../api";
import { backoffMs, sleep } from "../../api/retry";
import { takeOver } from "./adoption";
import type { EntityContext } from "./context";
import type { EntityApi, Found } from "./entityKind";
import { desiredValues } from "./fields";
import type { Inputs } from "./lifecycle";
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
  const policy = client.retryPolicy;
  // After an attempt that may have created the object, a duplicate name may be our own.
  let ambiguous = false;
  let sent = 0;
  for (let retry = 0; ; retry++) {
    let found: Found;
    try {
      found = await api.create(body);
    } catch (error) {
      if (isApiError(error, "duplicate-name")) {
        return takeOver(ctx, client, api, inputs, desired, ambiguous);
      }
      sent += requestsSent(error);
      if (sent <= policy.retries && retriedByCaller(error)) {
        ambiguous = true;
        await sleep(backoffMs(retry, policy));
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
