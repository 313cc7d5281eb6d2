// create: a new object in one POST, or adoption of an existing one (the program's `adopt: { id }`
// or `{ name }`). The client retries what cannot have been acted on (429, …); this step retries
// only what may have been (a lost answer, a 5xx), within the client's retry budget counted in
// POSTs sent, and hands a duplicate name after such an attempt to the take-over check, so a lost
// answer never makes two objects and 429s are never retried twice over.
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { isApiError, isGone, requestsSent, retriedByCaller } from "../../api";
import { backoffMs, sleep } from "../../api/retry";
import { resourceError } from "../kinds/errors";
import { isUnset, type JsonObject } from "../kinds/fields";
import type { EntityKind, Inputs } from "../kinds/kind";
import { toId } from "../kinds/schemas";
import type { Found } from "./entities";
import { desiredValues, managedKeys } from "./fields";
import { finish } from "./finish";
import { fail, label, type Operation, operation, tell } from "./lifecycle";
import {
  differences,
  inBody,
  sendable,
  unconfirmedCredentials,
  unmanagedOf,
  withEtag,
} from "./outputs";
import type { Runtime } from "./runtime";

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

/** The POST, retried; what follows it (outside the retry) never creates a second object. */
async function createNew(op: Operation): Promise<dynamic.CreateResult> {
  const { kind, api, inputs, client } = op;
  const desired = desiredValues(kind.fields, inputs, inBody);
  const body = { ...kind.fixed(inputs), ...desired };
  const policy = client.retryPolicy;
  // After an attempt that may have created the object, a duplicate name may be our own.
  let ambiguous = false;
  let sent = 0;
  for (let retry = 0; ; retry++) {
    let found: Found;
    try {
      found = await api.create(body);
    } catch (error) {
      if (isApiError(error, "duplicate-name")) return takeOver(op, desired, ambiguous);
      sent += requestsSent(error);
      if (sent <= policy.retries && retriedByCaller(error)) {
        ambiguous = true;
        // The client's own backoff, already scaled by the client's time scale.
        await sleep(backoffMs(retry, policy));
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

/**
 * The object of this name, with its ETag. A source is found in its collector's list through the
 * batcher (adoptions of many sources of one collector share one list), then read by id for its
 * current state and ETag, as findByName does; a collector by the service's look-up by name.
 */
async function findNamed(op: Operation, name: string): Promise<Found | undefined> {
  const { kind, api, inputs, runtime, client } = op;
  if (kind.parent === undefined) return api.findByName(name);
  const listed = await runtime.reads(client).sourceNamed(toId(inputs[kind.parent]), name);
  if (listed?.id === undefined) return undefined;
  let found: Found;
  try {
    found = await api.get(String(listed.id));
  } catch (error) {
    if (!isGone(error)) throw error;
    return api.findByName(name); // deleted since it was listed: look again
  }
  // Renamed since it was listed: look again.
  return found.entity.name === name ? found : api.findByName(name);
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
    found = await findNamed(op, name);
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
  const differing = differences(kind, desired, found.entity, inputs);
  const credentials = unconfirmedCredentials(kind, found.entity, inputs);
  if (differing.length > 0 || credentials.length > 0) {
    const etag = await withEtag(api, found);
    const body = { ...unmanagedOf(kind, found.entity, keys, inputs), ...desired };
    body.name = (desired.name ?? found.entity.name) as string;
    try {
      found = await api.update(id, body, etag ?? "");
    } catch (error) {
      throw fail(op, error, { resource: label(kind, found.entity, id) });
    }
  }
  await tell(op, adoptionNote(label(kind, found.entity, id), differing, credentials));
  return { id, outs: await finish(op, found) };
}

/**
 * What an adoption did, for the engine's display, which counts it as a create: that nothing was
 * created, and what its one PUT (if any) wrote and why.
 */
function adoptionNote(
  resource: string,
  differing: readonly string[],
  credentials: readonly string[],
): string {
  const adopted = `${resource}: adopted, not created (it already existed)`;
  const fields = differing.filter((key) => !credentials.includes(key));
  const wrote = [
    ...(fields.length > 0 ? [`set ${fields.join(", ")} to the program's values`] : []),
    ...(credentials.length > 0
      ? [
          `wrote the credentials the program gives in ${credentials.join(", ")}, which the ` +
            "service never shows in clear, so no read can confirm them",
        ]
      : []),
  ];
  return wrote.length === 0
    ? `${adopted}; its settings match the program, nothing was written.`
    : `${adopted}; one PUT ${wrote.join(", and ")}.`;
}
