// `collectors list --sources [COLLECTOR...]`: the sources of some collectors (or of all), with
// the id a program or `pulumi import` takes. A source's id there is `<collectorId>/<sourceId>`,
// because the service addresses a source under its collector. Only these fields are printed:
// the service's own source objects hold credentials (an HTTP source's URL) that must not reach a
// terminal log or a file a user pipes the JSON to.
import {
  type Collector,
  type CollectorFilter,
  type CollectorsClient,
  collect,
  type Source,
} from "../../provider/api";
import { sourcePluginId } from "../../provider/plugin/ids";
import { nameMatcher } from "../shared/name-glob";
import { type CommandResult, EXIT, type Output, UsageError } from "../shared/output";
import { type Progress, progressOn } from "../shared/progress";
import { byNameThenId, type CollectorWithSources, readSourcesOf } from "../shared/read-sources";
import { typedEntryOf } from "../shared/source-class";
import { plural, renderTable } from "../shared/table";

/** One source as `--sources` prints it (the JSON form; the table shows the same). */
export interface SourceRow {
  /** `<collectorId>/<sourceId>`: the id of the plugin's resource, what `pulumi import` takes. */
  id: string;
  /** The source's own id: what `adopt: { id }` takes beside `collectorId`. */
  sourceId: number;
  collectorId: number;
  collector: string;
  name: string;
  /** The service's sourceType: HTTP, Polling, LocalFile, … */
  sourceType: string;
  /** The resource class that manages it (what `collectors export` declares it with). */
  class: string;
  category: string | null;
}

export interface ListSourcesOptions {
  /** Collector ids, names or name globs; every collector when empty. */
  collectors: readonly string[];
  filter?: CollectorFilter | undefined;
  json?: boolean | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * Up to this many collectors, their sources are read without progress lines: a few seconds at
 * most at the service's 4 requests a second.
 */
const QUIET_UP_TO = 10;
const QUIET: Progress = { note() {}, start() {}, tick() {}, done() {} };

/** The collector ids, names and globs that `args` name, or a UsageError naming those that match none. */
function select(collectors: Collector[], args: readonly string[], filter?: CollectorFilter) {
  if (args.length === 0) return [...collectors].sort(byNameThenId);
  const names = nameMatcher(args, "--sources");
  const ids = new Set(args.filter((arg) => /^[0-9]+$/.test(arg)));
  const chosen = collectors.filter((c) => names.matches(c.name) || ids.has(String(c.id)));
  const found = new Set(chosen.map((c) => String(c.id)));
  const unknown = names.unmatched().filter((arg) => !found.has(arg));
  if (unknown.length > 0) {
    const kind = filter ? `${filter} collector` : "collector";
    const verb = unknown.length === 1 ? "matches" : "match";
    throw new UsageError(
      `--sources ${unknown.join(", ")}: ${verb} no ${kind}'s name or id; ` +
        `\`collectors list${filter ? ` --filter ${filter}` : ""}\` shows them. Nothing was listed.`,
    );
  }
  return chosen.sort(byNameThenId);
}

function rowsOf(read: CollectorWithSources[]): SourceRow[] {
  return read.flatMap(({ collector, sources }) =>
    sources.map((source: Source) => ({
      id: sourcePluginId(collector.id, source.id as number),
      sourceId: source.id as number,
      collectorId: collector.id,
      collector: collector.name,
      name: source.name,
      sourceType: source.sourceType,
      class: typedEntryOf(source as Record<string, unknown>)?.kind ?? "Source",
      category: source.category ?? null,
    })),
  );
}

/** Every column whole: each is an id, a name or a word a user copies. */
function sourcesTable(rows: readonly SourceRow[]): string {
  return renderTable(
    ["Collector", "ID", "Name", "Type", "Class", "Category"],
    rows.map((r) => [r.collector, r.id, r.name, r.sourceType, r.class, r.category ?? "-"]),
  );
}

/** Lists the collectors, picks those named, reads their sources, then prints them. */
export async function runListSources(
  client: CollectorsClient,
  options: ListSourcesOptions,
  output: Output,
): Promise<CommandResult<{ sources: SourceRow[] }>> {
  const signal = options.signal ?? new AbortController().signal;
  const all = await collect(client.collectors.iterate({ filter: options.filter }, { signal }));
  const chosen = select(all, options.collectors, options.filter);
  const progress = chosen.length > QUIET_UP_TO ? progressOn(output) : QUIET;
  const read = await readSourcesOf(client, chosen, progress, signal);
  const sources = rowsOf(read);
  if (options.json) {
    output.out(JSON.stringify(sources, null, 2));
  } else if (chosen.length === 0) {
    output.out(options.filter ? `No ${options.filter} collectors.` : "No collectors.");
  } else if (sources.length === 0) {
    output.out(`No sources on ${plural(chosen.length, "collector")}.`);
  } else {
    output.out(sourcesTable(sources));
    const on = new Set(sources.map((s) => s.collectorId)).size;
    output.out(`${plural(sources.length, "source")} on ${plural(on, "collector")}`);
  }
  return { result: { sources }, exitCode: EXIT.ok };
}
