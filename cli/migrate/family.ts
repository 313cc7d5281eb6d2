// Which resource types of the old tool the migration takes over: its collector types and its
// source types, and the types of the collector family the Collector Management API does not
// serve (said as the reason they are left). Each reader gives its tool's table.
import type { Candidate } from "./old-state";

/** A tool's resource types of the collector family. */
export interface TypeTable {
  collectors: ReadonlySet<string>;
  sources: RegExp;
  /** Types of the family that live outside the Collector Management API, with why. */
  notServed: Readonly<Record<string, string>>;
}

/** Why the family's OpenTelemetry types are left: they live outside the Collector Management API. */
export const NOT_SERVED = {
  otCollector: "an OpenTelemetry collector: the Collector Management API does not manage them",
  sourceTemplate:
    "a source template (for OpenTelemetry collectors): not part of the Collector Management API",
} as const;

/** What a resource type is to the migration: a collector or a source, or why neither. */
export function familyOf(type: string, table: TypeTable): Candidate["kind"] | { reason: string } {
  const unserved = table.notServed[type];
  if (unserved) return { reason: unserved };
  if (table.collectors.has(type)) return "collector";
  if (table.sources.test(type)) return "source";
  return { reason: "not a collector or a source" };
}
