// Ids, in the one form each takes everywhere. The service's id of a collector or a source is a
// whole number; this package holds it as a JavaScript number, exact only up to
// Number.MAX_SAFE_INTEGER, so a larger one is refused rather than rounded to another object's.
// A resource's id on the plugin: a collector's is the service's id; a source's carries its
// collector, `<collectorId>/<sourceId>`, so that `pulumi import` and `get` can find it from the
// id alone (the service addresses a source under its collector). The command line reads and
// writes ids through here too (migrate, recover, list).
import type { EntityKind } from "./layer";
import type { Values } from "./values";

/** Where reading an id failed: the message names the value and what to do. */
export class IdError extends Error {
  override name = "IdError";
}

/**
 * The service's id from a number or its decimal text (states hold either); `what` names it in
 * the message ("its collectorId"). Throws IdError for anything else, and for an id past
 * Number.MAX_SAFE_INTEGER, which no number here holds exactly.
 */
export function parseId(value: unknown, what: string): number {
  const text = typeof value === "number" ? String(value) : value;
  if (typeof text !== "string" || !/^[1-9][0-9]*$/.test(text)) {
    throw new IdError(
      `${what} ${JSON.stringify(value)} is not an id: ids are whole numbers from 1, e.g. 123`,
    );
  }
  const id = Number(text);
  if (!Number.isSafeInteger(id)) {
    throw new IdError(
      `${what} ${text} is larger than ${Number.MAX_SAFE_INTEGER}, the largest id this package ` +
        "can hold without rounding it to another one; check that it is the object's id as the " +
        "service gives it (`collectors list` and `collectors list --sources` show them)",
    );
  }
  return id;
}

/** parseId's id, or undefined where it throws. */
export function idIn(value: unknown): number | undefined {
  try {
    return parseId(value, "id");
  } catch (error) {
    if (error instanceof IdError) return undefined;
    throw error;
  }
}

/** The plugin's id of a source: `<collectorId>/<sourceId>`. */
export function sourcePluginId(collectorId: number | string, sourceId: number | string): string {
  return `${collectorId}/${sourceId}`;
}

const SOURCE_ID = /^([1-9][0-9]*)\/([1-9][0-9]*)$/;

/**
 * The two ids of a plugin source id; undefined when `id` is not of that form, and IdError when it
 * is but an id in it is past what parseId takes.
 */
export function splitSourcePluginId(
  id: string,
): { collectorId: number; sourceId: number } | undefined {
  const match = SOURCE_ID.exec(id);
  if (!match) return undefined;
  return {
    collectorId: parseId(match[1], `the collector id in ${id}:`),
    sourceId: parseId(match[2], `the source id in ${id}:`),
  };
}

/** The plugin's id of an object the layer knows by `id`, in the scope of `state`. */
export function pluginId(kind: EntityKind, id: string, state: Values): string {
  if (kind.parent === undefined || id === "") return id;
  return sourcePluginId(String(state[kind.parent]), id);
}

/** The layer's id and the parent it names (sources), from a plugin id. */
export function layerId(kind: EntityKind, id: string): { id: string; parent?: number } {
  if (kind.parent === undefined) return { id };
  const ids = splitSourcePluginId(id);
  if (!ids) {
    throw new Error(
      `${JSON.stringify(id)} is not the id of a ${kind.kind}: a source's id is ` +
        "<collectorId>/<sourceId>, e.g. 123/456 (`collectors list --sources COLLECTOR` shows it)",
    );
  }
  return { id: String(ids.sourceId), parent: ids.collectorId };
}
