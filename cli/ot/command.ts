// `collectors ot list` and `collectors ot offline list|delete`: the fleet commands for
// OpenTelemetry collectors (list.ts with filters.ts; offline.ts; delete.ts).
import { DEFAULT_ALIVE_BEFORE_DAYS } from "../../provider/api";
import { type CommandIO, commandAction } from "../shared/action";
import type { Command } from "../shared/commander";
import { addConnectionOptions } from "../shared/connection";
import { dayCount } from "../shared/days";
import { type OtOfflineDeleteOptions, runOtOfflineDelete } from "./delete";
import { OT_SORTS, parseLimit, parseOtVersion, parseSort, parseTag, parseTagSet } from "./filters";
import { type OtListOptions, runOtList } from "./list";
import { type OtOfflineListOptions, runOtOfflineList } from "./offline";

const DAYS_HELP = `OT collectors not alive and not modified for more than this many days (the object has no time of its last heartbeat; minimum 1)`;

function registerOtList(ot: Command, io?: CommandIO): void {
  const list = ot
    .command("list")
    .description(
      "List the account's OpenTelemetry collectors that match the service's search filters, in the service's order: a table, or JSON with --json.",
    )
    .option("--search <text>", "an id, or text in the name, description or host name (any case)")
    .option(
      "--tag <key=values>",
      "the tag has one of these values, e.g. env=prod,staging; repeatable, and every --tag must hold",
      parseTag,
    )
    .option(
      "--tag-set <conditions>",
      "one alternative: conditions separated by ;, all of which must hold, e.g. 'env=prod;team=web'; repeatable, and a collector matching any --tag-set matches (each --tag is added to every set)",
      parseTagSet,
    )
    .option("--os <name>", "the host's operating system, e.g. linux")
    .option(
      "--min-version <version>",
      "version at least this, e.g. 0.108.0-sumo-0 (a leading v is added)",
      parseOtVersion,
    )
    .option("--max-version <version>", "version at most this", parseOtVersion)
    .option("--outside-range", "versions outside --min-version/--max-version instead of within")
    .option("--alive", "only those alive (heartbeat in the last 30 minutes)")
    .option("--offline", "only those not alive")
    .option("--remotely-managed", "only those configured through source templates")
    .option("--locally-managed", "only those configured by a local file")
    .option("--upgrade-available", "only those running an older version than the latest")
    .option("--no-template-linked", "only remotely managed ones no source template selects")
    .option("--sort <field>", `the order: ${OT_SORTS.join(", ")} (default: name)`, parseSort)
    .option("--limit <n>", "at most this many collectors, the first in that order", parseLimit)
    .option("--json", "print the collectors as JSON (the service's fields) instead of a table");
  addConnectionOptions(list).action(
    commandAction<OtListOptions>(
      (client, flags, output, { interrupt }) =>
        runOtList(client, { ...flags, signal: interrupt }, output),
      io,
    ),
  );
}

function registerOtOffline(ot: Command, io?: CommandIO): void {
  const offline = ot
    .command("offline")
    .description(
      "OpenTelemetry collectors offline and unchanged for days: list them, delete them.",
    );

  const list = offline
    .command("list")
    .description(
      "List the OpenTelemetry collectors not alive and not modified for more than N days.",
    )
    .option("--days <n>", DAYS_HELP, dayCount, DEFAULT_ALIVE_BEFORE_DAYS)
    .option("--json", "print the collectors as JSON instead of a table");
  addConnectionOptions(list).action(
    commandAction<OtOfflineListOptions>(
      (client, flags, output) => runOtOfflineList(client, flags, output),
      io,
    ),
  );

  const del = offline
    .command("delete")
    .description(
      "Delete the OpenTelemetry collectors not alive and not modified for more than N days: shows them, asks (unless --yes), deletes them one by one and checks each one is gone.",
    )
    .option("--days <n>", DAYS_HELP, dayCount, DEFAULT_ALIVE_BEFORE_DAYS)
    .option("--dry-run", "show what would be deleted, delete nothing")
    .option("--yes", "do not ask for confirmation (needed when there is no terminal)");
  addConnectionOptions(del).action(
    commandAction<OtOfflineDeleteOptions>(
      (client, flags, output, { interrupt }) =>
        runOtOfflineDelete(client, { ...flags, signal: interrupt }, output),
      io,
      { interruptible: true },
    ),
  );
}

export function registerOt(program: Command, io?: CommandIO): void {
  const ot = program
    .command("ot")
    .description(
      "OpenTelemetry collectors: list them by the service's filters, clear out the offline ones.",
    );
  registerOtList(ot, io);
  registerOtOffline(ot, io);
}
