// read (refresh), batched, and delete in one DELETE. Reads of resources that have state go
// through the client's batcher (provider/api/batch.ts): concurrent reads of one collector's
// sources become one list, collectors' reads a collector list. A listed object that is exactly
// as the state last saw it keeps the state's ETag; one that changed is read once more (GET) for
// its fresh ETag, so an update after the refresh meets 412 for any change made after it, as
// with one GET per resource. Only the service saying the object does not exist (its 404, or
// absence from a successful list) drops a resource from the state or counts as deleted; 401,
// 403, 429, 5xx and a 404 from a path nobody serves (a wrong endpoint) fail instead, and a
// failed list fails every read it serves.
import { isDeepStrictEqual } from "node:util";
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { isGone } from "../../api";
import { isUnset, type JsonObject } from "../kinds/fields";
import type { EntityKind } from "../kinds/kind";
import { toId } from "../kinds/schemas";
import type { Found } from "./entities";
import { fail, label, type Operation, operation } from "./lifecycle";
import { outputs, wasAdopted } from "./outputs";
import type { Runtime } from "./runtime";

export async function read(
  kind: EntityKind,
  runtime: Runtime,
  id: string,
  props?: JsonObject,
): Promise<dynamic.ReadResult> {
  const state: Record<string, unknown> = props ?? {};
  const op = operation(kind, runtime, {
    action: "read",
    inputs: state,
    resource: label(kind, state, id),
  });
  let found: Found;
  try {
    found = await lookUp(op, id, state);
  } catch (error) {
    if (isGone(error)) return { id: "" };
    throw fail(op, error);
  }
  const outs = project(kind, found, state);
  const inputs: JsonObject = {};
  for (const key of [...Object.keys(kind.fields), ...Object.keys(kind.controls)]) {
    const value = outs[key];
    if (value !== undefined) inputs[key] = value;
  }
  // As check gives it: a source template's name, from inputJson.name.
  const named = kind.nameOf?.(inputs);
  if (typeof named === "string") inputs.name = named;
  return { id, props: outs, inputs };
}

/** The outputs of an object read for this state. */
function project(kind: EntityKind, found: Found, state: Record<string, unknown>): JsonObject {
  // Without state (a static get), manage what the service has set.
  const keys = Object.keys(kind.fields).filter((key) =>
    state.etag === undefined ? !isUnset(found.entity[key]) : state[key] !== undefined,
  );
  return outputs(kind, found, found.etag, keys, state, wasAdopted(state));
}

/** The object with an ETag to keep; rejects with the service's 404 when it is gone. */
async function lookUp(op: Operation, id: string, state: Record<string, unknown>): Promise<Found> {
  const { kind, runtime, client, api } = op;
  // Without an ETag in the state (a static get, an old state) there is nothing to keep: one GET.
  // Batching off (readBatchWindowMs 0): one GET per read, as before batching.
  // The OpenTelemetry APIs have no list the batcher could read: one GET.
  const batched = kind.collection === "collectors" || kind.collection === "sources";
  if (!batched || typeof state.etag !== "string" || !(runtime.defaults.readBatchWindowMs > 0)) {
    return api.get(id);
  }
  const reads = runtime.reads(client);
  const parent = kind.parent === undefined ? undefined : toId(state[kind.parent]);
  if (parent !== undefined && !Number.isSafeInteger(parent)) return api.get(id);
  const read =
    parent !== undefined
      ? await reads.source(parent, id)
      : await reads.collector(id, collectorFilter(kind));
  const listed: Found = { entity: read.entity, etag: read.etag };
  if (listed.etag !== undefined) return listed;
  // Listed: no ETag. Exactly as the state last saw it → the state's ETag still holds.
  if (asLastSeen(kind, listed.entity, state)) return { entity: listed.entity, etag: state.etag };
  return api.get(id);
}

/** Whether an object is exactly as a state (outputs) last saw it, the ETag aside. */
export function asLastSeen(
  kind: EntityKind,
  entity: Record<string, unknown>,
  state: Record<string, unknown>,
): boolean {
  const etag = typeof state.etag === "string" ? state.etag : undefined;
  return sameOutputs(project(kind, { entity, etag }, state), state);
}

/** The list a collector kind's objects are in: its type's. */
function collectorFilter(kind: EntityKind): "hosted" | "installed" | undefined {
  const type = kind.fixed({}).collectorType;
  return type === "Hosted" ? "hosted" : type === "Installable" ? "installed" : undefined;
}

/** Whether outputs equal the state's, ETag aside (the engine adds __provider to it). */
function sameOutputs(outs: JsonObject, state: Record<string, unknown>): boolean {
  const keys = new Set([...Object.keys(outs), ...Object.keys(state)]);
  keys.delete("__provider");
  keys.delete("etag");
  for (const key of keys) {
    if (!isDeepStrictEqual(outs[key], state[key])) return false;
  }
  return true;
}

export async function remove(
  kind: EntityKind,
  runtime: Runtime,
  id: string,
  props: JsonObject,
): Promise<void> {
  const op = operation(kind, runtime, {
    action: "delete",
    inputs: props,
    resource: label(kind, props, id),
  });
  try {
    await op.api.delete(id);
  } catch (error) {
    // Already gone: that is what delete wants. A 404 from a path nobody serves is not that.
    if (isGone(error)) return;
    throw fail(op, error);
  }
}
