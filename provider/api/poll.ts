// The one way this package waits for something to happen on the service: check, pause, check
// again, until a check says it happened, the deadline passes or the signal aborts. An upgrade
// task (UpgradesApi.followTask), a Universal source's delete and `collectors offline delete`
// wait through it.
import { sleep } from "./retry";

export interface PollOptions {
  /**
   * The pause after a check, given how many were made. Asked again when the pause ends: the
   * wait goes on while the next check is not due yet (a pause that grew meanwhile).
   */
  everyMs: number | ((checks: number) => number);
  /** The pause before the first check (a function: asked again, as everyMs is); default 0. */
  firstMs?: number | (() => number);
  /** Multiplies every pause, not the deadline: 0.01 runs a test's pauses in hundredths. */
  timeScale?: number;
  /**
   * The deadline, from the start: no pause runs past it, and the check made once it has passed
   * is the last. Default: none.
   */
  limitMs?: number;
  /** Ends a pause at once, and any check after: rejects with the signal's reason. */
  signal?: AbortSignal | undefined;
  /** Milliseconds now, for the deadline and elapsedMs (pauses are timers); default Date.now. */
  now?: () => number;
}

export interface PollEnd {
  /** A check said it happened; false: the deadline passed first. */
  done: boolean;
  /** From the start to the end of the last check. */
  elapsedMs: number;
}

/** Calls `check` until it resolves true or the deadline has passed. */
export async function poll(check: () => Promise<boolean>, options: PollOptions): Promise<PollEnd> {
  const { everyMs, firstMs = 0, timeScale = 1, limitMs, signal } = options;
  const now = options.now ?? Date.now;
  const started = now();
  const deadline = limitMs === undefined ? Number.POSITIVE_INFINITY : started + limitMs;
  /** Waits `pause()` ms (scaled), asked again once waited, but not past the deadline. */
  const wait = async (pause: () => number) => {
    let waited = 0;
    for (let want = pause() * timeScale; waited < want; want = pause() * timeScale) {
      const left = Math.min(want - waited, deadline - now());
      if (left <= 0) return;
      await sleep(left, signal);
      waited += left;
    }
  };
  await wait(() => (typeof firstMs === "function" ? firstMs() : firstMs));
  for (let checks = 1; ; checks++) {
    signal?.throwIfAborted();
    const done = await check();
    const at = now();
    if (done || at >= deadline) return { done, elapsedMs: at - started };
    await wait(() => (typeof everyMs === "function" ? everyMs(checks) : everyMs));
  }
}
