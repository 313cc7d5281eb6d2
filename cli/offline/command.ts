// `collectors offline list|delete`: the Installed Collectors silent for more than N days (list.ts),
// and their removal (delete.ts).
import { DEFAULT_ALIVE_BEFORE_DAYS } from "../../provider/api";
import { type CommandIO, commandAction } from "../shared/action";
import type { Command } from "../shared/commander";
import { addConnectionOptions } from "../shared/connection";
import { dayCount } from "../shared/days";
import { type OfflineDeleteOptions, runOfflineDelete } from "./delete";
import { type OfflineListOptions, runOfflineList } from "./list";

const DAYS_HELP = `collectors last seen alive more than this many days ago (the service's default: ${DEFAULT_ALIVE_BEFORE_DAYS}; minimum 1)`;

export function registerOffline(program: Command, io?: CommandIO): void {
  const offline = program
    .command("offline")
    .description(
      "Installed Collectors that have not been seen alive for days: list them, delete them.",
    );

  const list = offline
    .command("list")
    .description("List the Installed Collectors last seen alive more than N days ago.")
    .option("--days <n>", DAYS_HELP, dayCount, DEFAULT_ALIVE_BEFORE_DAYS)
    .option("--json", "print the collectors as JSON instead of a table");
  addConnectionOptions(list).action(
    commandAction<OfflineListOptions>(
      (client, flags, output) => runOfflineList(client, flags, output),
      io,
    ),
  );

  const del = offline
    .command("delete")
    .description(
      "Delete the Installed Collectors last seen alive more than N days ago: shows them, asks (unless --yes), starts the service's deletion and checks each one is gone.",
    )
    .option("--days <n>", DAYS_HELP, dayCount, DEFAULT_ALIVE_BEFORE_DAYS)
    .option("--yes", "do not ask for confirmation (needed when there is no terminal)");
  addConnectionOptions(del).action(
    commandAction<OfflineDeleteOptions>(
      (client, flags, output, { interrupt }) =>
        runOfflineDelete(client, { ...flags, signal: interrupt }, output),
      io,
      { interruptible: true },
    ),
  );
}
