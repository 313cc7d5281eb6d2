// The end of every write: the kind's afterWrite step (if it has one), then the outputs. A failure
// after the write is a partial failure: the engine records the object as it now is.
import { PartialFailure } from "../kinds/errors";
import type { JsonObject } from "../kinds/fields";
import type { AfterWrite } from "../kinds/kind";
import type { Found } from "./entities";
import { managedKeys } from "./fields";
import { AfterWriteError, type Operation } from "./lifecycle";
import { outputs, wasAdopted, withEtag } from "./outputs";
import { applyVersion } from "./upgrade";

/** The steps a kind's `afterWrite` names. */
const AFTER_WRITE: Readonly<Record<AfterWrite, (op: Operation, written: Found) => Promise<Found>>> =
  { applyVersion };

/** The outputs after a write, once the kind's afterWrite (if any) has run. */
export async function finish(op: Operation, written: Found): Promise<JsonObject> {
  const { kind, api, inputs } = op;
  const id = String(written.entity.id);
  const keys = managedKeys(kind.fields, inputs);
  const adopted = op.action === "adopt" || (op.olds !== undefined && wasAdopted(op.olds));
  const outputsOf = (found: Found, etag: string | undefined) =>
    outputs(kind, found, etag, keys, inputs, adopted);
  const afterWrite = kind.afterWrite && AFTER_WRITE[kind.afterWrite];
  if (!afterWrite) return outputsOf(written, await withEtag(api, written));
  let found: Found;
  try {
    found = await afterWrite(op, written);
  } catch (error) {
    const now = (error instanceof AfterWriteError && error.found) || written;
    const message = error instanceof Error ? error.message : String(error);
    let etag: string | undefined;
    try {
      etag = await withEtag(api, now);
    } catch {
      etag = now.etag; // the next update then reads a fresh one (412 path)
    }
    const properties = outputsOf(now, etag);
    // The host reads the provider of later operations from the outputs: keep it there.
    if (typeof inputs.__provider === "string") properties.__provider = inputs.__provider;
    throw new PartialFailure(message, id, properties, error);
  }
  return outputsOf(found, await withEtag(api, found));
}
