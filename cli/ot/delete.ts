// `collectors ot offline delete`: the service's own clean-up of OT collectors
// (`DELETE /otCollectors/offline`) takes no age and deletes every one that is not alive; this
// command deletes only those under the rule of offline.ts, one `DELETE /otCollectors/{id}` each,
// and checks each one is gone with a GET by id. It shows them, asks (unless --yes), and ends with
// the table `collectors offline delete` ends with.
import {
  type CollectorsClient,
  DEFAULT_ALIVE_BEFORE_DAYS,
  isGone,
  type OtCollector,
} from "../../provider/api";
import {
  confirmDeletion,
  type DeletionRow,
  deletionTable,
  interruptedBeforeDeleting,
} from "../shared/deletion";
import { type CommandResult, EXIT, type Output } from "../shared/output";
import { type Progress, progressOn } from "../shared/progress";
import { plural } from "../shared/table";
import { listOtOffline, type OtOfflineListOptions, otSilentFor } from "./offline";
import { otOfflineTable } from "./table";

export interface OtOfflineDeleteOptions extends Pick<OtOfflineListOptions, "days" | "now"> {
  /** Delete without asking. */
  yes?: boolean | undefined;
  /** Show what would be deleted, delete nothing. */
  dryRun?: boolean | undefined;
  /** Ctrl-C: no further DELETE is sent; the table says which were not reached. */
  signal?: AbortSignal | undefined;
}

export interface OtOfflineDeleteResult {
  days: number;
  dryRun: boolean;
  /** The collectors shown for confirmation. */
  listed: OtCollector[];
  confirmed: boolean;
  /** Listed, and confirmed gone by the service's 404. */
  deleted: OtCollector[];
  /** Listed and not deleted (or not confirmed gone), with why. */
  remaining: { collector: OtCollector; reason: string }[];
  /** Ctrl-C stopped the command. */
  interrupted: boolean;
}

/** Up to this many collectors, no progress lines: 2 requests each, a few seconds in all. */
const QUIET_UP_TO = 10;
const QUIET: Progress = { note() {}, start() {}, tick() {}, done() {} };

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Deletes one collector and checks it is gone: only the service's 404 for the collector itself
 * counts (isGone: its code for an unknown OT collector, not any 404 a proxy may answer). A DELETE
 * answered so means it was gone already (deleted meanwhile by someone else): as good.
 */
async function deleteOne(
  client: CollectorsClient,
  collector: OtCollector,
): Promise<DeletionRow<OtCollector>> {
  const row = (deleted: boolean, detail: string) => ({ collector, deleted, detail });
  try {
    await client.otCollectors.delete(collector.id);
  } catch (error) {
    if (isGone(error)) return row(true, "already gone when its DELETE arrived");
    return row(false, `the DELETE failed: ${message(error)}`);
  }
  try {
    const { collector: now } = await client.otCollectors.get(collector.id);
    return row(
      false,
      now.alive
        ? "still present after its DELETE, and alive again: it registered anew"
        : "still present after its DELETE was accepted",
    );
  } catch (error) {
    if (isGone(error)) return row(true, "");
    return row(
      false,
      `its DELETE was accepted, but it is not confirmed gone (the check failed: ${message(error)})`,
    );
  }
}

