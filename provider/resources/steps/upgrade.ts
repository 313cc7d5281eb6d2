// An Installed Collector's `version`, applied after the object's fields are written: start an
// upgrade or downgrade task, follow it to its end (the client's followTask) with progress through
// the engine, and leave the collector as it then is. Failures say what happened and what to do;
// they are partial failures (the engine records the collector as it is, so the next `pulumi up`
// tries again).
import { TaskWaitLimit, UPGRADE_STATUS, UPGRADE_STATUS_NAMES, type UpgradeTask } from "../../api";
import { describe, resourceError } from "../kinds/errors";
import { direction } from "../kinds/version";
import { becauseOf, interruptible } from "../steps/waits";
import type { Found } from "./entities";
import { AfterWriteError, type Operation, urnOf } from "./lifecycle";
import { customTimeout, type OperationTimeout } from "./timeouts";

/** What a status means for the person waiting, after its name. */
const STATUS_DETAIL: Readonly<Record<number, string>> = {
  [UPGRADE_STATUS.pending]: ", waiting for the collector to pick the task up",
  [UPGRADE_STATUS.progressing]: " on the collector",
};

export function statusText(status: number): string {
  const name = Object.hasOwn(UPGRADE_STATUS_NAMES, status)
    ? UPGRADE_STATUS_NAMES[status]
    : undefined;
  const detail = Object.hasOwn(STATUS_DETAIL, status) ? STATUS_DETAIL[status] : "";
  return `${name === undefined ? "unknown status" : `${name}${detail}`} (status ${status})`;
}

export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}m ${String(seconds % 60).padStart(2, "0")}s`;
}

interface Move {
  op: Operation;
  label: string;
  /** "upgrade from 19.440-7 to 19.470-4" */
  change: string;
  running: string | undefined;
  wanted: string;
  urn: string | undefined;
}

/**
 * Reports a progress line without waiting for its delivery: the engine's Log call has no
 * deadline, and a stalled one must not stall the task's polling (nor outlast customTimeouts).
 * Lines still arrive in order; the flush at the end waits a little for them.
 */
const say = (
  move: Move,
  message: string,
  options: { ephemeral?: boolean; warning?: boolean } = {},
): void =>
  move.op.runtime.progress.report({
    urn: move.urn,
    message: `${move.label}: ${message}`,
    ephemeral: options.ephemeral ?? false,
    severity: options.warning ? "warning" : "info",
  });

/** afterWrite of InstalledCollector: moves the collector to `version` when it runs another. */
export async function applyVersion(op: Operation, found: Found): Promise<Found> {
  const { inputs, action, olds, runtime } = op;
  const id = String(found.entity.id);
  const wanted = inputs.version;
  if (typeof wanted !== "string") return found;
  const running =
    typeof found.entity.collectorVersion === "string" ? found.entity.collectorVersion : undefined;
  if (running === wanted) return found;
  const move: Move = {
    op,
    label: describe("InstalledCollector", found.entity.name, id),
    change: `${direction(running, wanted)} from ${running ?? "(unknown)"} to ${wanted}`,
    running,
    wanted,
    urn: urnOf(inputs),
  };
  const flush = () => runtime.progress.flush(runtime.defaults.progressFlushMs);
  if (action === "update" && olds && olds.version === wanted) {
    // The plan showed no version change: the collector moved outside Pulumi since the last
    // refresh. Doing a task nobody saw in the preview would be a surprise; record the truth.
    say(
      move,
      `runs ${running ?? "(unknown)"} although the program sets version ${wanted} (changed ` +
        "outside Pulumi since the last refresh); this update leaves it. The outputs now show " +
        "the running build, so the next `pulumi preview` / `pulumi up` shows the change to " +
        `${wanted} and applies it.`,
      { warning: true },
    );
    await flush();
    return found;
  }
  const timeout = customTimeout(inputs, action === "update" ? "update" : "create");
  try {
    return await runTask(move, id, found, timeout);
  } finally {
    await flush();
  }
}

async function runTask(
  move: Move,
  id: string,
  found: Found,
  timeout: OperationTimeout | undefined,
): Promise<Found> {
  const { client, api } = move.op;
  let taskId: string;
  try {
    taskId = (await client.upgrades.create({ collectorId: Number(id), toVersion: move.wanted })).id;
  } catch (error) {
    const { change, label, wanted } = move;
    const refused = resourceError(
      "upgradeRefused",
      { change, label, wanted, error, entity: found.entity },
      error,
    );
    throw new AfterWriteError(refused, found);
  }
  say(move, `${move.change}: task ${taskId} requested`);
  const task = await follow(move, taskId, timeout, found);
  // The task changed the collector (and its ETag): read it as it now is.
  let now: Found;
  try {
    now = await api.get(id);
  } catch (error) {
    if (task.status === UPGRADE_STATUS.succeeded) {
      const { label, change } = move;
      const failure = resourceError("upgradeUnreadable", { label, change, taskId, error }, error);
      throw new AfterWriteError(failure, found);
    }
    now = found;
  }
  if (task.status !== UPGRADE_STATUS.succeeded) {
    const failure = resourceError("upgradeFailed", {
      label: move.label,
      change: move.change,
      taskId,
      status: task.status,
      reason: task.message?.trim() || "the service gave no reason",
      running: String(now.entity.collectorVersion ?? move.running),
    });
    throw new AfterWriteError(failure, now);
  }
  if (now.entity.collectorVersion !== move.wanted) {
    say(
      move,
      `task ${taskId} succeeded, but the collector reports version ` +
        `${String(now.entity.collectorVersion)}; run \`pulumi refresh\` later to record what it runs.`,
      { warning: true },
    );
  }
  return now;
}

