// create: a new object in one POST, or adoption of an existing one (the program's `adopt: { id }`
// or `{ name }`). The POST is retried after transient failures; a retry that meets a duplicate
// name after an attempt that may have acted hands over to the take-over check, so a lost answer
// never makes two objects.
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { ApiError, DEFAULT_RETRY, isApiError, isGone, NetworkError } from "../../api";
import { backoffMs } from "../../api/retry";
import { toId } from "../kinds/schemas";
import { resourceError } from "./errors";
import { desiredValues, isUnset, type JsonObject, managedKeys } from "./fields";
import {
  type EntityKind,
  type Found,
  fail,
  type Inputs,
  label,
  type Operation,
  operation,
} from "./lifecycle";
import { differences, finish, inBody, sendable, unmanagedOf, withEtag } from "./outputs";
import type { Runtime } from "./settings";

export async function create(
  kind: EntityKind,
  runtime: Runtime,
  inputs: Inputs,
): Promise<dynamic.CreateResult> {
  const adopting = !isUnset(inputs.adopt);
  const op = operation(kind, runtime, {
    action: adopting ? "adopt" : "create",
    inputs,
    resource: label(kind, inputs),
  });
  if (adopting) return adopt(op);
  if (kind.notCreatable) throw resourceError("notCreatable", { why: kind.notCreatable });
  return createNew(op);
}

/**
 * A failure after which the service may or may not have acted on the request: the connection
 * dropped, the answer never came, or a 5xx. Retrying a create then needs the duplicate check.
 */
export function isAmbiguous(error: unknown): boolean {
  if (error instanceof NetworkError) return error.reason !== "connection-refused";
  return error instanceof ApiError && error.status >= 500;
}

/** A failure worth another try of a create. */
export function isTransient(error: unknown): boolean {
  return isAmbiguous(error) || (error instanceof ApiError && error.condition === "rate-limited");
}

/** The POST, retried; what follows it (outside the retry) never creates a second object. */
async function createNew(op: Operation): Promise<dynamic.CreateResult> {
  const { kind, api, inputs, runtime } = op;
  const desired = desiredValues(kind.fields, inputs, inBody);
  const body = { ...kind.fixed(inputs), ...desired };
  // After an attempt that may have created the object, a duplicate name may be our own.
  let ambiguous = false;
  for (let attempt = 0; ; attempt++) {
    let found: Found;
    try {
      found = await api.create(body);
    } catch (error) {
      if (isApiError(error, "duplicate-name")) return takeOver(op, desired, ambiguous);
      if (attempt + 1 < runtime.defaults.createAttempts && isTransient(error)) {
        ambiguous ||= isAmbiguous(error);
        // The client's backoff (exponential, equal jitter), from this layer's own first wait.
        const base = runtime.defaults.createRetryBaseMs;
        await runtime.pause(backoffMs(attempt, { ...DEFAULT_RETRY, minDelayMs: base }));
        continue;
      }
      throw fail(op, error);
    }
    return { id: String(found.entity.id), outs: await finish(op, found) };
  }
}

/**
 * A create met a duplicate name. After an attempt that may have created the object
 * (`ambiguous`), the object of that name is ours when it is what the program wants: it is taken
 * over. Otherwise the create fails, saying what exists and how to adopt it.
 */
async function takeOver(
  op: Operation,
  desired: JsonObject,
  ambiguous: boolean,
): Promise<dynamic.CreateResult> {
  const { kind, api, inputs, resource } = op;
  const where = scope(kind, inputs);
  const found = await api.findByName(String(inputs.name));
  if (!found) throw resourceError("nameTaken", { resource, where });
  const id = String(found.entity.id);
  const wrong = kind.mismatch(found.entity, inputs);
  const differs = differences(kind, desired, found.entity, inputs);
  if (ambiguous && !wrong && differs.length === 0) {
    // The earlier attempt did create it; its answer was lost on the way back.
    return { id, outs: await finish(op, found) };
  }
  const shown = ambiguous ? (wrong ? [wrong] : differs) : [];
  throw resourceError("duplicate", { resource, where, id, differences: shown });
}

/** Where names are unique, for messages: "the account", "collector 123". */
function scope(kind: EntityKind, state: Inputs): string {
  return kind.parent ? `collector ${String(state[kind.parent])}` : "the account";
}

/** Takes over the object `adopt` names, applying the program's settings in one PUT if needed. */
async function adopt(op: Operation): Promise<dynamic.CreateResult> {
  const { kind, api, inputs } = op;
  const target = inputs.adopt as { id?: unknown; name?: unknown };
  const where = scope(kind, inputs);
  const orElse = kind.notCreatable
    ? `. ${kind.notCreatable}`
    : ", or create a new one by removing `adopt`.";
  let found: Found | undefined;
  if (!isUnset(target.id)) {
    try {
      found = await api.get(String(toId(target.id)));
    } catch (error) {
      if (!isGone(error)) throw fail(op, error, { resource: label(kind, inputs, target.id) });
    }
    if (!found) throw resourceError("adoptNoId", { kind: kind.kind, where, id: target.id, orElse });
  } else {
    const name = String(target.name);
    found = await api.findByName(name);
    if (!found) throw resourceError("adoptNoName", { kind: kind.kind, where, name, orElse });
  }
  const id = String(found.entity.id);
  const wrong = kind.mismatch(found.entity, inputs);
  if (wrong) {
    throw resourceError("adoptMismatch", {
      resource: label(kind, found.entity, id),
      kind: kind.kind,
      wrong,
    });
  }
  const keys = managedKeys(kind.fields, inputs);
  const desired = desiredValues(kind.fields, inputs, sendable);
  if (differences(kind, desired, found.entity, inputs).length > 0) {
    const etag = await withEtag(api, found);
    const body = { ...unmanagedOf(kind, found.entity, keys, inputs), ...desired };
    body.name = (desired.name ?? found.entity.name) as string;
    try {
      found = await api.update(id, body, etag ?? "");
    } catch (error) {
      throw fail(op, error, { resource: label(kind, found.entity, id) });
    }
  }
  return { id, outs: await finish(op, found) };
}
