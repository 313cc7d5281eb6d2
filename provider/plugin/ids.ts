// A resource's id on the plugin. A collector's is the service's id; a source's carries its
// collector, `<collectorId>/<sourceId>`, so that `pulumi import` and `get` can find it from the
// id alone (the service addresses a source under its collector).
import type { EntityKind } from "./layer";
import type { Values } from "./values";

const SOURCE_ID = /^([1-9]\d*)\/([1-9]\d*)$/;

/** The plugin's id of a source: `<collectorId>/<sourceId>`. */
export const sourcePluginId = (collectorId: number | string, id: number | string): string =>
  `${String(collectorId)}/${String(id)}`;

/** The plugin's id of an object the layer knows by `id`, in the scope of `state`. */
export function pluginId(kind: EntityKind, id: string, state: Values): string {
  if (kind.parent === undefined || id === "") return id;
  return sourcePluginId(String(state[kind.parent]), id);
}

/** The layer's id and the parent it names (sources), from a plugin id. */
export function layerId(kind: EntityKind, id: string): { id: string; parent?: number } {
  if (kind.parent === undefined) return { id };
  const match = SOURCE_ID.exec(id);
  if (!match) {
    throw new Error(
      `${JSON.stringify(id)} is not the id of a ${kind.kind}: a source's id is ` +
        "<collectorId>/<sourceId>, e.g. 123/456 (`collectors list --sources COLLECTOR` shows it)",
    );
  }
  return { id: match[2] as string, parent: Number(match[1]) };
}
