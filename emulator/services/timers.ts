import { type CollectorDoc, ephemeralExpiry } from "../model/collector";
import { type OtCollectorDoc, otEphemeralExpiry } from "../model/ot-collector";
import type { SourceDoc } from "../model/source";
import { UNIVERSAL_STOPPING_MS } from "../model/time";
import { isComplete, progressAt, type UpgradeDoc, UpgradeStatus } from "../model/upgrade";
import type { State } from "../state";
import { removeCollector, saveCollector } from "./collector-records";

/** Names of the timers on the virtual clock; each handler re-checks its condition. */
export const TIMERS = {
  ephemeralExpiry: "collector.ephemeral-expiry",
  offlineDelete: "collector.offline-delete",
  sourceStopped: "source.stopped",
  upgradeStep: "upgrade.step",
  otEphemeralExpiry: "otCollector.ephemeral-expiry",
} as const;

export function scheduleEphemeralExpiry(state: State, doc: CollectorDoc): void {
  const due = ephemeralExpiry(doc, state.clock.now());
  if (due !== undefined) state.scheduler.at(due, TIMERS.ephemeralExpiry, doc.id);
}

/**
 * An ephemeral Installed collector goes after 12 hours without a heartbeat (docs/reference/service/collector-management-api.md §3). One that
 * heartbeats (by hand or automatically) is due again 12 hours after its last heartbeat as of
 * `now`, so a jump of years costs one firing, not one per 12 hours.
 */
function onEphemeralExpiry(state: State, id: number, at: number, now: number): void {
  const record = state.store.get<CollectorDoc>("collector", id);
  if (!record) return;
  const due = ephemeralExpiry(record.doc, at);
  if (due === undefined) return; // no longer ephemeral
  if (due <= at) {
    removeCollector(state.store, record);
    return;
  }
  // A heartbeat came meanwhile: the next due time is the one after the latest heartbeat by now.
  const next = ephemeralExpiry(record.doc, Math.max(at, now)) ?? due;
  state.scheduler.at(next, TIMERS.ephemeralExpiry, id);
}

export function scheduleOtEphemeralExpiry(state: State, doc: OtCollectorDoc): void {
  const due = otEphemeralExpiry(doc, state.clock.now());
  if (due !== undefined) state.scheduler.at(due, TIMERS.otEphemeralExpiry, doc.id);
}

/** An ephemeral OT collector goes as an ephemeral Installed one does: 12 h after its last beat. */
function onOtEphemeralExpiry(state: State, id: number, at: number, now: number): void {
  const record = state.store.get<OtCollectorDoc>("otCollector", id);
  if (!record) return;
  const due = otEphemeralExpiry(record.doc, at);
  if (due === undefined) return;
  if (due <= at) {
    state.store.delete("otCollector", id);
    return;
  }
  const next = otEphemeralExpiry(record.doc, Math.max(at, now)) ?? due;
  state.scheduler.at(next, TIMERS.otEphemeralExpiry, id);
}

function onOfflineDelete(state: State, id: number, at: number): void {
  const record = state.store.get<CollectorDoc>("collector", id);
  const due = record?.doc.pendingDeleteAt;
  if (record && due !== undefined && due <= at) removeCollector(state.store, record);
}

/** A deleted Universal source stays Stopping for a while, then is gone (docs/reference/service/collector-management-api.md §3). */
function onSourceStopped(state: State, id: number): void {
  const record = state.store.get<SourceDoc>("source", id);
  if (record?.doc.stoppingSince !== undefined) state.store.delete("source", id);
}

/** Moves an upgrade task along 0 → 1 → 6 → 2 (or 3), and applies the version on success. */
function onUpgradeStep(state: State, id: number, at: number): void {
  const { store, scheduler } = state;
  const record = store.get<UpgradeDoc>("upgrade", id);
  if (!record || isComplete(record.doc)) return;
  const task = record.doc;
  const progress = progressAt(task, at - task.requestTime);
  const collector = store.get<CollectorDoc>("collector", task.collectorId);
  let { status, message } = progress;
  if (!collector && status !== UpgradeStatus.notStarted) {
    status = UpgradeStatus.failed;
    message = "The Collector was deleted before the upgrade completed.";
  }
  store.transaction(() => {
    store.put<UpgradeDoc>({ ...record, doc: { ...task, status, message } });
    if (status === UpgradeStatus.succeeded && collector) {
      const doc = collector.doc;
      saveCollector(store, collector.account, {
        ...doc,
        collectorVersion: task.toVersion,
        version: doc.version + 1,
      });
    }
  });
  if (status !== UpgradeStatus.failed && progress.next !== undefined) {
    scheduler.at(progress.next, TIMERS.upgradeStep, id);
  }
}

/** Registers the handlers and re-creates the timers of what the store holds (after a restart). */
export function startTimers(state: State): void {
  const { scheduler } = state;
  scheduler.on(TIMERS.ephemeralExpiry, (id, at, now) => onEphemeralExpiry(state, id, at, now));
  scheduler.on(TIMERS.offlineDelete, (id, at) => onOfflineDelete(state, id, at));
  scheduler.on(TIMERS.sourceStopped, (id) => onSourceStopped(state, id));
  scheduler.on(TIMERS.upgradeStep, (id, at) => onUpgradeStep(state, id, at));
  scheduler.on(TIMERS.otEphemeralExpiry, (id, at, now) => onOtEphemeralExpiry(state, id, at, now));
  rescheduleAll(state);
  scheduler.runDue(state.clock.now());
}

export function rescheduleAll(state: State): void {
  const { scheduler, store } = state;
  const now = state.clock.now();
  for (const { doc } of store.all<CollectorDoc>("collector")) {
    if (doc.pendingDeleteAt !== undefined)
      scheduler.at(doc.pendingDeleteAt, TIMERS.offlineDelete, doc.id);
    scheduleEphemeralExpiry(state, doc);
  }
  for (const { doc } of store.all<SourceDoc>("source")) {
    if (doc.stoppingSince !== undefined) {
      scheduler.at(doc.stoppingSince + UNIVERSAL_STOPPING_MS, TIMERS.sourceStopped, doc.id);
    }
  }
  for (const { doc } of store.all<OtCollectorDoc>("otCollector"))
    scheduleOtEphemeralExpiry(state, doc);
  for (const { doc } of store.all<UpgradeDoc>("upgrade")) {
    if (!isComplete(doc)) scheduler.at(now, TIMERS.upgradeStep, doc.id);
  }
}
