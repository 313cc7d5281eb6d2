// Update in one PUT with the ETag from the state as If-Match. A 412 (or state without an ETag)
// goes to updateWithEtag(): our own lost write, someone else's change (a conflict), or
// collectors:onConflict overwrite.
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { type CollectorsClient, isApiError } from "../../api";
import { clientFor } from "./clients";
import type { EntityContext } from "./context";
import type { EntityApi, Found } from "./entityKind";
import { desiredValues, diffFields, isUnset, managedKeys, resetValues } from "./fields";
import type { Inputs } from "./lifecycle";
import { conflictMessage } from "./messages";
import { sendable } from "./outputs";
import { isObject, type JsonObject } from "./plain";
import { currentSettings, type Settings } from "./settings";

export async function update(
  ctx: EntityContext,
  id: string,
  olds: JsonObject,
  news: Inputs,
): Promise<dynamic.UpdateResult> {
  const { def, fail } = ctx;
  const specs = def.specs;
  const settings = currentSettings();
  const client = clientFor(settings);
  const api = def.api(client, news);
  const name = isUnset(news.name) ? olds.name : news.name;
  const desired = {
    ...desiredValues(specs, news, sendable),
    ...resetValues(specs, olds, news),
    name: name as string,
  };
  const resource = ctx.label({ name }, id);
  let found: Found;
  const { updates } = diffFields(specs, olds, news);
  if (updates.length > 0 && updates.every((key) => specs[key]?.notSent)) {
    // Only what the kind applies after a write changed (an Installed Collector's version):
    // nothing to PUT; one GET gives afterWrite the object as it is now.
    try {
      found = await api.get(id);
    } catch (error) {
      throw fail(error, "update", resource, news, client);
    }
    return { outs: await ctx.finish(client, api, news, found, "update", olds) };
  }
  const write: Write = { ctx, client, api, settings, id, olds, news, desired, resource };
  try {
    if (typeof olds.etag !== "string") throw new MissingEtag();
    const unmanaged = isObject(olds.unmanaged) ? olds.unmanaged : {};
    found = await api.update(id, { ...unmanaged, ...desired }, olds.etag);
  } catch (error) {
    if (!(error instanceof MissingEtag) && !isApiError(error, "precondition-failed")) {
      throw fail(error, "update", resource, news, client);
    }
    found = await updateWithEtag(write, error instanceof MissingEtag);
  }
  return { outs: await ctx.finish(client, api, news, found, "update", olds) };
}

interface Write {
  ctx: EntityContext;
  client: CollectorsClient;
  api: EntityApi;
  settings: Settings;
  id: string;
  olds: JsonObject;
  news: Inputs;
  /** The update body's managed part (name included). */
  desired: JsonObject;
  resource: string;
}

/**
 * The PUT met 412 (or the state had no ETag, `missing`): read the object with a fresh ETag.
 * If it already is what the program wants, our own write went through and only its answer was
 * lost. Otherwise someone changed it: a conflict, unless collectors:onConflict is "overwrite"
 * (or there was no ETag to conflict with), in which case the PUT is sent again with the fresh one.
 */
async function updateWithEtag(write: Write, missing: boolean): Promise<Found> {
  const { ctx, client, api, settings, id, olds, news, desired, resource } = write;
  const fresh = await api.get(id);
  if (ctx.differences(desired, fresh.entity, news).length === 0 && !missing) {
    // Our own write went through; only its answer was lost and the retry met the new tag.
    return fresh;
  }
  if (!missing && settings.onConflict !== "overwrite") throw new Error(conflictMessage(resource));
  const keys = managedKeys(ctx.def.specs, news);
  try {
    return await api.update(
      id,
      { ...ctx.unmanagedOf(fresh.entity, keys, olds), ...desired },
      fresh.etag ?? "",
    );
  } catch (again) {
    throw ctx.fail(again, "update", resource, news, client);
  }
}

/** State written before ETags were kept: read a fresh one first. */
class MissingEtag extends Error {}
