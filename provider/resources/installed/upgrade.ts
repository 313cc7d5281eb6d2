// An Installed Collector's `version`, applied after the object's fields are written: start an
// upgrade or downgrade task, follow it to its end with progress through the engine, and leave
// the collector as it then is. Failures say what happened and what to do; they are partial
// failures (the engine records the collector as it is, so the next `pulumi up` tries again).
import {
  type ApiError,
  type CollectorsClient,
  isApiError,
  UPGRADE_STATUS,
  UPGRADE_STATUS_NAMES,
  type UpgradeTask,
} from "../../api";
import { sleep } from "../../api/retry";
import { AfterWriteError } from "../core/afterWrite";
import type { AfterWrite, Found } from "../core/entityKind";
import { describe } from "../core/messages";
import { flushProgress, inProviderHost, report } from "./progress";
import { customTimeout, type OperationTimeout } from "./timeouts";
import { direction } from "./version";

/** The service fails a task that has not finished 30 minutes after its request (spec 3, 8). */
export const SERVICE_TASK_LIMIT_MS = 30 * 60_000;
/** How long past that limit we still wait for the service to say so. */
export const SERVICE_LIMIT_GRACE_MS = 2 * 60_000;
export const DEFAULT_POLL_INTERVAL_MS = 5_000;
/** Polls of all waiting resources together stay under this rate (the limit is 4 per second). */
const POLLS_PER_SECOND = 2;
/** Transient status lines (the display's info column) at most this often. */
const STATUS_EVERY_MS = 30_000;
export const POLL_INTERVAL_ENV = "COLLECTORS_UPGRADE_POLL_MS";

let pollIntervalOverride: number | undefined;

/** The pause between two status reads of a task (tests shorten it); undefined: the default. */
export function setUpgradePollInterval(ms: number | undefined): void {
  pollIntervalOverride = ms;
}

function pollInterval(): number {
  if (pollIntervalOverride !== undefined) return pollIntervalOverride;
  const fromEnv = Number(process.env[POLL_INTERVAL_ENV]);
  return Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : DEFAULT_POLL_INTERVAL_MS;
}

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

// Waits in progress, so an interrupt of the provider process can end them with a clear message.
const waits = new Set<AbortController>();
let signalsInstalled = false;

/** Why a wait stopped early. */
class Interrupted extends Error {}

/** Ends every wait in progress (the provider process is being stopped); they fail saying so. */
export function abortUpgradeWaits(reason: string): void {
  for (const controller of waits) controller.abort(new Interrupted(reason));
}

function onSignal(signal: NodeJS.Signals) {
  const code = signal === "SIGINT" ? 130 : 143;
  // What Node does without a handler: exit. With waits in progress, first let their answers go.
  if (waits.size === 0) process.exit(code);
  abortUpgradeWaits(`the Pulumi engine stopped the provider (${signal})`);
  setTimeout(() => process.exit(code), 1_000);
}

function installSignalHandlers() {
  // Only in the engine's provider process: a test runner or a program keeps its own handling.
  if (signalsInstalled || !inProviderHost()) return;
  signalsInstalled = true;
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
}

interface Move {
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
 * Lines still arrive in order; flushProgress() at the end waits a little for them.
 */
const say = (
  move: Move,
  message: string,
  options: { ephemeral?: boolean; warning?: boolean } = {},
): void =>
  void report({
    urn: move.urn,
    message: `${move.label}: ${message}`,
    ephemeral: options.ephemeral ?? false,
    severity: options.warning ? "warning" : "info",
  });

/** afterWrite of InstalledCollector: moves the collector to `version` when it runs another. */
export async function applyVersion(step: AfterWrite): Promise<Found> {
  const { client, api, id, inputs, found, action, olds } = step;
  const wanted = inputs.version;
  if (typeof wanted !== "string") return found;
  const running =
    typeof found.entity.collectorVersion === "string" ? found.entity.collectorVersion : undefined;
  if (running === wanted) return found;
  const move: Move = {
    label: describe("InstalledCollector", found.entity.name, id),
    change: `${direction(running, wanted)} from ${running ?? "(unknown)"} to ${wanted}`,
    running,
    wanted,
    urn: typeof inputs.__urn === "string" ? inputs.__urn : undefined,
  };
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
    await flushProgress();
    return found;
  }
  const timeout = customTimeout(inputs, action === "update" ? "update" : "create");
  try {
    return await runTask(client, api, id, found, move, timeout);
  } finally {
    await flushProgress();
  }
}

