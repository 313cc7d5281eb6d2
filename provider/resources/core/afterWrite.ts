// After an object is written: the kind's afterWrite (what a PUT cannot do, such as an Installed
// Collector's version), then the outputs. A failure after the write is a partial failure: the
// engine records the object as it now is.
import type { CollectorsClient } from "../../api";
import type { AfterWrite, EntityApi, EntityKind, Found } from "./entityKind";
import { managedKeys } from "./fields";
import type { Inputs } from "./lifecycle";
import type { EntityOutputs } from "./outputs";
import type { JsonObject } from "./plain";

/**
 * Thrown by a kind's afterWrite when it fails after the object was written: `found` is the object
 * as it now is, which the engine then records as the resource's state (a partial failure).
 */
export class AfterWriteError extends Error {
  constructor(
    message: string,
    readonly found?: Found,
  ) {
    super(message);
    this.name = "AfterWriteError";
  }
}

/**
 * A failure after the object was written. The dynamic-provider host turns an error carrying `id`
 * and `properties` into the engine's partial failure: the resource keeps these outputs (the
 * object as it now is, with its new ETag) and the operation is reported as failed with the
 * message, so the next `pulumi up` starts from the truth and tries the rest again.
 */
export class PartialFailure extends Error {
  readonly reasons: string[];
  constructor(
    message: string,
    readonly id: string,
    readonly properties: JsonObject,
  ) {
    super(message);
    this.name = "PartialFailure";
    this.reasons = [message];
  }
}
/** The object's ETag: the one it came with, else one GET's. */
export const withEtag = async (api: EntityApi, found: Found): Promise<string | undefined> =>
  found.etag ?? (await api.get(String(found.entity.id))).etag;

export type Finish = (
  client: CollectorsClient,
  api: EntityApi,
  inputs: Inputs,
  written: Found,
  action: AfterWrite["action"],
  olds?: JsonObject,
) => Promise<JsonObject>;

/** The outputs after a write, once the kind's afterWrite (if any) has run. */
export function finisher(def: EntityKind, { outputs }: EntityOutputs): Finish {
  return async (client, api, inputs, written, action, olds) => {
    const id = String(written.entity.id);
    const keys = managedKeys(def.specs, inputs);
    if (!def.afterWrite) return outputs(written, await withEtag(api, written), keys, inputs);
    let found: Found;
    try {
      found = await def.afterWrite({
        client,
        api,
        id,
        inputs,
        found: written,
        action,
        ...(olds ? { olds } : {}),
      });
    } catch (error) {
      const now = (error instanceof AfterWriteError && error.found) || written;
      const message = error instanceof Error ? error.message : String(error);
      let etag: string | undefined;
      try {
        etag = await withEtag(api, now);
      } catch {
        etag = now.etag; // the next update then reads a fresh one (412 path)
      }
      const properties = outputs(now, etag, keys, inputs);
      // The host reads the provider of later operations from the outputs: keep it there.
      if (typeof inputs.__provider === "string") properties.__provider = inputs.__provider;
      throw new PartialFailure(message, id, properties);
    }
    return outputs(found, await withEtag(api, found), keys, inputs);
  };
}
