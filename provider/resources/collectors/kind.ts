// Collectors as an entity kind: how to reach them and what their outputs add. HostedCollector
// is created; InstalledCollector (later) reuses this with collectorType "Installable".
import type { CollectorsClient } from "../../api";
import type { EntityApi, EntityKind } from "../core/entityKind";
import type { FieldSpecs } from "../core/fields";
import { adoptSchema } from "../core/schemas";

/** Fields the service computes or that change on their own: never kept, never sent back. */
export const COLLECTOR_VOLATILE = ["id", "links", "alive", "lastSeenAlive", "osTime"] as const;

export function collectorApi(client: CollectorsClient): EntityApi {
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

const TYPE_NAMES: Record<string, string> = {
  Hosted: "a Hosted Collector",
  Installable: "an Installed Collector",
};

export interface CollectorKindOptions {
  kind: string;
  collectorType: "Hosted" | "Installable";
  specs: FieldSpecs;
  notCreatable?: string;
}

export function collectorKind(options: CollectorKindOptions): EntityKind {
  const { collectorType } = options;
  return {
    kind: options.kind,
    specs: options.specs,
    controls: { adopt: { schema: adoptSchema } },
    rules: () => ({}),
    api: (client) => collectorApi(client),
    scope: () => "the account",
    ...(options.notCreatable ? { notCreatable: options.notCreatable } : {}),
    createExtras: () => ({ collectorType }),
    computed: (entity) => ({
      collectorType: entity.collectorType as string,
      alive: entity.alive as boolean,
    }),
    identity: () => ({}),
    volatile: COLLECTOR_VOLATILE,
    mismatch: (entity) =>
      entity.collectorType === collectorType
        ? undefined
        : `it is ${TYPE_NAMES[String(entity.collectorType)] ?? `a ${String(entity.collectorType)} collector`}, ` +
          `not ${TYPE_NAMES[collectorType]}`,
  };
}
