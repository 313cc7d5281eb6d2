// `collectors list`: every Collector of the account, as a table or as JSON; with --sources, their
// sources instead (sources.ts).
import {
  COLLECTOR_FILTERS,
  type Collector,
  type CollectorFilter,
  type CollectorsClient,
  collect,
} from "../../provider/api";
import { type CommandIO, commandAction } from "../shared/action";
import { type Command, InvalidArgumentError } from "../shared/commander";
import { addConnectionOptions } from "../shared/connection";
import { type CommandResult, EXIT, type Output } from "../shared/output";
import {
  byName,
  collectorKind,
  formatTime,
  isHosted,
  osOf,
  plural,
  renderTable,
  versionOf,
} from "../shared/table";
import { runListSources } from "./sources";

export interface ListOptions {
  filter?: CollectorFilter | undefined;
  json?: boolean | undefined;
  /** List sources instead: of these collectors (ids, names, globs), or of all (true). */
  sources?: true | string[] | undefined;
}

export function collectorsTable(collectors: Collector[]): string {
  const rows = [...collectors]
    .sort(byName)
    .map((c) => [
      c.id,
      c.name,
      collectorKind(c),
      versionOf(c),
      c.alive === undefined ? "-" : c.alive ? "yes" : "no",
      isHosted(c) ? "-" : formatTime(c.lastSeenAlive),
      osOf(c),
    ]);
  return renderTable(["ID", "Name", "Type", "Version", "Alive", "Last seen alive", "OS"], rows);
}

/** Lists the Collectors (page by page), then prints them. */
export async function runList(
  client: CollectorsClient,
  options: ListOptions,
  output: Output,
): Promise<CommandResult<{ collectors: Collector[] }>> {
  const collectors = await collect(client.collectors.iterate({ filter: options.filter }));
  if (options.json) {
    output.out(JSON.stringify(collectors, null, 2));
  } else if (collectors.length === 0) {
    output.out(options.filter ? `No ${options.filter} collectors.` : "No collectors.");
  } else {
    output.out(collectorsTable(collectors));
    const what = options.filter ? `${options.filter} collector` : "collector";
    output.out(plural(collectors.length, what));
  }
  return { result: { collectors }, exitCode: EXIT.ok };
}

function parseFilter(value: string): CollectorFilter {
  if (!(COLLECTOR_FILTERS as readonly string[]).includes(value)) {
    throw new InvalidArgumentError(`choose one of ${COLLECTOR_FILTERS.join(", ")}.`);
  }
  return value as CollectorFilter;
}

export function registerList(program: Command, io?: CommandIO): void {
  const command = program
    .command("list")
    .description(
      "List the account's collectors, or with --sources their sources: a table, or JSON with --json.",
    )
    .option(
      `--filter <kind>`,
      `only these collectors: ${COLLECTOR_FILTERS.join(", ")}`,
      parseFilter,
    )
    .option(
      "--json",
      "print the collectors as JSON (the service's fields) instead of a table; with --sources, the sources (the table's fields)",
    )
    .option(
      "--sources [collector...]",
      "list the sources of these collectors instead (ids, or names matching * ? [a-z]; all collectors when none is given): each source's id (collectorId/sourceId, what `pulumi import` takes), name, type, class and category",
    );
  addConnectionOptions(command).action(
    commandAction<ListOptions>(
      (client, flags, output, { interrupt }) =>
        flags.sources
          ? runListSources(
              client,
              {
                collectors: flags.sources === true ? [] : flags.sources,
                filter: flags.filter,
                json: flags.json,
                signal: interrupt,
              },
              output,
            )
          : runList(client, flags, output),
      io,
    ),
  );
}
