import { fail } from "../errors";
import { isBuild, LATEST_BUILD } from "../model/builds";
import { type CollectorDoc, isAlive, isInstalled } from "../model/collector";
import { isComplete, type UpgradeDoc, UpgradeStatus } from "../model/upgrade";
import type { State } from "../state";
import { isAbsent, isObject, preview } from "../validation/values";
import { saveCollector } from "./collector-records";
import { type Page, page } from "./page";
import { TIMERS } from "./timers";

function upgrading(state: State, account: string, collectorId: number): boolean {
  return state.store
    .list<UpgradeDoc>("upgrade", account, collectorId)
    .some(({ doc }) => !isComplete(doc));
}

/** A valid target version: absent means the latest build. */
export function resolveVersion(value: unknown): string {
  if (isAbsent(value)) return LATEST_BUILD;
  if (typeof value !== "string" || !isBuild(value)) {
    fail(
      "upgradeVersionInvalid",
      `Version ${preview(value)} is not an available build: see GET /collectors/upgrades/targets.`,
    );
  }
  return value;
}

/** Alive Installed collectors, not already upgrading, whose version differs from the target. */
export function upgradableCollectors(
  state: State,
  account: string,
  toVersion: string,
  p: Page,
): CollectorDoc[] {
  const now = state.clock.now();
  const docs = state.store
    .list<CollectorDoc>("collector", account)
    .map((r) => r.doc)
    .filter(
      (doc) =>
        isInstalled(doc) &&
        isAlive(doc, now) &&
        doc.collectorVersion !== toVersion &&
        !upgrading(state, account, doc.id),
    );
  return page(docs, p);
}

/**
 * POST /collectors/upgrades. The checks run in the order of spec 7.5 (docs/reference/service/collector-management-api.md)'s table. (View users never
 * get here: like every write, the route answers them 403 first.)
 */
export function createUpgrade(state: State, account: string, body: unknown): UpgradeDoc {
  const { store, clock, scheduler } = state;
  const input = isObject(body) ? body : {};
  const id = input.collectorId;
  if (typeof id !== "number" || !Number.isSafeInteger(id)) {
    fail("upgradeCollectorInvalid", 'Collector ID missing or invalid: send {"collectorId": <id>}.');
  }
  const record = store.get<CollectorDoc>("collector", id);
  if (!record || record.account !== account) fail("upgradeCollectorInvalid");
  const collector = record.doc;
  if (!isInstalled(collector)) fail("upgradeCollectorType");
  const toVersion = resolveVersion(input.toVersion);
  if (toVersion === collector.collectorVersion) {
    fail("upgradeVersionInvalid", `The Collector already runs version ${toVersion}.`);
  }
  const now = clock.now();
  if (!isAlive(collector, now)) fail("upgradeNotAlive");
  if (upgrading(state, account, id)) fail("upgradeInProgress");
  const behaviour = collector.nextUpgrade ?? { next: "succeed" };
  return store.transaction(() => {
    const task: UpgradeDoc = {
      id: store.nextId("upgrade"),
      collectorId: id,
      toVersion,
      requestTime: now,
      status: UpgradeStatus.notStarted,
      message: "",
      outcome: behaviour.next,
      failureMessage: behaviour.message,
    };
    store.put<UpgradeDoc>({
      kind: "upgrade",
      id: task.id,
      account,
      parent: id,
      name: null,
      doc: task,
    });
    if (collector.nextUpgrade) {
      const { nextUpgrade: _consumed, ...rest } = collector;
      saveCollector(store, account, rest);
    }
    scheduler.at(now, TIMERS.upgradeStep, task.id);
    return task;
  });
}

export function getUpgrade(state: State, account: string, id: number): UpgradeDoc {
  const record = state.store.get<UpgradeDoc>("upgrade", id);
  if (!record || record.account !== account) fail("upgradeTaskNotFound");
  return record.doc;
}
