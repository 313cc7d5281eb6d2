// `collectors offline delete`: the service deletes offline collectors asynchronously and by rule
// ("last seen alive before N days"), not by id: so the command shows exactly which collectors
// match, asks, checks the set did not change while it asked, starts the deletion, and then
// watches each one go.
import {
  type Collector,
  type CollectorsClient,
  collect,
  DEFAULT_ALIVE_BEFORE_DAYS,
  isGone,
} from "../../provider/api";
import { poll } from "../../provider/api/poll";
import { confirmDeletion, deletionTable, interruptedBeforeDeleting } from "../shared/deletion";
import { type CommandResult, EXIT, type Output } from "../shared/output";
import { formatTime, plural } from "../shared/table";
import { listOffline, offlineTable, silentFor } from "./list";

export interface OfflineDeleteOptions {
  days?: number | undefined;
  /** Delete without asking. */
  yes?: boolean | undefined;
  /** How long to keep checking that the collectors are gone; default 120 s. */
  waitMs?: number | undefined;
  /**
   * First wait before checking; doubles up to 15 s. Default 1 s. Both are multiplied by the
   * client's retry.timeScale (1 but in tests).
   */
  checkEveryMs?: number | undefined;
  /** Ctrl-C: nothing is deleted if it comes first; else the checks stop and the table says so. */
  signal?: AbortSignal | undefined;
}

export const OFFLINE_DEFAULTS = { waitMs: 120_000, checkEveryMs: 1_000, maxCheckEveryMs: 15_000 };

export interface OfflineDeleteResult {
  days: number;
  /** The collectors shown for confirmation. */
  listed: Collector[];
  confirmed: boolean;
  /** What the service said when it accepted the deletion. */
  serviceMessage?: string | undefined;
  /** Listed and now gone. */
  deleted: Collector[];
  /** Listed and still there when the checks stopped, with why. */
  remaining: { collector: Collector; reason: string }[];
  /** Ctrl-C stopped the command. */
  interrupted: boolean;
}

/** What a GET by id says about a collector missing from the list. */
type Confirmation =
  | { gone: true }
  | { gone: false; collector: Collector }
  | { gone: false; error: string };

/**
 * A collector missing from the list is only a candidate: the list pages by offset while the
 * service deletes, so each deletion shifts later rows down and a collector still there can fall
 * between two pages. Only the service's 404 for the collector itself says it is gone.
 */
