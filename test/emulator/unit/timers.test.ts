import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Clock } from "../../../emulator/clock";
import type { CollectorDoc } from "../../../emulator/model/collector";
import { HOUR } from "../../../emulator/model/time";
import type { UpgradeDoc } from "../../../emulator/model/upgrade";
import { Scheduler } from "../../../emulator/scheduler";
import { heartbeat, registerInstalled } from "../../../emulator/services/installed";
import { startTimers } from "../../../emulator/services/timers";
import { createUpgrade } from "../../../emulator/services/upgrades";
import { advanceClock, type State } from "../../../emulator/state";
import { MemoryStore } from "../../../emulator/store/memory";
import { SqliteStore } from "../../../emulator/store/sqlite";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function state(store = new MemoryStore() as State["store"], offset = 0): State {
  const s = { store, clock: new Clock(offset), scheduler: new Scheduler() };
  startTimers(s);
  return s;
}

const registration = {
  collectorVersion: "19.0-1",
  osName: "Linux",
  osVersion: "6",
  osArch: "amd64",
};

describe("timers", () => {
  it("delete an ephemeral collector 12 hours after its last heartbeat, not after registration", () => {
    const s = state();
    const doc = registerInstalled(s, "acme", { ...registration, name: "eph", ephemeral: true });
    advanceClock(s, 11 * HOUR);
    heartbeat(s, doc.id);
    advanceClock(s, 11 * HOUR);
    expect(s.store.get("collector", doc.id)).toBeDefined();
    advanceClock(s, 1 * HOUR + 1000);
    expect(s.store.get("collector", doc.id)).toBeUndefined();
  });

  it("finish an upgrade started before a restart, as of the time that has passed", () => {
    const dir = mkdtempSync(join(tmpdir(), "emu-timers-"));
    dirs.push(dir);
    const before = state(new SqliteStore(dir));
    const doc = registerInstalled(before, "acme", {
      ...registration,
      name: "up",
      ephemeral: false,
    });
    const task = createUpgrade(before, "acme", { collectorId: doc.id });
    before.store.close();

    const after = state(new SqliteStore(dir), 20_000);
    expect(after.store.get<UpgradeDoc>("upgrade", task.id)?.doc.status).toBe(2);
    expect(after.store.get<CollectorDoc>("collector", doc.id)?.doc.collectorVersion).toBe(
      task.toVersion,
    );
    after.store.close();
  });
});