export async function runOtOfflineDelete(
  client: CollectorsClient,
  options: OtOfflineDeleteOptions,
  output: Output,
): Promise<CommandResult<OtOfflineDeleteResult>> {
  const days = options.days ?? DEFAULT_ALIVE_BEFORE_DAYS;
  const { signal } = options;
  const result: OtOfflineDeleteResult = {
    days,
    dryRun: options.dryRun === true,
    listed: [],
    confirmed: false,
    deleted: [],
    remaining: [],
    interrupted: false,
  };
  const notStarted = () => interruptedBeforeDeleting(result, output);
  /** The collectors under the rule now; undefined when Ctrl-C stopped the listing. */
  const listNow = async () => {
    try {
      return await listOtOffline(client, days, options);
    } catch (error) {
      if (signal?.aborted) return undefined;
      throw error;
    }
  };
  let listed = (await listNow()) ?? [];
  if (signal?.aborted) return notStarted();
  result.listed = listed;
  if (listed.length === 0) {
    output.out(`No OpenTelemetry collector is ${otSilentFor(days)}: nothing to delete.`);
    return { result, exitCode: EXIT.ok };
  }
  output.out(otOfflineTable(listed));
  if (options.dryRun) {
    output.out(
      `Dry run: would delete ${plural(listed.length, "OpenTelemetry collector")} (${otSilentFor(days)}). Nothing was changed.`,
    );
    return { result, exitCode: EXIT.ok };
  }
  const these =
    listed.length === 1
      ? "This OpenTelemetry collector"
      : `These ${plural(listed.length, "OpenTelemetry collector")}`;
  output.out(`${these} (${otSilentFor(days)}) will be deleted.`);

  if (signal?.aborted) return notStarted();
  if (!options.yes) {
    const answer = await confirmDeletion(output, listed.length);
    if (!answer.confirmed) return { result, exitCode: answer.exitCode };
    // Time passed while asking: a collector that came back (or was changed) is no longer under
    // the rule, and is left out. Deleting by id takes nothing that was not confirmed, so one
    // that went offline meanwhile is only named.
    const now = await listNow();
    if (now === undefined) return notStarted();
    const nowIds = new Set(now.map((c) => c.id));
    const confirmedIds = new Set(listed.map((c) => c.id));
    const back = listed.filter((c) => !nowIds.has(c.id));
    if (back.length > 0) {
      output.err(
        `note: no longer ${otSilentFor(days)}, so not deleted: ${back.map((c) => c.name).join(", ")}`,
      );
    }
    const added = now.filter((c) => !confirmedIds.has(c.id));
    if (added.length > 0) {
      output.err(
        `note: ${plural(added.length, "more collector")} fell under the rule while you were asked, not deleted as you did not confirm them: ${added.map((c) => c.name).join(", ")}`,
      );
    }
    listed = listed.filter((c) => nowIds.has(c.id));
    result.listed = listed;
    if (listed.length === 0) {
      output.out(`None of them is ${otSilentFor(days)} any more: nothing was deleted.`);
      return { result, exitCode: EXIT.ok };
    }
  }
  result.confirmed = true;
  if (signal?.aborted) return notStarted();

  output.err(
    `Deleting ${plural(listed.length, "collector")} one by one, checking each is gone. Ctrl-C stops before the next one.`,
  );
  const progress = listed.length > QUIET_UP_TO ? progressOn(output) : QUIET;
  progress.start(listed.length, "collectors deleted or tried");
  const rows: DeletionRow<OtCollector>[] = [];
  for (const collector of listed) {
    // Not aborted once sent: a DELETE cut off midway leaves its outcome unknown.
    if (signal?.aborted) {
      rows.push({
        collector,
        deleted: false,
        detail: "not deleted: Ctrl-C stopped the command before its turn",
      });
      continue;
    }
    rows.push(await deleteOne(client, collector));
    progress.tick();
  }
  progress.done();
  result.interrupted = signal?.aborted === true;
  result.deleted = rows.filter((r) => r.deleted).map((r) => r.collector);
  result.remaining = rows
    .filter((r) => !r.deleted)
    .map((r) => ({ collector: r.collector, reason: r.detail }));

  output.out(deletionTable(rows));
  const deleted = `Deleted ${plural(result.deleted.length, "collector")}`;
  if (result.interrupted) {
    output.out(
      `Interrupted (Ctrl-C): ${deleted.toLowerCase()}; ${result.remaining.length} not deleted. ` +
        `Check with: collectors ot offline list --days ${days}`,
    );
    return { result, exitCode: EXIT.interrupted };
  }
  if (result.remaining.length === 0) {
    output.out(`${deleted}.`);
    return { result, exitCode: EXIT.ok };
  }
  output.out(
    `${deleted}; ${result.remaining.length} not deleted. ` +
      `Check again with: collectors ot offline list --days ${days}`,
  );
  return { result, exitCode: EXIT.failed };
}
