// `collectors offline list`: the Installed Collectors silent for more than N days.
import {
  type Collector,
  type CollectorsClient,
  collect,
  DEFAULT_ALIVE_BEFORE_DAYS,
} from "../../provider/api";
import { type CommandResult, EXIT, type Output } from "../shared/output";
import { byName, formatTime, osOf, plural, renderTable, versionOf } from "../shared/table";

export interface OfflineListOptions {
  /** Last seen alive more than this many days ago; default 100 (the service's). */
  days?: number | undefined;
  json?: boolean | undefined;
}

export function offlineTable(collectors: Collector[]): string {
  const rows = [...collectors]
    .sort(byName)
    .map((c) => [
      c.id,
      c.name,
      versionOf(c),
      formatTime(c.lastSeenAlive),
      c.hostName ?? "-",
      osOf(c),
    ]);
  return renderTable(["ID", "Name", "Version", "Last seen alive", "Host", "OS"], rows);
}

export function listOffline(client: CollectorsClient, days: number): Promise<Collector[]> {
  return collect(client.collectors.iterateOffline({ aliveBeforeDays: days }));
}

export function silentFor(days: number): string {
  return `last seen alive more than ${plural(days, "day")} ago`;
}

export async function runOfflineList(
  client: CollectorsClient,
  options: OfflineListOptions,
  output: Output,
): Promise<CommandResult<{ days: number; collectors: Collector[] }>> {
  const days = options.days ?? DEFAULT_ALIVE_BEFORE_DAYS;
  const collectors = await listOffline(client, days);
  if (options.json) {
    output.out(JSON.stringify(collectors, null, 2));
  } else if (collectors.length === 0) {
    output.out(`No Installed Collector was ${silentFor(days)}.`);
  } else {
    output.out(offlineTable(collectors));
    output.out(`${plural(collectors.length, "Installed Collector")} ${silentFor(days)}.`);
  }
  return { result: { days, collectors }, exitCode: EXIT.ok };
}
