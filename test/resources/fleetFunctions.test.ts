// The fleet look-ups against the local service, with credentials from COLLECTORS_*: the builds
// on offer and `latest`, the collectors an upgrade would touch, the ones silent for days.
import type * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { latest, lookups } from "../../provider";
import { type Service, startService, stubCredentialsEnv } from "./emulator.helpers";
import { control } from "./installed.helpers";
import { TEST_RUNTIME } from "./unit.helpers";

// The package's functions, with the tests' client options (no pacing).
const {
  getOfflineCollectors,
  getOfflineCollectorsOutput,
  getUpgradableCollectors,
  getUpgradableCollectorsOutput,
  getUpgradeTargets,
  getUpgradeTargetsOutput,
} = lookups(TEST_RUNTIME);

let service: Service;
const value = <T>(output: pulumi.Output<T>) => new Promise<T>((resolve) => output.apply(resolve));
const names = (list: { name: string }[]) => list.map((c) => c.name).sort();

beforeAll(async () => {
  service = await startService();
  stubCredentialsEnv(service);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await service?.close();
});

describe("fleet functions", () => {
  it("getUpgradeTargets lists the builds, and latest() picks the newest", async () => {
    const targets = await getUpgradeTargets();
    expect(targets.map((t) => t.version)).toEqual([
      "19.403-1",
      "19.418-12",
      "19.440-7",
      "19.455-3",
      "19.470-4",
    ]);
    expect(latest(targets)).toBe("19.470-4");
    expect(latest(await value(getUpgradeTargetsOutput()))).toBe("19.470-4");
  });

  it("getUpgradableCollectors: alive Installed Collectors not on the build and not upgrading", async () => {
    await service.reset();
    await service.api("POST", "/collectors", {
      collector: { collectorType: "Hosted", name: "hosted" },
    });
    await service.registerInstalled({
      name: "old 1",
      collectorVersion: "19.440-7",
      autoHeartbeat: true,
    });
    await service.registerInstalled({
      name: "old.2",
      collectorVersion: "19.440-7",
      autoHeartbeat: true,
    });
    await service.registerInstalled({
      name: "new",
      collectorVersion: "19.470-4",
      autoHeartbeat: true,
    });
    const busy = await service.registerInstalled({
      name: "busy",
      collectorVersion: "19.440-7",
      autoHeartbeat: true,
    });
    await service.api("POST", "/collectors/upgrades", {
      collectorId: busy.id,
      toVersion: "19.470-4",
    });
    expect(names(await getUpgradableCollectors())).toEqual(["old 1", "old.2"]);
    expect(names(await getUpgradableCollectors({ toVersion: "19.440-7" }))).toEqual(["new"]);
    expect(names(await value(getUpgradableCollectorsOutput({ toVersion: "19.470-4" })))).toEqual([
      "old 1",
      "old.2",
    ]);
    // All pages: the service pages this list by 50.
    for (let i = 0; i < 55; i++) {
      await service.registerInstalled({
        name: `bulk-${i}`,
        collectorVersion: "19.403-1",
        autoHeartbeat: true,
      });
    }
    expect(await getUpgradableCollectors()).toHaveLength(57);
  });

  it("getOfflineCollectors: Installed Collectors silent for more than aliveBeforeDays", async () => {
    await service.reset();
    const ctl = control(service);
    const silent = await service.registerInstalled({
      name: "silent",
      collectorVersion: "19.440-7",
    });
    const beating = await service.registerInstalled({
      name: "beating",
      collectorVersion: "19.440-7",
    });
    await ctl.advance(3 * 24 * 3_600_000);
    await ctl.heartbeat(beating.id);
    expect(names(await getOfflineCollectors({ aliveBeforeDays: 2 }))).toEqual(["silent"]);
    expect(await getOfflineCollectors({ aliveBeforeDays: 4 })).toEqual([]);
    expect(await getOfflineCollectors()).toEqual([]); // default: 100 days
    expect(
      (await value(getOfflineCollectorsOutput({ aliveBeforeDays: 1 }))).map((c) => c.id),
    ).toEqual([silent.id]);
    await expect(getOfflineCollectors({ aliveBeforeDays: 0 })).rejects.toThrow("aliveBeforeDays");
  });
});
