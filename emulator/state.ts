import { Clock } from "./clock";
import { Scheduler } from "./scheduler";
import { openStore, StorageFailure, type Store } from "./store";

/** What the services work on: the entities, the virtual clock and the timers on it. */
export interface State {
  store: Store;
  clock: Clock;
  scheduler: Scheduler;
}

const CLOCK_OFFSET_KEY = "clock.offsetMs";

/** Opens the store and restores the clock offset a previous run left in it. */
export function openState(dataDir: string | undefined): State {
  const store = openStore(dataDir);
  const offset = Number(store.getMeta(CLOCK_OFFSET_KEY) ?? 0);
  return {
    store,
    clock: new Clock(Number.isFinite(offset) ? offset : 0),
    scheduler: new Scheduler((error) => error instanceof StorageFailure),
  };
}

/**
 * Advances the clock, keeps the offset across restarts, and fires what became due; returns the
 * new time and how many timers fired.
 */
export function advanceClock(state: State, ms: number): { now: number; fired: number } {
  // Stored first: a store that cannot write (disk full) must leave the clock where it was.
  if (Number.isFinite(ms) && ms >= 0)
    state.store.setMeta(CLOCK_OFFSET_KEY, String(state.clock.offset + ms));
  const now = state.clock.advance(ms);
  const fired = state.scheduler.runDue(now);
  return { now, fired };
}
