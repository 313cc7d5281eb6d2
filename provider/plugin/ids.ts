// A resource's id on the plugin: a collector's is the service's id; a source's carries its
// collector, `<collectorId>/<sourceId>`, so that `pulumi import` and `get` can find it from the
// id alone (the service addresses a source under its collector). The command line reads and
// writes ids through here too (recover, list). The service's id itself: provider/api/ids.ts.
import { parseId } from "../api/ids";
import type { EntityKind } from "./layer";
import type { Values } from "./values";

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
