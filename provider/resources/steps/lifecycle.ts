// The lifecycle every resource kind shares, written once, one file per step: check and diff
// without HTTP (check.ts), create in one POST that stays single after a lost answer, or adoption
// (create.ts), update in one PUT with If-Match (update.ts), read in one GET and delete in one
// DELETE (read.ts). A kind (kinds/) is a table of its fields and the few operations that differ;
// every step gets one Operation: the kind, the runtime, the client and what the engine sent.
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { CollectorsClient } from "../../api";
import { type Action, describe, failure, type ResourceError } from "../kinds/errors";
import type { FieldSpecs, JsonObject } from "../kinds/fields";
import type { CheckRules } from "./check";
import type { Runtime } from "./runtime";
import type { Settings } from "./settings";

export type Inputs = Record<string, unknown>;

/** An object as the service returned it, with its entity tag. */
export interface Found {
  entity: Record<string, unknown>;
  etag: string | undefined;
}

/** How to reach the objects of a kind (sources need their collector's id). */
export interface EntityApi {
  get(id: string): Promise<Found>;
  /** undefined when no object has the name. */
  findByName(name: string): Promise<Found | undefined>;
  create(body: JsonObject): Promise<Found>;
  update(id: string, body: JsonObject, etag: string): Promise<Found>;
  delete(id: string): Promise<void>;
}

/** A resource kind: its table, and the operations that differ from kind to kind. */
export interface EntityKind {
  /** The resource's name: "HostedCollector", "HttpSource". */
  kind: string;
  /** The service fields the program manages. */
  fields: FieldSpecs;
  /** Inputs that are not service fields (adopt, collectorId): validated, never diffed. */
  controls: FieldSpecs;
  /**
   * The control that names the object this one lives in ("collectorId" for sources): its value
   * is kept in the outputs, names are unique within it, and a new one replaces the resource.
   */
  parent?: string;
  /** Values sent on create besides the managed fields (collectorType, sourceType, fixed values). */
  fixed(inputs: Inputs): JsonObject;
  /** Server-set fields copied to the outputs (collectorType, alive, url, token). */
  serverSet: readonly string[];
  /** Service fields neither kept in `unmanaged` nor sent back (id, links, alive, url). */
  volatile: readonly string[];
  /** Why the program cannot create one (adoption only), if so. */
  notCreatable?: string;
  /** What check enforces for these inputs: the label, required fields, rules across fields. */
  rules(inputs: Inputs): CheckRules;
  /** How to reach the objects, for an operation's inputs or state. */
  api(op: { client: CollectorsClient; runtime: Runtime; state: Inputs }): EntityApi;
  /** Why an existing object is not one this resource can manage, if it is not. */
  mismatch(entity: Record<string, unknown>, inputs: Inputs): string | undefined;
  /**
   * After a create, adoption or update has written the object, what a PUT cannot do (fields
   * marked notSent: an Installed Collector's version); returns the object as it then is.
   */
  afterWrite?(op: Operation, written: Found): Promise<Found>;
  /** Why a change is refused outright (an adopted Installed Collector pointed elsewhere). No HTTP. */
  refuseChange?(id: string, olds: JsonObject, news: Inputs): ResourceError | undefined;
}

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
  const api = kind.api({ client, runtime, state: step.inputs });
  return { kind, runtime, settings, client, api, ...step };
}

/** The resource's URN, which every resource class passes as the hidden input `__urn`. */
export function urnOf(inputs: Inputs): string | undefined {
  return typeof inputs.__urn === "string" ? inputs.__urn : undefined;
}

/**
 * Writes a line under the operation's resource in the engine's display (kinds/progress.ts), and
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
