// Starts upgrade tasks and follows them to the end. Every request goes through the client, whose
// process-wide limiter paces them (4 starts a second, 10 in flight by default); this file only
// decides what to send next and keeps it cheap:
//
// - a queue (p-queue) sends a few POSTs side by side, so the limiter always has one waiting;
// - each started task is followed by the client's followTask(), all of them sharing a second
//   queue of a few status GETs in flight, so polls and starts share the rate instead of a burst
//   of polls queueing in front of every start;
// - a task's first poll waits as long as the quickest successful task took so far (at least the
//   poll interval): once the service's pace is known, most tasks need one GET to see their end.
//   The floor is one POST and one GET per collector.
import {
  ApiError,
  type Collector,
  type CollectorsClient,
  TaskWaitLimit,
  UPGRADE_STATUS,
  UPGRADE_STATUS_NAMES,
  upgradeRefusal,
} from "../../provider/api";

export type Outcome =
  | { state: "succeeded"; taskId: string }
  | { state: "failed"; message: string; taskId?: string }
  | { state: "skipped"; reason: string }
  /** Interrupted while the task ran: it goes on on the service. */
  | { state: "in-flight"; taskId: string; status?: number }
  /** Interrupted before its task was started. */
  | { state: "not-started" }
  /** --dry-run: would have been started. */
  | { state: "would-upgrade" };

export interface UpgradeRow {
  collector: Collector;
  outcome: Outcome;
}

export interface UpgradeEvents {
  started?(collector: Collector, taskId: string): void;
  status?(collector: Collector, taskId: string, status: number): void;
  /** A task succeeded or failed, or the service refused to start it (skipped or failed). */
  finished?(row: UpgradeRow): void;
}

export interface RunOptions {
  toVersion: string;
  /** Shortest wait between two status polls of one task; default 10 s. */
  pollIntervalMs?: number;
  /** POSTs sent side by side; default 4. */
  startConcurrency?: number;
  /** Status GETs outstanding at once; default 4. */
  pollConcurrency?: number;
  /** Give up on a task with no result after this long; default 35 min (the service's limit is 30). */
  taskTimeoutMs?: number;
  /** Consecutive failed polls of one task before it is reported failed; default 5. */
  maxPollErrors?: number;
  /** Ctrl-C: start nothing more, stop polling, report what is running. */
  signal?: AbortSignal | undefined;
  events?: UpgradeEvents;
}

export const RUN_DEFAULTS = {
  pollIntervalMs: 10_000,
  startConcurrency: 4,
  pollConcurrency: 4,
  taskTimeoutMs: 35 * 60_000,
  maxPollErrors: 5,
  /** A learned first-poll delay never exceeds this. */
  maxFirstPollMs: 10 * 60_000,
} as const;

export function statusName(status: number | undefined): string {
  if (status === undefined) return "not checked yet";
  return UPGRADE_STATUS_NAMES[status] ?? `status ${status}`;
}

/** The service's words for a refusal, with its code. */
export function serviceText(error: unknown): string {
  if (error instanceof ApiError) {
    const code = error.code ? ` (${error.code})` : "";
    return `${error.serviceMessage ?? `HTTP ${error.status}`}${code}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** What a refused start means: skipped when the collector's state explains it, failed otherwise. */
export function startRefusal(error: unknown): Outcome {
  const refusal = upgradeRefusal(error);
  switch (refusal) {
    case "not-alive":
      return { state: "skipped", reason: `not alive: ${serviceText(error)}` };
    case "upgrading":
      return { state: "skipped", reason: `already being upgraded: ${serviceText(error)}` };
    case "not-installed":
      return { state: "skipped", reason: `not an Installed Collector: ${serviceText(error)}` };
    case "lost-answer":
      return {
        state: "failed",
        message: `${(error as Error).message}; the answer was lost, so the task may have started: check the collector's version before trying again`,
      };
  }
  if (error instanceof ApiError) {
    return { state: "failed", message: `the service refused the upgrade: ${serviceText(error)}` };
  }
  return { state: "failed", message: serviceText(error) };
}

interface Tracked {
  collector: Collector;
  taskId: string;
  startedAt: number;
  status: number | undefined;
}

