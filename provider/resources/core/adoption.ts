// Taking over existing objects: adoption (the program's `adopt: { id }` or `{ name }`), and the
// take-over of a create's own object after its answer was lost (the retry met a duplicate name).
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { type CollectorsClient, isGone } from "../../api";
import { withEtag } from "./afterWrite";
import type { EntityContext } from "./context";
import type { EntityApi, Found } from "./entityKind";
import { desiredValues, isUnset, managedKeys } from "./fields";
import type { Inputs } from "./lifecycle";
import { duplicateMessage } from "./messages";
import { sendable } from "./outputs";
import type { JsonObject } from "./plain";
import { toId } from "./schemas";

/** Takes over the object `adopt` names, applying the program's settings in one PUT if needed. */
export async function adopt(
  ctx: EntityContext,
  client: CollectorsClient,
  api: EntityApi,
  inputs: Inputs,
): Promise<dynamic.CreateResult> {
  const { def, label, fail } = ctx;
  const target = inputs.adopt as { id?: unknown; name?: unknown };
  const where = def.scope(inputs);
  const orElse = def.notCreatable
    ? `. ${def.notCreatable}`
    : ", or create a new one by removing `adopt`.";
  let found: Found | undefined;
  if (!isUnset(target.id)) {
    try {
      found = await api.get(String(toId(target.id)));
    } catch (error) {
      if (!isGone(error)) throw fail(error, "adopt", label(inputs, target.id), inputs, client);
    }
    if (!found) {
      throw new Error(
        `Cannot adopt into ${def.kind}: ${where} has nothing with id ${String(target.id)}. ` +
          `Check adopt.id${orElse}`,
      );
    }
  } else {
    const name = String(target.name);
    found = await api.findByName(name);
    if (!found) {
      throw new Error(
        `Cannot adopt into ${def.kind}: ${where} has nothing named ${JSON.stringify(name)}. ` +
          `Check adopt.name (names are case-sensitive)${orElse}`,
      );
    }
  }
  const id = String(found.entity.id);
  const wrong = def.mismatch(found.entity, inputs);
  if (wrong) throw new Error(`Cannot adopt ${label(found.entity, id)} into ${def.kind}: ${wrong}`);

  const keys = managedKeys(def.specs, inputs);
  const desired = desiredValues(def.specs, inputs, sendable);
  if (ctx.differences(desired, found.entity, inputs).length > 0) {
    const etag = await withEtag(api, found);
    const body = { ...ctx.unmanagedOf(found.entity, keys, inputs), ...desired };
    body.name = (desired.name ?? found.entity.name) as string;
    try {
      found = await api.update(id, body, etag ?? "");
    } catch (error) {
      throw fail(error, "adopt", label(found.entity, id), inputs, client);
    }
  }
  return { id, outs: await ctx.finish(client, api, inputs, found, "adopt") };
}

/**
 * A create met a duplicate name. After an attempt that may have created the object
 * (`ambiguous`), the object of that name is ours when it is what the program wants: it is taken
 * over. Otherwise the create fails, saying what exists and how to adopt it.
 */
export async function takeOver(
  ctx: EntityContext,
  client: CollectorsClient,
  api: EntityApi,
  inputs: Inputs,
  desired: JsonObject,
  ambiguous: boolean,
): Promise<dynamic.CreateResult> {
  const { def, label } = ctx;
  const name = String(inputs.name);
  const found = await api.findByName(name);
  if (!found)
    throw new Error(`Cannot create ${label(inputs)}: the name is taken in ${def.scope(inputs)}`);
  const id = String(found.entity.id);
  const wrong = def.mismatch(found.entity, inputs);
  const differs = ctx.differences(desired, found.entity, inputs);
  if (ambiguous && !wrong && differs.length === 0) {
    // The earlier attempt did create it; its answer was lost on the way back.
    return { id, outs: await ctx.finish(client, api, inputs, found, "create") };
  }
  const diff = wrong ? [wrong] : differs;
  throw new Error(duplicateMessage(label(inputs), def.scope(inputs), id, ambiguous ? diff : []));
}
