// Deleting a Universal (Cloud-to-Cloud) source is asynchronous: the DELETE is accepted, the
// source shows state Stopping for a while, and its name stays taken until it is gone (spec 3,
// live facts). A delete that returned at once would make the create of a replacement with the
// same name fail, so the delete of such a source waits until the service no longer knows it.
import { type CollectorsClient, isGone } from "../../api";
import { sleep } from "../../api/retry";

/** The source types whose delete ends later, on the service. */
export const ASYNC_DELETE_TYPES: ReadonlySet<string> = new Set(["Universal"]);

export interface StoppingWait {
  /** Pause between two reads of the source. */
  pollMs: number;
  /** Give up (and fail the delete) after this long. */
  limitMs: number;
}

export const DEFAULT_STOPPING_WAIT: StoppingWait = { pollMs: 1_000, limitMs: 120_000 };
let wait: StoppingWait = DEFAULT_STOPPING_WAIT;

/** Changes the pauses of the wait (tests); undefined restores the defaults. */
export function setStoppingWait(options: Partial<StoppingWait> | undefined): void {
  wait = { ...DEFAULT_STOPPING_WAIT, ...options };
}

/** Reads the source until the service says it is gone; fails after the wait's limit. */
export async function waitUntilGone(
  client: CollectorsClient,
  collectorId: number,
  id: string,
): Promise<void> {
  const started = Date.now();
  let state: unknown;
  for (;;) {
    try {
      state = (await client.sources.get(collectorId, id)).source.state;
    } catch (error) {
      if (isGone(error)) return;
      throw error;
    }
    const elapsed = Date.now() - started;
    if (elapsed >= wait.limitMs) {
      const shown = typeof state === "string" ? ` (state ${state})` : "";
      throw new Error(
        `Deleted source ${id} of collector ${collectorId}, but the service still shows it${shown} ` +
          `${Math.round(elapsed / 1000)} s later. Deleting a Universal (Cloud-to-Cloud) source ` +
          "is asynchronous and its name stays taken until it is gone. Wait a few minutes, then " +
          "run the same `pulumi up` or `pulumi destroy` again: it deletes the source again and " +
          "waits for it to go.",
      );
    }
    await sleep(Math.min(wait.pollMs, wait.limitMs - elapsed));
  }
}
