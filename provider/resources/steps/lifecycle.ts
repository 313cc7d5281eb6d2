// The lifecycle every resource kind shares, written once, one file per step: check and diff
// without HTTP (check.ts), create in one POST that stays single after a lost answer, or adoption
// (create.ts), update in one PUT with If-Match (update.ts), read in one GET and delete in one
// DELETE (read.ts). A kind (kinds/) is a table of its fields and the few things that differ;
// every step gets one Operation: the kind, the runtime, the client and what the engine sent.
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { CollectorsClient } from "../../api";
import { type Action, describe, failure, ResourceError } from "../kinds/errors";
import type { JsonObject } from "../kinds/fields";
import type { EntityKind, Inputs } from "../kinds/kind";
import { type EntityApi, entityApi, type Found } from "./entities";
import type { Runtime } from "./runtime";
import type { Settings } from "./settings";

/** One step at work: everything it needs, passed as one object. */
export interface Operation {
  kind: EntityKind;
  runtime: Runtime;
  settings: Settings;
  client: CollectorsClient;
  api: EntityApi;
  action: Action;
  /** The inputs (create, update) or the state (read, delete). */
  inputs: Inputs;
  /** The state before an update (its outputs). */
  olds?: JsonObject;
  /** `HostedCollector "web" (id 123)`, for messages. */
  resource: string;
}

/** The provider methods of a kind (pulumi.dynamic.ResourceProvider without configure). */
export interface Lifecycle {
  check(olds: Inputs, news: Inputs): Promise<dynamic.CheckResult>;
  diff(id: string, olds: JsonObject, news: Inputs): Promise<dynamic.DiffResult>;
  create(inputs: Inputs): Promise<dynamic.CreateResult>;
  read(id: string, props?: JsonObject): Promise<dynamic.ReadResult>;
  update(id: string, olds: JsonObject, news: Inputs): Promise<dynamic.UpdateResult>;
  delete(id: string, props: JsonObject): Promise<void>;
}

/** `HostedCollector "web" (id 123)`, from a state or inputs with a name. */
export function label(kind: EntityKind, state: Inputs, id?: unknown): string {
  return describe(kind.kind, typeof state.name === "string" ? state.name : undefined, id);
}

/** The Operation of one step, with the client for this call's settings. */
export function operation(
  kind: EntityKind,
  runtime: Runtime,
  step: { action: Action; inputs: Inputs; resource: string; olds?: JsonObject },
): Operation {
  const settings = runtime.settings();
  const client = runtime.client(settings);
  const api = entityApi(kind, runtime, client, step.inputs);
  return { kind, runtime, settings, client, api, ...step };
}

/** The resource's URN, which every resource class passes as the hidden input `__urn`. */
export function urnOf(inputs: Inputs): string | undefined {
  return typeof inputs.__urn === "string" ? inputs.__urn : undefined;
}

/**
 * Writes a line under the operation's resource in the engine's display (progress.ts), and
 * waits a little for it to be delivered, so it comes before the resource's end.
 */
export async function tell(op: Operation, message: string): Promise<void> {
  const { progress, defaults } = op.runtime;
  progress.report({ urn: urnOf(op.inputs), message });
  await progress.flush(defaults.progressFlushMs);
}

/** What an error becomes when this operation fails (see kinds/errors.ts failure()). */
export function fail(
  op: Operation,
  error: unknown,
  over: { action?: Action; resource?: string } = {},
): unknown {
  return failure(error, {
    action: over.action ?? op.action,
    resource: over.resource ?? op.resource,
    state: op.inputs,
    baseUrl: op.client.baseUrl,
  });
}

/**
 * Thrown by a kind's afterWrite step (finish.ts) when it fails after the object was written: the
 * failure (from the catalogue, with its cause) and `found`, the object as it now is, which the
 * engine then records as the resource's state (a partial failure).
 */
export class AfterWriteError extends ResourceError {
  constructor(
    failure: ResourceError,
    readonly found: Found,
  ) {
    super(failure.code, failure.message, { cause: failure.cause });
  }
}
