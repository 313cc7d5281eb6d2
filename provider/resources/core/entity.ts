// The lifecycle every resource kind shares, written once: check and diff without HTTP, create in
// one POST (idempotent after a lost answer), adoption, read in one GET, update in one PUT with
// If-Match, delete in one DELETE. A kind (collectors/, sources/) only says what its fields are,
// how to reach its objects and what it adds to the outputs.
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { type CollectorsClient, isApiError, isGone } from "../../api";
import { type CheckRules, checkInputs } from "./check";
import { clientFor } from "./clients";
import {
  desiredValues,
  diffFields,
  equivalent,
  type FieldSpec,
  type FieldSpecs,
  isUnset,
  managedKeys,
  managedView,
  resetValues,
  spreadMembers,
  without,
} from "./fields";
import {
  CREATE_ATTEMPTS,
  createBackoff,
  type Inputs,
  isAmbiguous,
  isTransient,
  keepsExplicitName,
  type Lifecycle,
  refuseAdoptedReplacement,
} from "./lifecycle";
import { conflictMessage, describe, duplicateMessage, unknownPathMessage } from "./messages";
import { resolveName } from "./naming";
import { isObject, type JsonObject, plain, plainObject } from "./plain";
import { toId } from "./schemas";
import { currentSettings } from "./settings";

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

/** Sent in an update body: not the create-time fields (the service's form rides in unmanaged). */
const sendable = (spec: FieldSpec) => !spec.notSent && !(spec.keepInput && spec.replace);
/** Compared with the service's object to see whether a write is needed. */
const comparable = (spec: FieldSpec) => !spec.keepInput && !spec.notSent;
const inBody = (spec: FieldSpec) => !spec.notSent;