async function runTask(
  client: CollectorsClient,
  api: AfterWrite["api"],
  id: string,
  found: Found,
  move: Move,
  timeout: OperationTimeout | undefined,
): Promise<Found> {
  let taskId: string;
  try {
    taskId = (await client.upgrades.create({ collectorId: Number(id), toVersion: move.wanted })).id;
  } catch (error) {
    throw new AfterWriteError(refusalMessage(error, move, found.entity), found);
  }
  say(move, `${move.change}: task ${taskId} requested`);
  const task = await follow(client, taskId, move, timeout, found);
  // The task changed the collector (and its ETag): read it as it now is.
  let now: Found;
  try {
    now = await api.get(id);
  } catch (error) {
    if (task.status === UPGRADE_STATUS.succeeded) {
      throw new AfterWriteError(
        `${move.label}: the ${move.change} succeeded (task ${taskId}), but reading the collector ` +
          `afterwards failed: ${(error as Error).message}. Run \`pulumi refresh\` to record it.`,
        found,
      );
    }
    now = found;
  }
  if (task.status !== UPGRADE_STATUS.succeeded) {
    const message = task.message?.trim() || "the service gave no reason";
    throw new AfterWriteError(
      `${move.label}: the ${move.change} failed (task ${taskId}, status ${task.status}): ` +
        `${message}. The collector still runs ${String(now.entity.collectorVersion ?? move.running)}; ` +
        "its other settings are applied. Fix the cause on the collector's host and run " +
        "`pulumi up` to try again, or set `version` back to the running build.",
      now,
    );
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

/** Polls the task until it ends, the program's timeout passes, or the process is stopped. */
async function follow(
  client: CollectorsClient,
  taskId: string,
  move: Move,
  timeout: OperationTimeout | undefined,
  found: Found,
): Promise<UpgradeTask> {
  const controller = new AbortController();
  waits.add(controller);
  installSignalHandlers();
  const started = Date.now();
  const serviceDeadline = started + SERVICE_TASK_LIMIT_MS + SERVICE_LIMIT_GRACE_MS;
  const deadline = timeout ? Math.min(started + timeout.ms, serviceDeadline) : serviceDeadline;
  let status: number | undefined;
  let lastStatusLine = started;
  const stopped = (why: string) =>
    new AfterWriteError(
      `${move.label}: stopped waiting for the ${move.change} (task ${taskId}) ${why}; it was ` +
        `${statusText(status ?? UPGRADE_STATUS.notStarted)}. The task goes on on the service, ` +
        "which ends it within 30 minutes of its start: run `pulumi refresh` after that to " +
        "record the version the collector reached, then `pulumi up`.",
      found,
    );
  try {
    for (;;) {
      let task: UpgradeTask;
      try {
        task = await client.upgrades.get(taskId, { signal: controller.signal });
      } catch (error) {
        if (controller.signal.reason instanceof Interrupted) {
          throw stopped(`because ${controller.signal.reason.message}`);
        }
        throw new AfterWriteError(
          `${move.label}: lost track of the ${move.change} (task ${taskId}): ` +
            `${(error as Error).message}. The task may still finish on the service: run ` +
            "`pulumi refresh` in a few minutes to record the version the collector reached, " +
            "then `pulumi up`.",
          found,
        );
      }
      const elapsed = Date.now() - started;
      if (task.status !== status) {
        status = task.status;
        lastStatusLine = Date.now();
        const done = task.status === UPGRADE_STATUS.succeeded;
        say(
          move,
          `${move.change}: task ${taskId} ${statusText(task.status)} after ${formatDuration(elapsed)}` +
            (done ? `; the collector now runs ${move.wanted}` : ""),
        );
      } else if (Date.now() - lastStatusLine >= STATUS_EVERY_MS) {
        lastStatusLine = Date.now();
        say(
          move,
          `${move.change}: task ${taskId} ${statusText(task.status)}, ${formatDuration(elapsed)} so far`,
          { ephemeral: true },
        );
      }
      if (task.status === UPGRADE_STATUS.succeeded || task.status === UPGRADE_STATUS.failed) {
        return task;
      }
      const now = Date.now();
      if (now >= deadline) {
        if (timeout && deadline < serviceDeadline) {
          throw stopped(`after ${formatDuration(now - started)}, the resource's ${timeout.text}`);
        }
        throw stopped(
          `${formatDuration(now - started)} after it started, past the service's 30-minute limit ` +
            "for upgrade tasks (the service should have failed it by now)",
        );
      }
      // All waiting resources share the rate limit: when many wait at once, their polls together
      // stay near POLLS_PER_SECOND (a lone wait polls at its interval).
      const spacing = Math.max(pollInterval(), ((waits.size - 1) * 1000) / POLLS_PER_SECOND);
      try {
        await sleep(Math.min(spacing, deadline - now), controller.signal);
      } catch {
        const reason = controller.signal.reason;
        throw stopped(`because ${reason instanceof Error ? reason.message : String(reason)}`);
      }
    }
  } finally {
    waits.delete(controller);
  }
}

/** What to say when the service refuses to start the task. */
export function refusalMessage(
  error: unknown,
  move: Move,
  entity: Record<string, unknown>,
): string {
  const cannot = `Cannot start the ${move.change} of ${move.label}`;
  const service = (e: ApiError) =>
    e.serviceMessage ? ` (the service says: ${e.serviceMessage})` : "";
  if (isApiError(error, "collector-not-alive")) {
    const seen =
      typeof entity.lastSeenAlive === "number"
        ? `last seen alive ${new Date(entity.lastSeenAlive).toISOString()}`
        : "never seen alive";
    return (
      `${cannot}: the collector is not alive (${seen}; the service counts a collector as not ` +
      `alive after 30 minutes without a heartbeat)${service(error)}. Only a running collector ` +
      "can take an upgrade: start the collector on its host, or wait for its next heartbeat, " +
      "then run `pulumi up` again. Its other settings are applied."
    );
  }
  if (isApiError(error, "collector-upgrading")) {
    return (
      `${cannot}: an upgrade or downgrade of this collector is already running (from an ` +
      "earlier `pulumi up` that stopped waiting for it, from `collectors upgrade`, or from the " +
      `web UI)${service(error)}. Wait for it to end (the service ends every task within 30 ` +
      "minutes), run `pulumi refresh` to record the version it reached, then run `pulumi up` again."
    );
  }
  if (isApiError(error, "invalid-input")) {
    return (
      `${cannot}: the service refused version ${JSON.stringify(move.wanted)}${service(error)}. ` +
      "Use a build the service offers: getUpgradeTargets() lists them, and " +
      "`latest(await getUpgradeTargets())` is the newest."
    );
  }
  if (isApiError(error, "not-found")) {
    return `${cannot}: the service no longer knows the collector${service(error)}; run \`pulumi refresh\`.`;
  }
  return `${cannot}: ${error instanceof Error ? error.message : String(error)}`;
}