/** Upgrades `collectors` to `options.toVersion`; resolves with one row per collector, in order. */
export async function runUpgrades(
  client: CollectorsClient,
  collectors: readonly Collector[],
  options: RunOptions,
): Promise<{ rows: UpgradeRow[]; interrupted: boolean }> {
  const o = { ...RUN_DEFAULTS, ...definedOnly(options) };
  const { signal, events = {} } = options;
  const outcomes = new Map<number, Outcome>();
  const active = new Set<Tracked>();
  const follows: Promise<void>[] = [];
  // p-queue is ESM-only; Node 22 loads it from CommonJS through import().
  const { default: PQueue } = await import("p-queue");
  const starts = new PQueue({ concurrency: o.startConcurrency });
  const polls = new PQueue({ concurrency: o.pollConcurrency });
  // Polls are reads: safe to abort on Ctrl-C. Starts are never aborted once sent (below).
  const pollsAbort = new AbortController();
  const stopped = () => signal?.aborted === true;
  const onAbort = () => pollsAbort.abort(signal?.reason);
  signal?.addEventListener("abort", onAbort, { once: true });

  let quickestSuccessMs: number | undefined;
  const firstPollDelay = () =>
    Math.min(Math.max(o.pollIntervalMs, quickestSuccessMs ?? 0), o.maxFirstPollMs);

  const finish = (collector: Collector, outcome: Outcome) => {
    outcomes.set(collector.id, outcome);
    events.finished?.({ collector, outcome });
  };

  const follow = async (t: Tracked) => {
    try {
      const task = await client.upgrades.followTask(t.taskId, {
        firstPollMs: firstPollDelay,
        pollIntervalMs: o.pollIntervalMs,
        limitMs: o.taskTimeoutMs,
        pollErrors: o.maxPollErrors - 1,
        gate: (read) => polls.add(read),
        signal: pollsAbort.signal,
        onPoll: (polled) => {
          if (polled.status !== t.status) {
            t.status = polled.status;
            events.status?.(t.collector, t.taskId, polled.status);
          }
        },
      });
      active.delete(t);
      if (task.status === UPGRADE_STATUS.succeeded) {
        const took = Date.now() - t.startedAt;
        quickestSuccessMs = Math.min(quickestSuccessMs ?? took, took);
        finish(t.collector, { state: "succeeded", taskId: t.taskId });
      } else {
        const message = task.message?.trim()
          ? task.message
          : "the service reported the upgrade as failed, without a message";
        finish(t.collector, { state: "failed", message, taskId: t.taskId });
      }
    } catch (error) {
      if (pollsAbort.signal.aborted) return; // reported as in flight
      active.delete(t);
      if (error instanceof TaskWaitLimit) {
        const minutes = Math.round(o.taskTimeoutMs / 60_000);
        finish(t.collector, {
          state: "failed",
          taskId: t.taskId,
          message: `no result after ${minutes} minutes (last status: ${statusName(t.status)}); the service should have failed it after 30`,
        });
        return;
      }
      finish(t.collector, {
        state: "failed",
        taskId: t.taskId,
        message: `could not read the task's status: ${serviceText(error)}`,
      });
    }
  };

  // The POST gets no signal: once sent, its answer (the task id) must be waited for, or a task
  // would run on the service unreported.
  const start = async (collector: Collector) => {
    if (stopped()) return; // after Ctrl-C: not started
    try {
      const created = await client.upgrades.create({
        collectorId: collector.id,
        toVersion: o.toVersion,
      });
      const tracked: Tracked = {
        collector,
        taskId: created.id,
        startedAt: Date.now(),
        status: undefined,
      };
      active.add(tracked);
      events.started?.(collector, created.id);
      follows.push(follow(tracked));
    } catch (error) {
      finish(collector, startRefusal(error));
    }
  };
  // After Ctrl-C: the POSTs already sent still answer; the follows end at once.
  await starts.addAll(collectors.map((collector) => () => start(collector)));
  await Promise.all(follows);
  signal?.removeEventListener("abort", onAbort);

  for (const t of active) {
    outcomes.set(t.collector.id, { state: "in-flight", taskId: t.taskId, status: t.status });
  }
  const rows = collectors.map((collector) => ({
    collector,
    outcome: outcomes.get(collector.id) ?? ({ state: "not-started" } as const),
  }));
  return { rows, interrupted: stopped() };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
