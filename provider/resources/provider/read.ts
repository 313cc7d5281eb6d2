// read (refresh) in one GET, and delete in one DELETE. Only the service saying the object does
// not exist drops a resource from the state or counts as deleted; 401, 403, 429, 5xx and a 404
// from a path nobody serves (a wrong endpoint) fail instead.
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { isGone } from "../../api";
import { isUnset, type JsonObject } from "./fields";
import { type EntityKind, type Found, fail, label, operation } from "./lifecycle";
import { outputs } from "./outputs";
import type { Runtime } from "./settings";

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
    found = await op.api.get(id);
  } catch (error) {
    if (isGone(error)) return { id: "" };
    throw fail(op, error);
  }
  // Without state (a static get), manage what the service has set.
  const keys = Object.keys(kind.fields).filter((key) =>
    state.etag === undefined ? !isUnset(found.entity[key]) : state[key] !== undefined,
  );
  const outs = outputs(kind, found, found.etag, keys, state);
  const inputs: JsonObject = {};
  for (const key of [...Object.keys(kind.fields), ...Object.keys(kind.controls)]) {
    const value = outs[key];
    if (value !== undefined) inputs[key] = value;
  }
  return { id, props: outs, inputs };
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
