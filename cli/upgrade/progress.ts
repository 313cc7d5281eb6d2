// How `collectors upgrade` shows a run while it goes: on a terminal, one live progress bar
// (cli-progress) with the counts, failures printed above it as they happen; elsewhere (CI, a
// pipe, tests), plain lines: one per start and per end, and a summary line now and then.
import { MultiBar } from "cli-progress";
import type { Collector } from "../../provider/api";
import type { Output } from "../shared/output";
import { statusName, type UpgradeEvents, type UpgradeRow } from "./run";

export interface Progress extends UpgradeEvents {
  /** `total`: collectors whose task will be started. */
  begin(total: number): void;
  end(): void;
}

function who(collector: Collector): string {
  return `${collector.name} (id ${collector.id})`;
}

/** Counts kept by both displays. */
class Counts {
  total = 0;
  started = 0;
  succeeded = 0;
  failed = 0;
  skipped = 0;
  /** Last known status of each running task, by task id. */
  readonly running = new Map<string, number | undefined>();

  get done(): number {
    return this.succeeded + this.failed + this.skipped;
  }

  get waiting(): number {
    return Math.max(0, this.total - this.started - this.refused);
  }

  /** Refused at start (skipped or failed without a task). */
  refused = 0;

  finished(row: UpgradeRow): void {
    const { outcome } = row;
    if (outcome.state === "succeeded") this.succeeded++;
    else if (outcome.state === "failed") this.failed++;
    else if (outcome.state === "skipped") this.skipped++;
    const taskId = "taskId" in outcome ? outcome.taskId : undefined;
    if (taskId !== undefined) this.running.delete(taskId);
    else this.refused++;
  }

  /** "12 running (3 pending, 9 progressing)". */
  runningText(): string {
    const byStatus = new Map<string, number>();
    for (const status of this.running.values()) {
      const name = statusName(status);
      byStatus.set(name, (byStatus.get(name) ?? 0) + 1);
    }
    const detail = [...byStatus].map(([name, n]) => `${n} ${name}`).join(", ");
    return `${this.running.size} running${detail ? ` (${detail})` : ""}`;
  }

  summary(): string {
    return (
      `${this.done}/${this.total} done: ${this.succeeded} succeeded, ${this.failed} failed, ` +
      `${this.skipped} skipped; ${this.runningText()}; ${this.waiting} waiting to start`
    );
  }
}

function describeEnd(row: UpgradeRow): string {
  const { outcome, collector } = row;
  switch (outcome.state) {
    case "succeeded":
      return `succeeded ${who(collector)}: task ${outcome.taskId}`;
    case "failed":
      return `failed    ${who(collector)}: ${outcome.message}`;
    case "skipped":
      return `skipped   ${who(collector)}: ${outcome.reason}`;
    default:
      return `${outcome.state} ${who(collector)}`;
  }
}

/** Plain lines through output.err(); a summary every `summaryEveryMs` (default 15 s). */
export function plainProgress(output: Output, summaryEveryMs = 15_000): Progress {
  const counts = new Counts();
  let timer: NodeJS.Timeout | undefined;
  return {
    begin(total) {
      counts.total = total;
      timer = setInterval(() => output.err(`progress: ${counts.summary()}`), summaryEveryMs);
      timer.unref();
    },
    started(collector, taskId) {
      counts.started++;
      counts.running.set(taskId, undefined);
      output.err(`started   ${who(collector)}: task ${taskId}`);
    },
    status(_collector, taskId, status) {
      if (counts.running.has(taskId)) counts.running.set(taskId, status);
    },
    finished(row) {
      counts.finished(row);
      output.err(describeEnd(row));
    },
    end() {
      if (timer) clearInterval(timer);
    },
  };
}

/** The live bar on a terminal stream. */
export function liveProgress(stream: NodeJS.WriteStream): Progress {
  const counts = new Counts();
  const bars = new MultiBar({
    stream,
    // Most important first: a terminal narrower than the line cuts the tail.
    format:
      " {bar} {value}/{total} {duration_formatted} | {succeeded} ok, {failed} failed, {skipped} skipped | {waiting} queued, {running}",
    barCompleteChar: "\u2588",
    barIncompleteChar: "\u2591",
    hideCursor: true,
    clearOnComplete: false,
    stopOnComplete: false,
    barsize: 20,
    fps: 8,
  });
  let bar: ReturnType<MultiBar["create"]> | undefined;
  const payload = () => ({
    succeeded: counts.succeeded,
    failed: counts.failed,
    skipped: counts.skipped,
    running: counts.runningText(),
    waiting: counts.waiting,
  });
  const refresh = () => bar?.update(counts.done, payload());
  return {
    begin(total) {
      counts.total = total;
      bar = bars.create(total, 0, payload());
    },
    started(_collector, taskId) {
      counts.started++;
      counts.running.set(taskId, undefined);
      refresh();
    },
    status(_collector, taskId, status) {
      if (counts.running.has(taskId)) counts.running.set(taskId, status);
      refresh();
    },
    finished(row) {
      counts.finished(row);
      if (row.outcome.state !== "succeeded") bars.log(`${describeEnd(row)}\n`);
      refresh();
    },
    end() {
      refresh();
      bars.stop();
    },
  };
}

/** The live bar when the output has a terminal, plain lines otherwise. */
export function progressFor(output: Output): Progress {
  return output.liveStream ? liveProgress(output.liveStream) : plainProgress(output);
}
