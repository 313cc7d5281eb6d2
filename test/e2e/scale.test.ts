// Scenarios 9 and 10 of the end-to-end list: many resources at once under the service's default
// limits (4 requests/s and 10 in flight per user), then the same under injected failures. One
// workspace, applied, destroyed and applied again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Json } from "../helpers/http";
import {
  changes,
  type InventoryCollector,
  type LoggedRequest,
  lastUpdate,
  outputOf,
  type PulumiWorkspace,
  previewJson,
  program,
  Service,
  workspaceFor,
} from "../helpers/pulumi";

const MINUTE = 60_000;

let service: Service;
let ws: PulumiWorkspace;

beforeAll(async () => {
  service = await Service.start(); // default limits
  ws = await workspaceFor(service, program("many"));
}, 30 * MINUTE); // a first run may build the Pulumi CLI

afterAll(async () => {
  ws?.dispose();
  await service?.close();
});

/** Requests counted by "METHOD status". */
function tally(requests: LoggedRequest[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of requests) {
    const key = `${r.method} ${r.status}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/**
 * The service holds exactly what the program declares: three collectors c0..c2 and `count`
 * sources s0..s{count-1}, s{i} on c{i % 3}, each exactly once (generated names: logical name
 * and a 7-character suffix).
 */
function expectExactly(inventory: InventoryCollector[], count: number): void {
  const logical = (name: string) => name.replace(/-[0-9a-f]{7}$/, "");
  expect(inventory.map((c) => logical(c.name))).toEqual(["c0", "c1", "c2"]);
  inventory.forEach((c, k) => {
    const expected = Array.from({ length: count }, (_, i) => i)
      .filter((i) => i % 3 === k)
      .map((i) => `s${i}`)
      .sort();
    expect(c.sources.map((s: Json) => logical(s.name)).sort(), c.name).toEqual(expected);
    for (const s of c.sources) expect(s).toMatchObject({ sourceType: "HTTP" });
  });
}

async function destroyAll(): Promise<void> {
  await ws.pulumi(["destroy", "--yes"]);
  expect(await service.inventory()).toEqual([]);
}

describe("many resources at once", () => {
  it(
    "9. 60 sources with --parallel 32 under the default limits (4/s, 10 in flight) succeed",
    async () => {
      const mark = await service.mark();
      const result = await ws.pulumi(["up", "--yes", "--parallel", "32"]);
      const requests = await service.since(mark);
      const counts = tally(requests);
      console.info(
        `scenario 9: pulumi up of 3 collectors + 60 sources took ${(result.durationMs / 1000).toFixed(1)} s ` +
          `wall time, ${requests.length} API requests: ${JSON.stringify(counts)}`,
      );
      expect(await lastUpdate(ws)).toMatchObject({
        result: "succeeded",
        resourceChanges: { create: 64 },
      });
      expect(outputOf(result)).not.toMatch(/error|failed/i);
      expectExactly(await service.inventory(), 60);
      // Every create went through once: the pacing kept the service from refusing any.
      expect(counts["POST 201"]).toBe(63);
      const preview = await previewJson(ws, ["--expect-no-changes"]);
      expect(changes(preview)).toEqual([]);
    },
    20 * MINUTE,
  );

  it(
    "9b. refresh of the unchanged 63 objects: a few lists, not a GET per resource",
    async () => {
      const mark = await service.mark();
      // With its preview: two read phases, each one source list per collector and one read of
      // the collectors (a list, batch.ts), or two in the first phase when its first collector
      // read arrives alone while the pacer is idle (one GET, then one list for the others): at
      // most 3 + 2 and 3 + 1 requests, 8 in the runs seen.
      await ws.pulumi(["refresh", "--yes"]);
      const requests = await service.since(mark);
      console.info(
        `scenario 9b: pulumi refresh read 63 resources with ${requests.length} requests`,
      );
      expect(requests.length).toBeLessThanOrEqual(9);
      expect(requests.every((r) => r.method === "GET" && r.status === 200)).toBe(true);
      expect(await lastUpdate(ws)).toMatchObject({ kind: "refresh", result: "succeeded" });
      expect((await lastUpdate(ws)).resourceChanges).not.toHaveProperty("delete");
      const preview = await previewJson(ws, ["--expect-no-changes"]);
      expect(changes(preview)).toEqual([]);
    },
    20 * MINUTE,
  );

  it(
    "11 (again). destroy of the 63 objects leaves the service empty",
    async () => {
      const mark = await service.mark();
      await destroyAll();
      expect(tally(await service.since(mark))).toMatchObject({ "DELETE 200": 63 });
    },
    20 * MINUTE,
  );

  it(
    "10. with 20% 503s and lost responses on creates, up converges to exactly the declared objects",
    async () => {
      await service.control("/reset", "POST");
      await ws.setConfig("count", "30");
      // Every fifth request fails with 503; some creates are committed and their answer lost.
      await service.addFault({ kind: "503", rate: 0.2 });
      await service.addFault({
        kind: "lost-response",
        method: "POST",
        path: "^/collectors(/[0-9]+/sources)?$",
        rate: 0.25,
        count: 6,
      });
      const mark = await service.mark();
      const result = await ws.pulumi(["up", "--yes", "--parallel", "32"], { check: false });
      const requests = await service.since(mark);
      console.info(
        `scenario 10: pulumi up of 3 collectors + 30 sources under faults took ` +
          `${(result.durationMs / 1000).toFixed(1)} s, ${requests.length} API requests: ` +
          JSON.stringify(tally(requests)),
      );
      expect(result.code, outputOf(result)).toBe(0);
      // The faults say how often they fired (the request log shows a lost answer as status 0).
      const fired = ((await service.control("/faults")).faults as Json[]).map(
        (f) => `${f.kind}: ${f.fired}`,
      );
      console.info(`scenario 10: faults fired: ${fired.join(", ")}`);
      expect(fired).toContainEqual(expect.stringMatching(/^lost-response: [1-6]$/));
      expect(fired).toContainEqual(expect.stringMatching(/^503: [1-9]\d*$/));
      await service.clearFaults();
      // No duplicates, nothing missing: a create whose answer was lost was recognised as done.
      expectExactly(await service.inventory(), 30);
      const preview = await previewJson(ws, ["--expect-no-changes"]);
      expect(changes(preview)).toEqual([]);
      await destroyAll();
    },
    20 * MINUTE,
  );
});
