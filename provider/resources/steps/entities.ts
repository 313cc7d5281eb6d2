// How the steps reach a kind's objects on the service (its table names the collection): the
// account's collectors, or one collector's sources (the OpenTelemetry APIs': ot-entities.ts). A Universal source is named through its
// config and deleted asynchronously (delete-wait.ts); the client keeps a source's secret inputs
// out of its messages and logs.
import type { CollectorsClient } from "../../api";
import { isObject, type JsonObject } from "../kinds/fields";
import type { EntityKind, Inputs } from "../kinds/kind";
import { toId } from "../kinds/schemas";
import { ASYNC_DELETE_TYPES } from "../kinds/source-kinds";
import { waitUntilGone } from "./delete-wait";
import { secretLeaves } from "./fields";
import { otCollectorApi, sourceTemplateApi } from "./ot-entities";
import type { Runtime } from "./runtime";

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

/** The objects of `kind`, for an operation's inputs or state. */
export function entityApi(
  kind: EntityKind,
  runtime: Runtime,
  client: CollectorsClient,
  state: Inputs,
): EntityApi {
  if (kind.collection === "collectors") return collectorApi(client);
  if (kind.collection === "otCollectors") return otCollectorApi(client);
  if (kind.collection === "sourceTemplates") return sourceTemplateApi(client);
  return sourceApi(runtime, client, toId(state.collectorId), {
    sourceType: kind.fixed(state).sourceType,
    secrets: secretLeaves(kind.fields, state),
  });
}

function collectorApi(client: CollectorsClient): EntityApi {
  const api = client.collectors;
  const found = (r: { collector: Record<string, unknown>; etag: string | undefined }) => ({
    entity: r.collector,
    etag: r.etag,
  });
  return {
    get: async (id) => found(await api.get(id)),
    findByName: async (name) => {
      const r = await api.findByName(name);
      return r && found(r);
    },
    create: async (body) => found(await api.create(body as Parameters<typeof api.create>[0])),
    update: async (id, body, etag) =>
      found(await api.update(id, body as Parameters<typeof api.update>[1], etag)),
    delete: (id) => api.delete(id),
  };
}

/** A Universal body carries its name in config (sheet 6.5), and at the top level as well. */
function withConfigName(body: JsonObject): JsonObject {
  if (!isObject(body.config) || typeof body.name !== "string") return body;
  return { ...body, config: { ...body.config, name: body.name } };
}

/** A Universal source read without a top-level name (the sheet: L) is named by config.name. */
function withTopName(source: Record<string, unknown>): Record<string, unknown> {
  if (typeof source.name === "string" || !isObject(source.config)) return source;
  return { ...source, name: source.config.name };
}

/** The sources of one collector as an EntityApi. */
function sourceApi(
  runtime: Runtime,
  client: CollectorsClient,
  collectorId: number,
  options: {
    /** From the state: whether a delete waits until the source is gone (Universal sources). */
    sourceType?: unknown;
    /** Values the client keeps out of messages and logs (secret and pass-through inputs). */
    secrets?: readonly string[];
  } = {},
): EntityApi {
  const { sourceType } = options;
  const req = { secrets: options.secrets };
  const api = client.sources;
  const universal = sourceType === "Universal";
  const found = (r: { source: Record<string, unknown>; etag: string | undefined }) => ({
    entity: universal ? withTopName(r.source) : r.source,
    etag: r.etag,
  });
  const shaped = (body: JsonObject) => (universal ? withConfigName(body) : body);
  return {
    get: async (id) => found(await api.get(collectorId, id)),
    findByName: async (name) => {
      const match = await api.findByName(collectorId, name);
      return match === undefined ? undefined : found(match);
    },
    create: async (body) =>
      found(await api.create(collectorId, shaped(body) as Parameters<typeof api.create>[1], req)),
    update: async (id, body, etag) =>
      found(
        await api.update(
          collectorId,
          id,
          shaped(body) as Parameters<typeof api.update>[2],
          etag,
          req,
        ),
      ),
    delete: async (id) => {
      await api.delete(collectorId, id);
      if (typeof sourceType === "string" && ASYNC_DELETE_TYPES.has(sourceType)) {
        await waitUntilGone(runtime, client, collectorId, id);
      }
    },
  };
}
