// Reading the part of the account to export: the collectors (filtered by kind and name), then
// each one's sources (cli/shared/read-sources.ts, as `collectors list --sources` reads them); and
// the OpenTelemetry side, from its own APIs: the OT collectors (the same name filter) and the
// source templates, disabled ones included (a template is declared as it is, enabled or not).
import {
  type CollectorFilter,
  type CollectorsClient,
  collect,
  type OtCollector,
  type SourceTemplate,
} from "../../provider/api";
import { nameMatcher } from "../shared/name-glob";
import type { Progress } from "../shared/progress";
import { byNameThenId, type CollectorWithSources, readSourcesOf } from "../shared/read-sources";

/** The kinds an export can read; the command's kind flags choose among them. */
export const EXPORT_KINDS = ["hosted", "installed", "otCollectors", "sourceTemplates"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export interface Selection {
  /** The kinds to read; all when undefined or empty. */
  kinds?: readonly ExportKind[] | undefined;
  /** Shell-style globs on collector names (OT collectors' too); all when empty. */
  patterns: readonly string[];
}

export interface Account {
  collectors: CollectorWithSources[];
  /** OpenTelemetry collectors, by name. */
  otCollectors?: OtCollector[] | undefined;
  /** Source templates, by name (inputJson.name). */
  sourceTemplates?: SourceTemplate[] | undefined;
  /** Patterns that matched no collector. */
  unmatched: string[];
}

/** The same order as the collectors' (byNameThenId): by name, then id, by code unit. */
export function byName<T>(name: (item: T) => string, id: (item: T) => string) {
  const order = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return (a: T, b: T) => order(name(a), name(b)) || order(id(a), id(b));
}

export const templateName = (template: SourceTemplate): string =>
  String(template.inputJson?.name ?? "");

/**
 * Which kinds a selection reads. With no kind named, every kind, except that a name pattern
 * (which selects collectors) leaves the source templates out: they are no collector's.
 */
export function kindsOf(selection: Selection): Set<ExportKind> {
  if (selection.kinds && selection.kinds.length > 0) return new Set(selection.kinds);
  const all = new Set<ExportKind>(EXPORT_KINDS);
  if (selection.patterns.length > 0) all.delete("sourceTemplates");
  return all;
}

export async function readAccount(
  client: CollectorsClient,
  selection: Selection,
  progress: Progress,
  signal: AbortSignal,
): Promise<Account> {
  const kinds = kindsOf(selection);
  const matcher = selection.patterns.length > 0 ? nameMatcher(selection.patterns) : undefined;
  const matches = (name: string) => !matcher || matcher.matches(name);
  let collectors: CollectorWithSources[] = [];
  if (kinds.has("hosted") || kinds.has("installed")) {
    // The service filters by one kind, or none (both).
    const filter: Extract<CollectorFilter, "hosted" | "installed"> | undefined =
      kinds.has("hosted") && kinds.has("installed")
        ? undefined
        : kinds.has("hosted")
          ? "hosted"
          : "installed";
    progress.note("Reading the collectors…");
    const all = await collect(client.collectors.iterate({ filter }, { signal }));
    const chosen = all.filter((c) => matches(c.name)).sort(byNameThenId);
    collectors = await readSourcesOf(client, chosen, progress, signal);
  }
  let otCollectors: OtCollector[] | undefined;
  if (kinds.has("otCollectors")) {
    progress.note("Reading the OpenTelemetry collectors…");
    const all = await collect(client.otCollectors.iterate({}, { signal }));
    otCollectors = all
      .filter((c) => matches(c.name))
      .sort(
        byName(
          (c: OtCollector) => c.name,
          (c) => c.id,
        ),
      );
  }
  let sourceTemplates: SourceTemplate[] | undefined;
  if (kinds.has("sourceTemplates")) {
    progress.note("Reading the source templates…");
    const all = await client.sourceTemplates.list({ showDisabled: true }, { signal });
    sourceTemplates = [...all].sort(byName(templateName, (t: SourceTemplate) => t.id));
  }
  return {
    collectors,
    otCollectors,
    sourceTemplates,
    unmatched: matcher?.unmatched() ?? [],
  };
}
