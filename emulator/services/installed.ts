import { fail } from "../errors";
import type { CollectorDoc, UpgradeOutcome } from "../model/collector";
import type { State } from "../state";
import * as common from "../validation/common";
import { bool, isAbsent, isObject, type Json, oneOf, readFields, str } from "../validation/values";
import { ensureUniqueName, saveCollector } from "./collector-records";
import { scheduleEphemeralExpiry } from "./timers";

const REGISTRATION_FIELDS = {
  name: common.name,
  collectorVersion: str,
  osName: str,
  osVersion: str,
  osArch: str,
  ephemeral: bool,
  sourceSyncMode: oneOf("UI", "Json"),
  timeZone: common.timeZone,
  hostName: common.hostName,
  autoHeartbeat: bool,
};

/**
 * What an Installed Collector does when it first connects: it appears in the account, alive,
 * with one heartbeat; it stays silent afterwards unless autoHeartbeat is set.
 */
export function registerInstalled(state: State, account: string, body: unknown): CollectorDoc {
  const input = (isObject(body) ? body : {}) as Json;
  const read = readFields(input, REGISTRATION_FIELDS, [
    "name",
    "collectorVersion",
    "osName",
    "osVersion",
    "osArch",
    "ephemeral",
  ]);
  const { store, clock } = state;
  const now = clock.now();
  const doc = store.transaction(() => {
    ensureUniqueName(store, "collector", account, null, read.name as string);
    const doc: CollectorDoc = {
      id: store.nextId("collector"),
      collectorType: "Installable",
      name: read.name as string,
      hostName: read.hostName as string | undefined,
      timeZone: read.timeZone as string | undefined,
      ephemeral: read.ephemeral as boolean,
      cutoffTimestamp: 0,
      sourceSyncMode: (read.sourceSyncMode as "UI" | "Json" | undefined) ?? "UI",
      collectorVersion: read.collectorVersion as string,
      osName: read.osName as string,
      osVersion: read.osVersion as string,
      osArch: read.osArch as string,
      createdAt: now,
      lastHeartbeat: now,
      autoHeartbeat: (read.autoHeartbeat as boolean | undefined) ?? false,
      version: 1,
    };
    saveCollector(store, account, doc);
    return doc;
  });
  scheduleEphemeralExpiry(state, doc);
  return doc;
}

function requireInstalled(state: State, id: number) {
  const record = state.store.get<CollectorDoc>("collector", id);
  if (!record) fail("invalidCollector", `No collector ${id}.`);
  if (record.doc.collectorType !== "Installable") {
    fail(
      "invalidCollectorType",
      `Collector ${id} is Hosted: only Installed Collectors heartbeat or upgrade.`,
    );
  }
  return record;
}

/** A heartbeat: the collector is alive and its 12-hour ephemeral countdown restarts. */
export function heartbeat(state: State, id: number): { account: string; doc: CollectorDoc } {
  const record = requireInstalled(state, id);
  const doc = { ...record.doc, lastHeartbeat: state.clock.now() };
  saveCollector(state.store, record.account, doc);
  return { account: record.account, doc };
}

/** Sets what the collector's next upgrade task does. */
export function setUpgradeBehaviour(state: State, id: number, body: unknown): CollectorDoc {
  const record = requireInstalled(state, id);
  const input = (isObject(body) ? body : {}) as Json;
  const read = readFields(input, { next: oneOf("succeed", "fail", "hang"), message: str }, [
    "next",
  ]);
  const nextUpgrade: CollectorDoc["nextUpgrade"] = { next: read.next as UpgradeOutcome };
  if (!isAbsent(read.message)) nextUpgrade.message = read.message as string;
  const doc = { ...record.doc, nextUpgrade };
  saveCollector(state.store, record.account, doc);
  return doc;
}