async function confirmGone(client: CollectorsClient, id: number): Promise<Confirmation> {
  try {
    const { collector } = await client.collectors.get(id);
    return { gone: false, collector };
  } catch (error) {
    if (isGone(error)) return { gone: true };
    return { gone: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Checks until every listed collector is gone, time is up or Ctrl-C: one list of the installed
 * collectors answers for all of them at once (1 request per 1000 collectors), then a GET by id
 * confirms each one missing from it.
 */
async function waitUntilGone(
  client: CollectorsClient,
  listed: Collector[],
  options: Required<Pick<OfflineDeleteOptions, "waitMs" | "checkEveryMs">> &
    Pick<OfflineDeleteOptions, "signal">,
): Promise<Pick<OfflineDeleteResult, "deleted" | "remaining" | "interrupted">> {
  const { waitMs, checkEveryMs, signal } = options;
  const pending = new Map(listed.map((c) => [c.id, c]));
  const deleted: Collector[] = [];
  let present = new Map<number, Collector>();
  /** Why a candidate could not be confirmed gone, when its GET failed. */
  const unconfirmed = new Map<number, string>();
  const allGone = async () => {
    const installed = await collect(client.collectors.iterate({ filter: "installed" }, { signal }));
    present = new Map(installed.map((c) => [c.id, c]));
    const candidates = [...pending.keys()].filter((id) => !present.has(id));
    const confirmations = await Promise.all(candidates.map((id) => confirmGone(client, id)));
    candidates.forEach((id, i) => {
      const check = confirmations[i] as Confirmation;
      unconfirmed.delete(id);
      if (check.gone) {
        deleted.push(pending.get(id) as Collector);
        pending.delete(id);
      } else if ("collector" in check) {
        present.set(id, check.collector);
      } else {
        unconfirmed.set(id, check.error);
      }
    });
    return pending.size === 0;
  };
  const started = Date.now();
  let interrupted = false;
  try {
    await poll(allGone, {
      firstMs: checkEveryMs,
      everyMs: (checks) => Math.min(checkEveryMs * 2 ** checks, OFFLINE_DEFAULTS.maxCheckEveryMs),
      timeScale: client.retryPolicy.timeScale,
      limitMs: waitMs,
      signal,
    });
  } catch (error) {
    if (!signal?.aborted) throw error;
    interrupted = true;
  }
  const seconds = Math.round(waitMs / 1000);
  const remaining = [...pending.values()].map((collector) => {
    const now = present.get(collector.id);
    const error = unconfirmed.get(collector.id);
    const reason = interrupted
      ? `not confirmed gone: Ctrl-C stopped the checks after ${Math.round((Date.now() - started) / 1000)} s; the service may still be deleting it`
      : error
        ? `not confirmed gone after ${seconds} s (the check failed: ${error})`
        : now?.alive
          ? `still present after ${seconds} s, and alive again (last seen ${formatTime(now.lastSeenAlive)}): the service may keep it`
          : `still present after ${seconds} s: the service may still be deleting it`;
    return { collector: now ?? collector, reason };
  });
  return { deleted, remaining, interrupted };
}

function resultTable(result: OfflineDeleteResult): string {
  return deletionTable([
    ...result.deleted.map((collector) => ({ collector, deleted: true, detail: "" })),
    ...result.remaining.map(({ collector, reason }) => ({
      collector,
      deleted: false,
      detail: reason,
    })),
  ]);
}

export async function runOfflineDelete(
  client: CollectorsClient,
  options: OfflineDeleteOptions,
  output: Output,
): Promise<CommandResult<OfflineDeleteResult>> {
  const days = options.days ?? DEFAULT_ALIVE_BEFORE_DAYS;
  const result: OfflineDeleteResult = {
    days,
    listed: [],
    confirmed: false,
    deleted: [],
    remaining: [],
    interrupted: false,
  };
  const notStarted = () => interruptedBeforeDeleting(result, output);
  let listed = await listOffline(client, days);
  result.listed = listed;
  if (listed.length === 0) {
    output.out(`No Installed Collector was ${silentFor(days)}: nothing to delete.`);
    return { result, exitCode: EXIT.ok };
  }
  output.out(offlineTable(listed));
  output.out(
    `These ${plural(listed.length, "Installed Collector")} (${silentFor(days)}) will be deleted, with their sources.`,
  );

  if (options.signal?.aborted) return notStarted();
  if (!options.yes) {
    const answer = await confirmDeletion(output, listed.length);
    if (!answer.confirmed) return { result, exitCode: answer.exitCode };
    // Time passed while asking: the service deletes by rule, so make sure the rule still
    // matches exactly what was confirmed (and nothing more) before starting.
    const now = await listOffline(client, days);
    const confirmedIds = new Set(listed.map((c) => c.id));
    const added = now.filter((c) => !confirmedIds.has(c.id));
    if (added.length > 0) {
      output.err(
        `error: ${plural(added.length, "more collector")} went offline while you were asked (${added
          .map((c) => c.name)
          .join(
            ", ",
          )}); the deletion would take them too. Nothing was deleted: run again to review.`,
      );
      return { result, exitCode: EXIT.failed };
    }
    const nowIds = new Set(now.map((c) => c.id));
    const back = listed.filter((c) => !nowIds.has(c.id));
    if (back.length > 0) {
      output.err(`note: no longer offline, so not deleted: ${back.map((c) => c.name).join(", ")}`);
    }
    listed = now;
    result.listed = listed;
    if (listed.length === 0) {
      output.out("None of them is offline any more: nothing was deleted.");
      return { result, exitCode: EXIT.ok };
    }
  }
  result.confirmed = true;
  if (options.signal?.aborted) return notStarted();

  // Not aborted once sent: the service's answer says whether the deletion started.
  const { message } = await client.collectors.deleteOffline({ aliveBeforeDays: days });
  result.serviceMessage = message;
  output.err(
    `Deletion started${message ? ` (the service: ${message})` : ""}; checking that each collector is gone…`,
  );
  const checked = await waitUntilGone(client, listed, {
    waitMs: options.waitMs ?? OFFLINE_DEFAULTS.waitMs,
    checkEveryMs: options.checkEveryMs ?? OFFLINE_DEFAULTS.checkEveryMs,
    signal: options.signal,
  });
  Object.assign(result, checked);

  output.out(resultTable(result));
  if (result.interrupted) {
    output.out(
      `Interrupted (Ctrl-C): deleted ${plural(result.deleted.length, "collector")}; ` +
        `${result.remaining.length} not confirmed gone, which the service may still be deleting. ` +
        `Check with: collectors offline list --days ${days}`,
    );
    return { result, exitCode: EXIT.interrupted };
  }
  if (result.remaining.length === 0) {
    output.out(`Deleted ${plural(result.deleted.length, "collector")}.`);
    return { result, exitCode: EXIT.ok };
  }
  output.out(
    `Deleted ${plural(result.deleted.length, "collector")}; ${result.remaining.length} still present. ` +
      `Check again with: collectors offline list --days ${days}`,
  );
  return { result, exitCode: EXIT.failed };
}