/** Follows the task until it ends, the program's timeout passes, or the process is stopped. */
async function follow(
  move: Move,
  taskId: string,
  timeout: OperationTimeout | undefined,
  found: Found,
): Promise<UpgradeTask> {
  const { runtime, client } = move.op;
  const { defaults } = runtime;
  const started = runtime.now();
  const serviceLimit = defaults.serviceTaskLimitMs + defaults.serviceLimitGraceMs;
  const limitMs = timeout ? Math.min(timeout.ms, serviceLimit) : serviceLimit;
  let status: number | undefined;
  let lastStatusLine = started;
  const stopped = (why: string, cause: unknown) => {
    const { label, change } = move;
    const it = statusText(status ?? UPGRADE_STATUS.notStarted);
    const facts = { label, change, taskId, why, status: it };
    return new AfterWriteError(resourceError("upgradeStopped", facts, cause), found);
  };
  const onPoll = (task: UpgradeTask) => {
    const at = runtime.now();
    const elapsed = at - started;
    if (task.status !== status) {
      status = task.status;
      lastStatusLine = at;
      const done = task.status === UPGRADE_STATUS.succeeded;
      say(
        move,
        `${move.change}: task ${taskId} ${statusText(task.status)} after ${formatDuration(elapsed)}` +
          (done ? `; the collector now runs ${move.wanted}` : ""),
      );
    } else if (at - lastStatusLine >= defaults.upgradeStatusEveryMs) {
      lastStatusLine = at;
      say(
        move,
        `${move.change}: task ${taskId} ${statusText(task.status)}, ${formatDuration(elapsed)} so far`,
        { ephemeral: true },
      );
    }
  };
  // All waiting resources share the rate limit: when many wait at once, their polls together
  // stay near upgradePollsPerSecond (a lone wait polls at its interval).
  const pollIntervalMs = () =>
    Math.max(
      defaults.upgradePollMs,
      ((runtime.waits.size - 1) * 1000) / defaults.upgradePollsPerSecond,
    );
  return interruptible(runtime, async (signal) => {
    try {
      return await client.upgrades.followTask(taskId, {
        pollIntervalMs,
        timeScale: runtime.timeScale,
        limitMs,
        onPoll,
        signal,
        now: runtime.now,
      });
    } catch (error) {
      if (signal.aborted) throw stopped(becauseOf(signal), error);
      if (error instanceof TaskWaitLimit) {
        const after = formatDuration(error.elapsedMs);
        if (timeout && timeout.ms < serviceLimit) {
          throw stopped(`after ${after}, the resource's ${timeout.text}`, error);
        }
        throw stopped(
          `${after} after it started, past the service's 30-minute limit for upgrade tasks (the ` +
            "service should have failed it by now)",
          error,
        );
      }
      const { label, change } = move;
      const failure = resourceError("upgradeLost", { label, change, taskId, error }, error);
      throw new AfterWriteError(failure, found);
    }
  });
}
