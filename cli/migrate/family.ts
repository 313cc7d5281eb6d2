// Which resource types of the old tool the migration takes over: its collector types and its
// source types (the Collector Management API's), and its OpenTelemetry collector and source
// template types (the OpenTelemetry APIs'). Each reader gives its tool's table.
import type { CandidateKind } from "./old-state";

/** A tool's resource types of the collector family. */
export interface TypeTable {
  collectors: ReadonlySet<string>;
  sources: RegExp;
  /** The OpenTelemetry collector type. */
  otCollector: string;
  /** The source template type. */
  sourceTemplate: string;
}

/** What a resource type is to the migration: one of the kinds it takes, or why none. */
export function familyOf(type: string, table: TypeTable): CandidateKind | { reason: string } {
  if (type === table.otCollector) return "otCollector";
  if (type === table.sourceTemplate) return "sourceTemplate";
  if (table.collectors.has(type)) return "collector";
  if (table.sources.test(type)) return "source";
  return { reason: "not a collector or a source" };
}
