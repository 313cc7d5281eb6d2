// update: one PUT with the ETag from the state as If-Match. A 412 (or state without an ETag)
// goes to updateWithEtag(): our own lost write, someone else's change (a conflict), or
// collectors:onConflict overwrite.
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { isApiError } from "../../api";
import { resourceError } from "../kinds/errors";
import { isObject, isUnset, type JsonObject } from "../kinds/fields";
import type { EntityKind, Inputs } from "../kinds/kind";
import type { Found } from "./entities";
import { desiredValues, diffFields, managedKeys, resetValues } from "./fields";
import { finish } from "./finish";
import { fail, label, type Operation, operation } from "./lifecycle";
import { changesVisible, differences, sendable, unmanagedOf } from "./outputs";
import { asLastSeen } from "./read";
import type { Runtime } from "./runtime";

export async function update(
  kind: EntityKind,
  runtime: Runtime,
  id: string,
  olds: JsonObject,
  news: Inputs,
): Promise<dynamic.UpdateResult> {
  const fields = kind.fields;
  const name = isUnset(news.name) ? olds.name : news.name;
  const op = operation(kind, runtime, {
    action: "update",
    inputs: news,
    olds,
    resource: label(kind, { name }, id),
  });
  const desired = {
    ...desiredValues(fields, news, sendable),
    ...resetValues(fields, olds, news),
    name: name as string,
  };
  let found: Found;
  const { updates } = diffFields(fields, olds, news);
  if (updates.length > 0 && updates.every((key) => fields[key]?.notSent)) {
    // Only what the kind applies after a write changed (an Installed Collector's version):
    // nothing to PUT; one GET gives afterWrite the object as it is now.
    try {
      found = await op.api.get(id);
    } catch (error) {
      throw fail(op, error);
    }
    return { outs: await finish(op, found) };
  }
  try {
    if (typeof olds.etag !== "string") throw new MissingEtag();
    const unmanaged = isObject(olds.unmanaged) ? olds.unmanaged : {};
    found = await op.api.update(id, { ...unmanaged, ...desired }, olds.etag);
  } catch (error) {
    if (!(error instanceof MissingEtag) && !isApiError(error, "precondition-failed")) {
      throw fail(op, error);
    }
    found = await updateWithEtag(op, id, desired, error);
  }
  return { outs: await finish(op, found) };
}

/**
 * The PUT met 412 (or the state had no ETag): read the object with a fresh ETag. If it already
 * is what the program wants, our own write went through and only its answer was lost. If it is
 * exactly as the state last saw it, only its tag moved (a write elsewhere that changed nothing,
 * or a batched refresh that kept the state's tag for an object it found unchanged): there is
 * nothing to conflict with, and the PUT is sent again with the fresh tag. Otherwise someone
 * changed it: a conflict, unless collectors:onConflict is "overwrite" (or there was no ETag to
 * conflict with), in which case the PUT is sent again with the fresh one.
 */
async function updateWithEtag(
  op: Operation,
  id: string,
  desired: JsonObject,
  refusal: unknown,
): Promise<Found> {
  const { kind, api, inputs: news, olds = {} } = op;
  const missing = refusal instanceof MissingEtag;
  const fresh = await api.get(id);
  const shownDone = !missing && differences(kind, desired, fresh.entity, news).length === 0;
  // Our own write went through; only its answer was lost and the retry met the new tag.
  if (shownDone && changesVisible(kind, olds, news)) return fresh;
  // Otherwise the PUT goes again with the fresh tag when nothing to conflict with shows: every
  // change a read can show is there (the rest, e.g. a masked credential, is sent again), or the
  // object is as the state last saw it (only its tag moved).
  const tagOnly = !missing && asLastSeen(kind, fresh.entity, olds);
  if (!missing && !shownDone && !tagOnly && op.settings.onConflict !== "overwrite") {
    throw resourceError("conflict", { resource: op.resource }, refusal);
  }
  const keys = managedKeys(kind.fields, news);
  try {
    return await api.update(
      id,
      { ...unmanagedOf(kind, fresh.entity, keys, olds), ...desired },
      fresh.etag ?? "",
    );
  } catch (again) {
    throw fail(op, again);
  }
}

/** State written before ETags were kept: read a fresh one first. */
class MissingEtag extends Error {}
