// What a resource kind declares to the shared lifecycle (core/entity.ts): its fields, how to
// reach its objects, what it adds to the outputs and what it does after a write.
import type { CollectorsClient } from "../../api";
import type { CheckRules } from "./check";
import type { FieldSpecs } from "./fields";
import type { Inputs } from "./lifecycle";
import type { JsonObject } from "./plain";

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

export type Action = "create" | "adopt" | "read" | "update" | "delete";

/** What a kind's afterWrite gets: the object as just written (or read, when nothing was sent). */
export interface AfterWrite {
  client: CollectorsClient;
  api: EntityApi;
  id: string;
  inputs: Inputs;
  found: Found;
  action: "create" | "adopt" | "update";
  /** The state before an update (its outputs); undefined on create and adoption. */
  olds?: JsonObject;
}

export interface EntityKind {
  /** The resource's name: "HostedCollector", "HttpSource". */
  kind: string;
  /** The service fields the program manages. */
  specs: FieldSpecs;
  /** Inputs that are not service fields (adopt, collectorId): validated, never diffed. */
  controls: FieldSpecs;
  /** Required fields and rules across fields for these inputs. */
  rules(inputs: Inputs): Omit<CheckRules, "specs" | "label"> & { label?: string };
  /** Inputs after validation (e.g. a collector id given as text becomes a number). */
  normalize?(inputs: Inputs): void;
  api(client: CollectorsClient, state: Record<string, unknown>): EntityApi;
  /** Where names are unique, for messages: "the account", "collector 123". */
  scope(state: Record<string, unknown>): string;
  /** Why the program cannot create one (adoption only), if so. */
  notCreatable?: string;
  /** Sent on create besides the managed fields (collectorType, sourceType, fixed values). */
  createExtras(inputs: Inputs): JsonObject;
  /** Outputs from the service besides the managed fields (collectorType, alive, url). */
  computed(entity: Record<string, unknown>): JsonObject;
  /** Outputs from the program or state besides the managed fields (collectorId). */
  identity(state: Record<string, unknown>): JsonObject;
  /** Service fields neither kept in `unmanaged` nor sent back (id, links, alive, url). */
  volatile: readonly string[];
  /** Why an existing object is not one this resource can manage, if it is not. */
  mismatch(entity: Record<string, unknown>, inputs: Inputs): string | undefined;
  /** Replacements besides the fields' own (a source moved to another collector). */
  replaces?(olds: JsonObject, news: Inputs): string[];
  /** Whether olds and news address the same name scope (same collector), for delete-first. */
  sameScope?(olds: JsonObject, news: Inputs): boolean;
  /**
   * Runs after a create, adoption or update has written the object, for what a PUT cannot do
   * (fields marked notSent); returns the object as it then is.
   */
  afterWrite?(step: AfterWrite): Promise<Found>;
  /**
   * Why a change is refused outright (an adopted Installed Collector pointed at another one), if
   * it is; diff fails with this message. No HTTP.
   */
  refuseChange?(id: string, olds: JsonObject, news: Inputs): string | undefined;
  /** A kind-specific message for an API error (a collector in Json mode), if any. */
  translate?(
    error: unknown,
    action: Action,
    resource: string,
    state: Record<string, unknown>,
  ): Error | undefined;
}
