// How the steps reach the OpenTelemetry APIs' objects (entities.ts reaches the collectors and
// sources). An OT collector is updated by PUT with If-Match like a collector; its tags are shown
// without the service's own (`sumo.disco*`), which the service keeps whatever a PUT sends. A
// source template has no ETag and no conditional write: its `modifiedAt` stands for one, checked
// by a GET before each write, so a change made elsewhere since the state's read is a conflict as
// for the other kinds. A disabled template reads as 404, so a read falls back to the list with
// the disabled ones; a new schemaRef.version goes through the upgrade endpoint, and a delete
// disables the template first (the service refuses to delete an enabled one).
import { isDeepStrictEqual } from "node:util";
import {
  ApiError,
  type CollectorsClient,
  isGone,
  SERVICE_TAG_PREFIX,
  type SourceTemplate,
} from "../../api";
import { isObject, type JsonObject } from "../kinds/fields";
import type { EntityApi, Found } from "./entities";

/** An OT collector as the steps see it: its tags without the service's own. */
function otView(collector: Record<string, unknown>): Record<string, unknown> {
  if (!isObject(collector.tags)) return collector;
  const tags = Object.fromEntries(
    Object.entries(collector.tags).filter(([key]) => !key.startsWith(SERVICE_TAG_PREFIX)),
  );
  return { ...collector, tags };
}

export function otCollectorApi(client: CollectorsClient): EntityApi {
  const api = client.otCollectors;
  const found = (r: { collector: Record<string, unknown>; etag: string | undefined }) => ({
    entity: otView(r.collector),
    etag: r.etag,
  });
  return {
    get: async (id) => found(await api.get(id)),
    findByName: async (name) => {
      const r = await api.findByName(name);
      return r && found(r);
    },
    create: () => {
      // The kind is not creatable: create.ts refuses before any call.
      throw new Error("OpenTelemetry collectors cannot be created through the API");
    },
    update: async (id, body, etag) =>
      found(await api.update(id, body as Parameters<typeof api.update>[1], etag)),
    delete: (id) => api.delete(id),
  };
}

/** Selector lists the service shows empty are the same as absent ones. */
function compactSelector(selector: unknown): unknown {
  if (!isObject(selector)) return selector;
  return Object.fromEntries(
    Object.entries(selector).filter(([, v]) => !(Array.isArray(v) && v.length === 0)),
  );
}

/** A template as the steps see it: named by inputJson.name, `modifiedAt` as its tag. */
function templateFound(template: Record<string, unknown>): Found {
  const inputJson = isObject(template.inputJson) ? template.inputJson : {};
  return {
    entity: { ...template, name: inputJson.name, selector: compactSelector(template.selector) },
    etag: typeof template.modifiedAt === "string" ? template.modifiedAt : undefined,
  };
}

/** The body the service takes: the managed fields, without the name the steps add at the top. */
function templateBody(body: JsonObject): JsonObject {
  const { name: _inInputJson, ...rest } = body;
  return rest;
}

/** What the service answers for a conditional write that met a newer object. */
function preconditionFailed(id: string): ApiError {
  return new ApiError({
    status: 412,
    method: "POST",
    path: `/sourceTemplates/${id}`,
    message: `Source template ${id} changed since it was last read (its modifiedAt moved)`,
  });
}

/** A source template by id, disabled or not (the service's GET answers 404 for a disabled one). */
export async function readTemplate(client: CollectorsClient, id: string): Promise<SourceTemplate> {
  const api = client.sourceTemplates;
  try {
    return await api.get(id);
  } catch (error) {
    if (!isGone(error)) throw error;
    // The list with the disabled ones has it, if it is only disabled.
    const wanted = id.toUpperCase();
    const listed = (await api.list({ showDisabled: true })).find((t) => t.id === wanted);
    if (!listed) throw error;
    return listed;
  }
}

export function sourceTemplateApi(client: CollectorsClient): EntityApi {
  const api = client.sourceTemplates;
  const get = async (id: string): Promise<Found> => templateFound(await readTemplate(client, id));
  return {
    get,
    findByName: async (name) => {
      const t = await api.findByName(name, { showDisabled: true });
      return t && templateFound(t);
    },
    create: async (body) =>
      templateFound(await api.create(templateBody(body) as Parameters<typeof api.create>[0])),
    update: async (id, body, etag) => {
      const current = await get(id);
      if (etag !== "" && current.etag !== etag) throw preconditionFailed(id);
      const wanted = templateBody(body);
      const ref = isObject(wanted.schemaRef) ? wanted.schemaRef : {};
      const now = isObject(current.entity.schemaRef) ? current.entity.schemaRef : {};
      let written = current;
      if (typeof ref.version === "string" && ref.version !== now.version) {
        const upgrade = {
          schemaRef: { type: ref.type, version: ref.version },
          inputJson: wanted.inputJson,
        };
        written = templateFound(
          await api.upgrade(id, upgrade as Parameters<typeof api.upgrade>[1]),
        );
        // The upgrade wrote schemaRef and inputJson; the rest needs the update endpoint.
        const rest = ["selector", "isEnabled"].filter(
          (key) => key in wanted && !isDeepStrictEqual(wanted[key], written.entity[key]),
        );
        if (rest.length === 0) return written;
      }
      return templateFound(await api.update(id, wanted as Parameters<typeof api.update>[1]));
    },
    delete: async (id) => {
      await api.setStatus(id, "disable");
      await api.delete(id);
    },
  };
}
