import { describe, expect, it } from "vitest";
import type { ApiFailure } from "../../../emulator/errors";
import {
  type CollectorDoc,
  isAlive,
  lastSeenAlive,
  renderCollector,
} from "../../../emulator/model/collector";
import { checkIfMatch, etagOf } from "../../../emulator/model/etag";
import { DEAD_AFTER_MS, HOUR } from "../../../emulator/model/time";
import { progressAt, type UpgradeDoc } from "../../../emulator/model/upgrade";

const installed: CollectorDoc = {
  id: 1,
  collectorType: "Installable",
  name: "i",
  ephemeral: false,
  cutoffTimestamp: 0,
  collectorVersion: "19.0-1",
  createdAt: 1_000,
  lastHeartbeat: 1_000,
  version: 1,
};

describe("liveness", () => {
  it("dies 30 minutes after the last heartbeat", () => {
    expect(isAlive(installed, 1_000 + DEAD_AFTER_MS - 1)).toBe(true);
    expect(isAlive(installed, 1_000 + DEAD_AFTER_MS)).toBe(false);
  });

  it("counts automatic heartbeats every 15 s of virtual time", () => {
    const auto = { ...installed, autoHeartbeat: true };
    expect(lastSeenAlive(auto, 1_000 + 31_000)).toBe(1_000 + 30_000);
    expect(isAlive(auto, 1_000 + 10 * HOUR)).toBe(true);
  });

  it("renders Hosted collectors alive, with targetCpu -1 and no unset fields", () => {
    const view = renderCollector(
      { ...installed, collectorType: "Hosted", collectorVersion: "", lastHeartbeat: undefined },
      0,
    );
    expect(view).toMatchObject({ alive: true, targetCpu: -1, collectorVersion: "" });
    expect(view).not.toHaveProperty("description");
    expect(view).not.toHaveProperty("sourceSyncMode");
    expect(view.links).toEqual([{ rel: "sources", href: "/v1/collectors/1/sources" }]);
  });
});

describe("ETags and If-Match", () => {
  const tag = etagOf("collector", 1, 1);
  const code = (header: string | undefined) => {
    try {
      checkIfMatch(header, tag);
      return "ok";
    } catch (error) {
      return (error as ApiFailure).status;
    }
  };

  it("are quoted 32-hex strings that change with the version", () => {
    expect(tag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(etagOf("collector", 1, 2)).not.toBe(tag);
  });

  it("answer 403 when missing, 400 when unquoted, 412 when stale", () => {
    expect(code(tag)).toBe("ok");
    expect(code(`"x", ${tag}`)).toBe("ok");
    expect(code("*")).toBe("ok");
    expect(code(undefined)).toBe(403);
    expect(code(tag.slice(1, -1))).toBe(400);
    expect(code(etagOf("collector", 1, 0))).toBe(412);
  });
});

describe("upgrade progress", () => {
  const task: UpgradeDoc = {
    id: 1,
    collectorId: 1,
    toVersion: "v",
    requestTime: 0,
    status: 0,
    message: "",
    outcome: "succeed",
  };

  it("goes 0 → 1 → 6 → 2 at 5, 10 and 20 seconds", () => {
    expect([0, 5_000, 10_000, 19_999, 20_000].map((t) => progressAt(task, t).status)).toEqual([
      0, 1, 6, 6, 2,
    ]);
  });

  it("fails with the configured message, or times out after 30 minutes when hanging", () => {
    expect(
      progressAt({ ...task, outcome: "fail", failureMessage: "disk full" }, 20_000),
    ).toMatchObject({
      status: 3,
      message: "disk full",
    });
    const hang = { ...task, outcome: "hang" as const };
    expect(progressAt(hang, 29 * 60_000).status).toBe(6);
    expect(progressAt(hang, 30 * 60_000)).toMatchObject({ status: 3 });
  });
});
