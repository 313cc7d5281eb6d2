// Every resource kind the dynamic provider serves, by the name the serialized shim carries.
// Names are a contract with state written by earlier versions: never rename one.
import { COLLECTOR_FIELDS } from "./collectors/fields";
import { collectorKind } from "./collectors/kind";
import { entityLifecycle } from "./core/entity";
import type { EntityKind } from "./core/entityKind";
import type { Lifecycle } from "./core/lifecycle";
import { installedCollectorKind } from "./installed/kind";
import { sourceKind } from "./sources/kind";
import { SOURCE_TYPES } from "./sources/types";

/** The typed source classes and the source type each one manages. */
export const TYPED_SOURCES = {
  HttpSource: "HTTP",
  CloudSyslogSource: "Cloudsyslog",
  LocalFileSource: "LocalFile",
  RemoteFileSource: "RemoteFileV2",
  SyslogSource: "Syslog",
  ScriptSource: "Script",
  SystemStatsSource: "SystemStats",
  DockerLogSource: "DockerLog",
} as const;

export type TypedSourceKind = keyof typeof TYPED_SOURCES;

export const ENTITY_KINDS: Readonly<Record<string, () => EntityKind>> = {
  HostedCollector: () =>
    collectorKind({ kind: "HostedCollector", collectorType: "Hosted", specs: COLLECTOR_FIELDS }),
  InstalledCollector: installedCollectorKind,
  Source: () => sourceKind({ kind: "Source" }),
  ...Object.fromEntries(
    Object.entries(TYPED_SOURCES).map(([kind, type]) => [
      kind,
      () => sourceKind({ kind, type: SOURCE_TYPES[type] }),
    ]),
  ),
};

const lifecycles = new Map<string, Lifecycle>();

/** The implementation of a kind, made once per process. */
export function lifecycleOf(kind: string): Lifecycle | undefined {
  let lifecycle = lifecycles.get(kind);
  if (!lifecycle) {
    const make = Object.hasOwn(ENTITY_KINDS, kind) ? ENTITY_KINDS[kind] : undefined;
    if (!make) return undefined;
    lifecycle = entityLifecycle(make());
    lifecycles.set(kind, lifecycle);
  }
  return lifecycle;
}
