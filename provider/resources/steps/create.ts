// create: a new object in one POST, or adoption of an existing one (the program's `adopt: { id }`
// or `{ name }`). The client retries what cannot have been acted on (429, …); this step retries
// only what may have been (a lost answer, a 5xx), within the client's retry budget counted in
// POSTs sent, and hands a duplicate name after such an attempt, or of the name the resource's URN
// makes, to the reclaim check: a lost answer or a run stopped mid-create never makes two
// objects, and 429s are never retried twice over.
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
import { namedFromUrn } from "./naming";
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
      if (isApiError(error, "duplicate-name")) return reclaim(op, desired, ambiguous);
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
 * A create met a duplicate name. The object holding it is this resource's own when an attempt of
 * this create may have made it (`retried`: that attempt's answer was lost), or when its name is
 * the one this resource's URN makes (an earlier run's create reached the service, and the run was
 * stopped before the answer reached the state). Then the resource reclaims it, as long as it is
 * what the program wants. Otherwise the create fails, saying what exists and the ways on.
 */
async function reclaim(
  op: Operation,
  desired: JsonObject,
  retried: boolean,
): Promise<dynamic.CreateResult> {
  const { kind, api, inputs, resource } = op;
  const where = scope(kind, inputs);
  const found = await api.findByName(String(inputs.name));
  if (!found) throw resourceError("nameTaken", { resource, where });
  const id = String(found.entity.id);
  const earlierRun = !retried && namedFromUrn(inputs);
  const wrong = kind.mismatch(found.entity, inputs);
  const differs = differences(kind, desired, found.entity, inputs);
  if ((retried || earlierRun) && !wrong && differs.length === 0) {
    if (retried) return { id, outs: await finish(op, found) };
    // Made by this resource's create with these settings; a credential the service masks may
    // have changed since, so the program's is written, as an adoption does.
    const credentials = unconfirmedCredentials(kind, found.entity, inputs);
    const reclaimed = await applyProgram(op, found, [], credentials);
    await tell(op, reclaimNote(label(kind, reclaimed.entity, id), credentials));
    return { id, outs: await finish(op, reclaimed) };
  }
  const shown = retried || earlierRun ? (wrong ? [wrong] : differs) : [];
  throw resourceError("duplicate", { resource, where, id, differences: shown });
}

/** What reclaiming an earlier run's object did, for the engine's display (counted a create). */
function reclaimNote(resource: string, credentials: readonly string[]): string {
  const why =
    "an earlier run created it, then stopped before its answer reached the state (its name is " +
    "the one this resource's URN makes, and its settings are the program's)";
  const wrote =
    credentials.length > 0
      ? `; one PUT wrote the credentials the program gives in ${credentials.join(", ")}, which ` +
        "the service never shows in clear"
      : "; nothing was written";
  return `${resource}: reclaimed, not created: ${why}${wrote}.`;
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
      found = await api.get(kind.adoptedId ? kind.adoptedId(target.id) : String(toId(target.id)));
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
  const desired = desiredValues(kind.fields, inputs, sendable);
  const differing = differences(kind, desired, found.entity, inputs);
  const credentials = unconfirmedCredentials(kind, found.entity, inputs);
  found = await applyProgram(op, found, differing, credentials);
  await tell(op, adoptionNote(label(kind, found.entity, id), differing, credentials));
  return { id, outs: await finish(op, found) };
}

/**
 * An object taken over, with the program's settings: as it is when nothing differs and no
 * credential needs writing, else after one PUT of the program's values over the service's.
 */
async function applyProgram(
  op: Operation,
  found: Found,
  differing: readonly string[],
  credentials: readonly string[],
): Promise<Found> {
  if (differing.length === 0 && credentials.length === 0) return found;
  const { kind, api, inputs } = op;
  const id = String(found.entity.id);
  const keys = managedKeys(kind.fields, inputs);
  const desired = desiredValues(kind.fields, inputs, sendable);
  const etag = await withEtag(api, found);
  const body = { ...unmanagedOf(kind, found.entity, keys, inputs), ...desired };
  body.name = (desired.name ?? found.entity.name) as string;
  try {
    return await api.update(id, body, etag ?? "");
  } catch (error) {
    throw fail(op, error, { resource: label(kind, found.entity, id) });
  }
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
