import { fail } from "../errors";
import {
  type CollectorDoc,
  collectorEtag,
  isAlive,
  isInstalled,
  lastSeenAlive,
} from "../model/collector";
import { checkIfMatch } from "../model/etag";
import { DAY, OFFLINE_DELETE_AFTER_MS } from "../model/time";
import type { State } from "../state";
import { parseCollectorCreate, parseCollectorUpdate } from "../validation/collector-body";
import {
  ensureUniqueName,
  removeCollector,
  requireCollector,
  saveCollector,
} from "./collector-records";
import { type Page, page } from "./page";
import { scheduleEphemeralExpiry, TIMERS } from "./timers";

export type CollectorFilter = "all" | "installed" | "hosted" | "dead" | "alive";

const FILTERS: Record<CollectorFilter, (doc: CollectorDoc, now: number) => boolean> = {
  all: () => true,
  installed: (doc) => isInstalled(doc),
  hosted: (doc) => !isInstalled(doc),
  dead: (doc, now) => !isAlive(doc, now),
  alive: (doc, now) => isAlive(doc, now),
};

export function listCollectors(
  state: State,
  account: string,
  filter: CollectorFilter,
  p: Page,
): CollectorDoc[] {
  const now = state.clock.now();
  const docs = state.store.list<CollectorDoc>("collector", account).map((r) => r.doc);
  return page(
    docs.filter((doc) => FILTERS[filter](doc, now)),
    p,
  );
}

export function getCollector(state: State, account: string, id: number): CollectorDoc {
  return requireCollector(state, account, id).doc;
}

export function findCollectorByName(state: State, account: string, name: string): CollectorDoc {
  const record = state.store.findByName<CollectorDoc>("collector", account, null, name);
  if (!record)
    fail("invalidCollector", `The Collector name is invalid: no collector named "${name}".`);
  return record.doc;
}

export function createHostedCollector(state: State, account: string, body: unknown): CollectorDoc {
  const input = parseCollectorCreate(body);
  const { store } = state;
  return store.transaction(() => {
    ensureUniqueName(store, "collector", account, null, input.name);
    const doc: CollectorDoc = {
      ...input,
      id: store.nextId("collector"),
      collectorType: "Hosted",
      collectorVersion: "",
      createdAt: state.clock.now(),
      version: 1,
    };
    saveCollector(store, account, doc);
    return doc;
  });
}

export function updateCollector(
  state: State,
  account: string,
  id: number,
  ifMatch: string | string[] | undefined,
  body: unknown,
): CollectorDoc {
  const { store } = state;
  const current = requireCollector(state, account, id).doc;
  checkIfMatch(ifMatch, collectorEtag(current));
  const changes = parseCollectorUpdate(body, current);
  return store.transaction(() => {
    ensureUniqueName(store, "collector", account, null, changes.name, id);
    const doc: CollectorDoc = { ...current, ...changes, version: current.version + 1 };
    saveCollector(store, account, doc);
    scheduleEphemeralExpiry(state, doc);
    return doc;
  });
}

export function deleteCollector(state: State, account: string, id: number): void {
  removeCollector(state.store, requireCollector(state, account, id));
}

/** Installed collectors last seen alive before `days` days ago. */
function offline(state: State, account: string, days: number): CollectorDoc[] {
  const now = state.clock.now();
  const before = now - days * DAY;
  return state.store
    .list<CollectorDoc>("collector", account)
    .map((r) => r.doc)
    .filter((doc) => {
      const seen = lastSeenAlive(doc, now);
      return isInstalled(doc) && seen !== undefined && seen < before;
    });
}

export function listOfflineCollectors(
  state: State,
  account: string,
  days: number,
  p: Page,
): CollectorDoc[] {
  return page(offline(state, account, days), p);
}

/**
 * Starts the asynchronous delete of offline collectors: they are marked now and disappear
 * shortly after (within a second), as the spec's "delete task" does.
 */
export function deleteOfflineCollectors(state: State, account: string, days: number): number {
  const { store, clock, scheduler } = state;
  const due = clock.now() + OFFLINE_DELETE_AFTER_MS;
  const matched = offline(state, account, days);
  store.transaction(() => {
    for (const doc of matched) {
      if (doc.pendingDeleteAt === undefined)
        saveCollector(store, account, { ...doc, pendingDeleteAt: due });
    }
  });
  for (const doc of matched) scheduler.at(doc.pendingDeleteAt ?? due, TIMERS.offlineDelete, doc.id);
  return matched.length;
}
