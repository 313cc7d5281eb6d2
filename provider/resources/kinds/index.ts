// Every resource kind the dynamic provider serves, by the name the serialized shim carries.
// Names are a contract with state written by earlier versions: never rename one.
import { HOSTED_COLLECTOR, INSTALLED_COLLECTOR } from "./collectors";
import type { EntityKind } from "./kind";
import { OT_COLLECTOR } from "./ot-collector";
import { sourceKind, TYPED_SOURCES } from "./source-kinds";
import { SOURCE_TEMPLATE } from "./source-template";

export const ENTITY_KINDS: Readonly<Record<string, EntityKind>> = {
  HostedCollector: HOSTED_COLLECTOR,
  InstalledCollector: INSTALLED_COLLECTOR,
  Source: sourceKind({ kind: "Source" }),
  ...Object.fromEntries(
    Object.entries(TYPED_SOURCES).map(([kind, type]) => [kind, sourceKind({ kind, type })]),
  ),
  OtCollector: OT_COLLECTOR,
  SourceTemplate: SOURCE_TEMPLATE,
};

/** The kind of this name (own entries only: "toString" is not one). */
export function kindNamed(name: string): EntityKind | undefined {
  return Object.hasOwn(ENTITY_KINDS, name) ? ENTITY_KINDS[name] : undefined;
}