export function entityLifecycle(def: EntityKind): Lifecycle {
  const specs = def.specs;

  const label = (state: Record<string, unknown>, id?: unknown) =>
    describe(def.kind, typeof state.name === "string" ? state.name : undefined, id);

  const fail = (
    error: unknown,
    action: Action,
    resource: string,
    state: Record<string, unknown>,
    client: CollectorsClient,
  ) =>
    def.translate?.(error, action, resource, state) ?? unknownPath(error, action, resource, client);

  /** What `unmanaged` keeps of an object: everything but the managed and volatile fields. */
  const unmanagedOf = (entity: Record<string, unknown>, keys: string[], recorded: Inputs) =>
    without(entity, [
      ...keys.filter((key) => !specs[key]?.keepInput),
      ...spreadMembers(specs, keys, recorded),
      "name",
      ...def.volatile,
    ]);

  const outputs = (found: Found, etag: string | undefined, keys: string[], recorded: Inputs) => {
    const unmanaged = unmanagedOf(found.entity, keys, recorded);
    if (unmanaged.targetCpu === -1) delete unmanaged.targetCpu; // the service's "unset"
    return plainObject({
      ...managedView(specs, keys, found.entity, recorded),
      ...def.identity(recorded),
      name: found.entity.name,
      ...def.computed(found.entity),
      etag,
      unmanaged,
      adopt: plain(recorded.adopt),
    });
  };

  /** The fields where an object differs from what the program wants. */
  const differences = (desired: JsonObject, entity: Record<string, unknown>, inputs: Inputs) =>
    managedKeys(specs, inputs).filter((key) => {
      const spec = specs[key] as FieldSpec;
      if (!comparable(spec)) return false;
      if (spec.spread) {
        const wanted = isObject(inputs[key]) ? (inputs[key] as Record<string, unknown>) : {};
        return Object.entries(wanted).some(([m, v]) => !equivalent(spec, v, entity[m]));
      }
      return !equivalent(spec, desired[key], entity[key]);
    });

  const withEtag = async (api: EntityApi, found: Found): Promise<string | undefined> =>
    found.etag ?? (await api.get(String(found.entity.id))).etag;

  /** The outputs after a write, once the kind's afterWrite (if any) has run. */
  const finish = async (
    client: CollectorsClient,
    api: EntityApi,
    inputs: Inputs,
    written: Found,
    action: AfterWrite["action"],
    olds?: JsonObject,
  ) => {
    const id = String(written.entity.id);
    const keys = managedKeys(specs, inputs);
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

  async function adopt(
    client: CollectorsClient,
    api: EntityApi,
    inputs: Inputs,
  ): Promise<dynamic.CreateResult> {
    const target = inputs.adopt as { id?: unknown; name?: unknown };
    const where = def.scope(inputs);
    const orElse = def.notCreatable
      ? `. ${def.notCreatable}`
      : ", or create a new one by removing `adopt`.";
    let found: Found | undefined;
    if (!isUnset(target.id)) {
      try {
        found = await api.get(String(toId(target.id)));
      } catch (error) {
        if (!isGone(error)) throw fail(error, "adopt", label(inputs, target.id), inputs, client);
      }
      if (!found) {
        throw new Error(
          `Cannot adopt into ${def.kind}: ${where} has nothing with id ${String(target.id)}. ` +
            `Check adopt.id${orElse}`,
        );
      }
    } else {
      const name = String(target.name);
      found = await api.findByName(name);
      if (!found) {
        throw new Error(
          `Cannot adopt into ${def.kind}: ${where} has nothing named ${JSON.stringify(name)}. ` +
            `Check adopt.name (names are case-sensitive)${orElse}`,
        );
      }
    }
    const id = String(found.entity.id);
    const wrong = def.mismatch(found.entity, inputs);
    if (wrong)
      throw new Error(`Cannot adopt ${label(found.entity, id)} into ${def.kind}: ${wrong}`);

    const keys = managedKeys(specs, inputs);
    const desired = desiredValues(specs, inputs, sendable);
    if (differences(desired, found.entity, inputs).length > 0) {
      const etag = await withEtag(api, found);
      const body = { ...unmanagedOf(found.entity, keys, inputs), ...desired };
      body.name = (desired.name ?? found.entity.name) as string;
      try {
        found = await api.update(id, body, etag ?? "");
      } catch (error) {
        throw fail(error, "adopt", label(found.entity, id), inputs, client);
      }
    }
    return { id, outs: await finish(client, api, inputs, found, "adopt") };
  }

  async function createNew(
    client: CollectorsClient,
    api: EntityApi,
    inputs: Inputs,
  ): Promise<dynamic.CreateResult> {
    const desired = desiredValues(specs, inputs, inBody);
    const body = { ...def.createExtras(inputs), ...desired };
    // After an attempt that may have created the object, a duplicate name may be our own.
    let ambiguous = false;
    for (let attempt = 0; ; attempt++) {
      let found: Found;
      try {
        found = await api.create(body);
      } catch (error) {
        if (isApiError(error, "duplicate-name")) {
          return takeOver(client, api, inputs, desired, ambiguous);
        }
        if (attempt + 1 < CREATE_ATTEMPTS && isTransient(error)) {
          ambiguous ||= isAmbiguous(error);
          await createBackoff(attempt);
          continue;
        }
        throw fail(error, "create", label(inputs), inputs, client);
      }
      // Outside the retry: what follows the create must never create a second object.
      return {
        id: String(found.entity.id),
        outs: await finish(client, api, inputs, found, "create"),
      };
    }
  }

  async function takeOver(
    client: CollectorsClient,
    api: EntityApi,
    inputs: Inputs,
    desired: JsonObject,
    ambiguous: boolean,
  ): Promise<dynamic.CreateResult> {
    const name = String(inputs.name);
    const found = await api.findByName(name);
    if (!found)
      throw new Error(`Cannot create ${label(inputs)}: the name is taken in ${def.scope(inputs)}`);
    const id = String(found.entity.id);
    const wrong = def.mismatch(found.entity, inputs);
    const differs = differences(desired, found.entity, inputs);
    if (ambiguous && !wrong && differs.length === 0) {
      // The earlier attempt did create it; its answer was lost on the way back.
      return { id, outs: await finish(client, api, inputs, found, "create") };
    }
    const diff = wrong ? [wrong] : differs;
    throw new Error(duplicateMessage(label(inputs), def.scope(inputs), id, ambiguous ? diff : []));
  }

  return {
    async check(olds, news) {
      const inputs: Inputs = { ...news };
      const name = resolveName(olds ?? {}, news);
      if (name !== undefined) inputs.name = name;
      const rules = def.rules(inputs);
      const failures = checkInputs(
        { ...rules, label: rules.label ?? def.kind, specs: { ...specs, ...def.controls } },
        inputs,
      );
      if (isUnset(inputs.name) && isUnset(inputs.adopt) && !def.notCreatable) {
        failures.push({ property: "name", reason: `name is required for ${def.kind}` });
      }
      if (failures.length === 0) def.normalize?.(inputs);
      return { inputs, failures };
    },

    async diff(id, olds, news) {
      const refused = def.refuseChange?.(id, olds, news);
      if (refused) throw new Error(refused);
      const { updates, replaces } = diffFields(specs, olds, news);
      replaces.push(...(def.replaces?.(olds, news) ?? []));
      refuseAdoptedReplacement(def.kind, news, replaces);
      const replacing = replaces.length > 0;
      return {
        changes: replacing || updates.length > 0,
        replaces,
        // Names are unique: a replacement keeping its name must delete the old object first.
        deleteBeforeReplace:
          replacing && keepsExplicitName(olds, news) && (def.sameScope?.(olds, news) ?? true),
      };
    },

    async create(inputs) {
      const client = clientFor();
      const api = def.api(client, inputs);
      if (!isUnset(inputs.adopt)) return adopt(client, api, inputs);
      if (def.notCreatable) throw new Error(def.notCreatable);
      return createNew(client, api, inputs);
    },

    async read(id, props) {
      const state: Record<string, unknown> = props ?? {};
      const client = clientFor();
      const api = def.api(client, state);
      let found: Found;
      try {
        found = await api.get(id);
      } catch (error) {
        // Only the service saying the object does not exist drops the resource; 401, 403, 429,
        // 5xx and a 404 from a path nobody serves (a wrong endpoint) fail the refresh.
        if (isGone(error)) return { id: "" };
        throw fail(error, "read", label(state, id), state, client);
      }
      // Without state (a static get), manage what the service has set.
      const keys = Object.keys(specs).filter((key) =>
        state.etag === undefined ? !isUnset(found.entity[key]) : state[key] !== undefined,
      );
      const outs = outputs(found, found.etag, keys, state);
      const inputs: JsonObject = {};
      for (const key of [...Object.keys(specs), ...Object.keys(def.controls)]) {
        const value = outs[key];
        if (value !== undefined) inputs[key] = value;
      }
      return { id, props: outs, inputs };
    },

    async update(id, olds, news) {
      const settings = currentSettings();
      const client = clientFor(settings);
      const api = def.api(client, news);
      const keys = managedKeys(specs, news);
      const name = isUnset(news.name) ? olds.name : news.name;
      const desired = {
        ...desiredValues(specs, news, sendable),
        ...resetValues(specs, olds, news),
        name: name as string,
      };
      const body = (base: Record<string, unknown>) => ({ ...base, ...desired }) as JsonObject;
      const resource = label({ name }, id);
      const state = isObject(olds.unmanaged) ? olds.unmanaged : {};
      let found: Found;
      const { updates } = diffFields(specs, olds, news);
      if (updates.length > 0 && updates.every((key) => specs[key]?.notSent)) {
        // Only what the kind applies after a write changed (an Installed Collector's version):
        // nothing to PUT; one GET gives afterWrite the object as it is now.
        try {
          found = await api.get(id);
        } catch (error) {
          throw fail(error, "update", resource, news, client);
        }
        return { outs: await finish(client, api, news, found, "update", olds) };
      }
      try {
        if (typeof olds.etag !== "string") throw new MissingEtag();
        found = await api.update(id, body(state), olds.etag);
      } catch (error) {
        if (!(error instanceof MissingEtag) && !isApiError(error, "precondition-failed")) {
          throw fail(error, "update", resource, news, client);
        }
        const fresh = await api.get(id);
        if (
          differences(desired, fresh.entity, news).length === 0 &&
          !(error instanceof MissingEtag)
        ) {
          // Our own write went through; only its answer was lost and the retry met the new tag.
          found = fresh;
        } else if (error instanceof MissingEtag || settings.onConflict === "overwrite") {
          try {
            found = await api.update(
              id,
              body(unmanagedOf(fresh.entity, keys, olds)),
              fresh.etag ?? "",
            );
          } catch (again) {
            throw fail(again, "update", resource, news, client);
          }
        } else {
          throw new Error(conflictMessage(resource));
        }
      }
      return { outs: await finish(client, api, news, found, "update", olds) };
    },

    async delete(id, props) {
      const client = clientFor();
      const api = def.api(client, props);
      try {
        await api.delete(id);
      } catch (error) {
        // Already gone: that is what delete wants. A 404 from a path nobody serves is not that.
        if (isGone(error)) return;
        throw fail(error, "delete", label(props, id), props, client);
      }
    },
  };
}

/**
 * A 404 that is not the service's "no such collector/source": the path itself is unknown where
 * the requests go, so nothing is known about the object. Said with what to check.
 */
function unknownPath(
  error: unknown,
  action: Action,
  resource: string,
  client: CollectorsClient,
): unknown {
  if (!isApiError(error) || error.status !== 404 || isGone(error)) return error;
  return new Error(unknownPathMessage(action, resource, error, client.baseUrl));
}

/** State written before ETags were kept: read a fresh one first. */
class MissingEtag extends Error {}
