// `collectors ot offline list`: the OpenTelemetry collectors offline for more than N days, by the
// rule this command applies itself. The service's own clean-up (`DELETE /otCollectors/offline`)
// takes no age: it deletes every OT collector that is not alive. And the OT collector carries no
// time of its last heartbeat, only `modifiedAt` (its registration, or the last change to its
// settings). So "offline for more than N days" here means: not alive now, and not modified for
// more than N days. A collector last changed long ago that stopped an hour ago counts as old:
// the rule is never wider than the service's own, which would take it too.
import {
  type CollectorsClient,
  DEFAULT_ALIVE_BEFORE_DAYS,
  type OtCollector,
} from "../../provider/api";
import { type CommandResult, EXIT, type Output } from "../shared/output";
import { byName, plural } from "../shared/table";
import { searchOt } from "./list";
import { otOfflineTable, timeOf } from "./table";

const DAY_MS = 24 * 60 * 60_000;

export interface OtOfflineListOptions {
  /** Offline and not modified for more than this many days; default 100 (as for Installed Collectors). */
  days?: number | undefined;
  json?: boolean | undefined;
  /**
   * The time the age is measured from; default Date.now(). Tests pass the local service's
   * virtual clock, which runs ahead of the real one.
   */
  now?: (() => number) | undefined;
  signal?: AbortSignal | undefined;
}

/** Whether a collector falls under the rule as of `now`. */
export function isOfflineFor(collector: OtCollector, days: number, now: number): boolean {
  const modified = timeOf(collector.modifiedAt);
  return collector.alive === false && modified !== undefined && now - modified > days * DAY_MS;
}

/** The OT collectors under the rule, by name: the service's not-alive ones, aged here. */
export async function listOtOffline(
  client: CollectorsClient,
  days: number,
  options: Pick<OtOfflineListOptions, "now" | "signal"> = {},
): Promise<OtCollector[]> {
  const { collectors } = await searchOt(client, { filters: { alive: false } }, options);
  const now = (options.now ?? Date.now)();
  return collectors.filter((c) => isOfflineFor(c, days, now)).sort(byName);
}

/** The rule in words, for the messages. */
export function otSilentFor(days: number): string {
  return `offline and unchanged for more than ${plural(days, "day")}`;
}

export async function runOtOfflineList(
  client: CollectorsClient,
  options: OtOfflineListOptions,
  output: Output,
): Promise<CommandResult<{ days: number; collectors: OtCollector[] }>> {
  const days = options.days ?? DEFAULT_ALIVE_BEFORE_DAYS;
  const collectors = await listOtOffline(client, days, options);
  if (options.json) {
    output.out(JSON.stringify(collectors, null, 2));
  } else if (collectors.length === 0) {
    output.out(`No OpenTelemetry collector is ${otSilentFor(days)}.`);
  } else {
    output.out(otOfflineTable(collectors));
    output.out(`${plural(collectors.length, "OpenTelemetry collector")} ${otSilentFor(days)}.`);
  }
  return { result: { days, collectors }, exitCode: EXIT.ok };
}
