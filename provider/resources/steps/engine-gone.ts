// What a provider process does when the engine that started it is gone (engine-watch.ts): no
// answer can reach anyone any more, so it stops starting requests (`cancel`: paced and retried
// requests and waits end at once), gives the calls in progress a short grace to end, says why on
// stderr, and exits. A create or update left half-way is safe to abandon: the next deployment
// reads the object and takes it over.
import { GONE_AFTER_MS, type WatchOptions, watchEngine } from "./engine-watch";
import type { InFlight } from "./in-flight";

/** How long the calls in progress may still take once the engine is gone. */
export const GRACE_MS = 5_000;
/**
 * The longest a provider process outlives its engine, with the default options: the watch notices
 * within GONE_AFTER_MS, then the calls in progress get GRACE_MS (none in progress: no wait). What
 * the user guide promises (docs/guides/interrupted-runs.md), and what the tests hold.
 */
export const EXIT_WITHIN_MS = GONE_AFTER_MS + GRACE_MS;

export interface EngineGoneOptions extends WatchOptions {
  /** The process, first on the stderr line ("pulumi-resource-collectors"). */
  name: string;
  /** Stops what is in progress, saying why; no request starts after it. */
  cancel: (reason: string) => void;
  /** The provider calls in progress. */
  calls: InFlight;
  /** How long they may still take; default GRACE_MS. */
  graceMs?: number;
  /** Ends the process with its last line; default: the line to stderr, then exit code 1. */
  exit?: (line: string) => void;
}

/** Watches the engine at `address`; once it is gone, ends the process. Returns the watch's stop. */
export function exitWhenEngineGone(address: string, options: EngineGoneOptions): () => void {
  return watchEngine(address, () => void end(address, options), options);
}

/** Never rejects: whatever fails on the way, the process still ends with its line. */
async function end(address: string, options: EngineGoneOptions): Promise<void> {
  const { name, cancel, calls, graceMs = GRACE_MS, exit = exitProcess } = options;
  // The engine read our stdout and stderr: with it gone, a write (ours, or a progress line of a
  // call ending now) fails with EPIPE, which must not become an uncaught exception.
  for (const stream of [process.stdout, process.stderr]) stream.on("error", () => {});
  const reason = `the Pulumi engine (${address}) is gone`;
  // A cancel that throws leaves the calls to their grace; the process ends all the same.
  const cancelFailed = failureOf(() => cancel(reason));
  const running = calls.size;
  const ended = await calls.settled(graceMs);
  const outcome =
    running === 0
      ? "no call was in progress"
      : ended
        ? `${running} call(s) in progress stopped`
        : `${calls.size} call(s) still in progress after ${graceMs / 1000} s abandoned`;
  const failed = cancelFailed === undefined ? "" : `; cancelling failed: ${cancelFailed}`;
  exit(`${name}: exiting, ${reason} (nothing listens on its address); ${outcome}${failed}`);
}

/** The message of what `run` throws; undefined when it returns. */
function failureOf(run: () => void): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function exitProcess(line: string): void {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}
