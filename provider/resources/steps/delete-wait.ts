// A Universal (Cloud-to-Cloud) source's delete, which ends later on the service: wait until the
// service no longer knows the source, with the one poll helper (api/poll.ts) and a signal that a
// stop of the provider process aborts (waits.ts).
import { type CollectorsClient, isGone } from "../../api";
import { type PollEnd, poll } from "../../api/poll";
import { resourceError } from "../kinds/errors";
import { isObject } from "../kinds/fields";
import type { Runtime } from "./runtime";
import { becauseOf, interruptible } from "./waits";

/**
 * Deleting a Universal (Cloud-to-Cloud) source is asynchronous: the DELETE is accepted, the
 * source shows state Stopping for a while, and its name stays taken until it is gone (spec 3,
 * docs/reference/service/collector-management-api.md; docs/internals/service-research/live-service-facts.md). A delete that
 * returned at once would make the create of a replacement with the same name fail, so the delete
 * of such a source reads it until the service no longer knows it, and fails after the runtime's
 * stoppingLimitMs, or at once when the provider process is stopped.
 */
export async function waitUntilGone(
  runtime: Runtime,
  client: CollectorsClient,
  collectorId: number,
  id: string,
): Promise<void> {
  const { stoppingPollMs, stoppingLimitMs } = runtime.defaults;
  let state: unknown;
  const goneYet = async (signal: AbortSignal) => {
    try {
      // A Universal source's state is an object: {"state": "Stopping"} (sheet 6.5).
      const shown = (await client.sources.get(collectorId, id, {}, { signal })).source.state;
      state = isObject(shown) ? shown.state : shown;
      return false;
    } catch (error) {
      if (isGone(error)) return true;
      throw error;
    }
  };
  await interruptible(runtime, async (signal) => {
    let end: PollEnd;
    try {
      end = await poll(() => goneYet(signal), {
        everyMs: stoppingPollMs,
        timeScale: runtime.timeScale,
        limitMs: stoppingLimitMs,
        signal,
        now: runtime.now,
      });
    } catch (error) {
      if (!signal.aborted) throw error;
      const why = becauseOf(signal);
      throw resourceError("stoppingInterrupted", { id, collectorId, state, why }, error);
    }
    if (!end.done) {
      const seconds = Math.round(end.elapsedMs / 1000);
      throw resourceError("stillStopping", { id, collectorId, state, seconds });
    }
  });
}
