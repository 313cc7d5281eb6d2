// Conformance: spec 2.3, 2.4, 4.3 and 7.5 (docs/reference/service/collector-management-api.md) (upgrades), and issue 3's decisions: 202 on create,
// 415 without a JSON Content-Type, 404 for an unknown task, 0 → 1 → 6 → 2 with virtual time and
// the collectorVersion change, fail / hang behaviours and the 30-minute timeout.
import { describe, expect, it } from "vitest";
import { expectError, expectOk } from "../helpers/envelope";
import { BACKENDS, createHosted, ids, useEmulator } from "./harness";

const MIN = 60_000;

describe.each(BACKENDS)("upgrades ($name store)", (backend) => {
  const ctx = useEmulator(backend);

  async function targets(): Promise<{ version: string; latest: boolean }[]> {
    return expectOk(await ctx.api.get("/collectors/upgrades/targets")).targets;
  }
  async function versions() {
    const t = await targets();
    const latest = t.find((x) => x.latest)?.version as string;
    const older = t.find((x) => !x.latest)?.version as string;
    return { latest, older };
  }
  async function task(id: string) {
    return expectOk(await ctx.api.get(`/collectors/upgrades/${id}`)).upgrade;
  }
  async function startTask(collectorId: number, toVersion?: string): Promise<string> {
    const body = toVersion === undefined ? { collectorId } : { collectorId, toVersion };
    const res = await ctx.api.post("/collectors/upgrades", body);
    return expectOk(res, 202).id;
  }

  describe("build targets (GET /collectors/upgrades/targets)", () => {
    it("lists several versions with exactly one latest", async () => {
      const t = await targets();
      expect(t.length).toBeGreaterThanOrEqual(2);
      expect(t.filter((x) => x.latest)).toHaveLength(1);
      for (const x of t) {
        expect(typeof x.version).toBe("string");
        expect(typeof x.latest).toBe("boolean");
      }
      expect(new Set(t.map((x) => x.version)).size).toBe(t.length);
    });

    it("answers 415 without a JSON Content-Type", async () => {
      expectError(
        await ctx.api.get("/collectors/upgrades/targets", { contentType: null }),
        415,
        "contenttype.invalid",
      );
      expectError(
        await ctx.api.get("/collectors/upgrades/targets", { contentType: "text/plain" }),
        415,
      );
      expectOk(
        await ctx.api.get("/collectors/upgrades/targets", {
          contentType: "application/json; charset=utf-8",
        }),
      );
    });
  });

  describe("upgradable collectors (GET /collectors/upgrades/collectors)", () => {
    it("lists Installed Collectors not at the target version, never Hosted ones", async () => {
      const { latest, older } = await versions();
      const old = await ctx.control.register({ name: "old", collectorVersion: older });
      const current = await ctx.control.register({ name: "current", collectorVersion: latest });
      const h = await createHosted(ctx.api, "hosted");
      const list = ids(expectOk(await ctx.api.get("/collectors/upgrades/collectors")).collectors);
      expect(list).toContain(old.id);
      expect(list).not.toContain(current.id);
      expect(list).not.toContain(h.id);
      const explicit = ids(
        expectOk(
          await ctx.api.get(
            `/collectors/upgrades/collectors?toVersion=${encodeURIComponent(latest)}`,
          ),
        ).collectors,
      );
      expect(explicit).toEqual(list);
    });

    it("defaults to a limit of 50 and pages with limit and offset", {
      timeout: 60_000,
    }, async () => {
      const { older } = await versions();
      for (let i = 0; i < 52; i += 13) {
        await Promise.all(
          Array.from({ length: 13 }, (_, j) =>
            ctx.control.register({ name: `u-${i + j}`, collectorVersion: older }),
          ),
        );
      }
      expect(
        expectOk(await ctx.api.get("/collectors/upgrades/collectors")).collectors,
      ).toHaveLength(50);
      const all = expectOk(
        await ctx.api.get("/collectors/upgrades/collectors?limit=100"),
      ).collectors;
      expect(all).toHaveLength(52);
      const p2 = expectOk(
        await ctx.api.get("/collectors/upgrades/collectors?offset=50"),
      ).collectors;
      expect(p2).toHaveLength(2);
      const p = expectOk(
        await ctx.api.get("/collectors/upgrades/collectors?limit=10&offset=5"),
      ).collectors;
      expect(ids(p)).toEqual(ids(all.slice(5, 15)));
    });

    it("answers 400 for an invalid parameter and 415 without a JSON Content-Type", async () => {
      expectError(
        await ctx.api.get("/collectors/upgrades/collectors?toVersion=no-such-build"),
        400,
      );
      expectError(await ctx.api.get("/collectors/upgrades/collectors?limit=-1"), 400);
      expectError(await ctx.api.get("/collectors/upgrades/collectors?offset=abc"), 400);
      expectError(await ctx.api.get("/collectors/upgrades/collectors", { contentType: null }), 415);
    });
  });

  describe("tasks (POST /collectors/upgrades, GET /collectors/upgrades/{id})", () => {
    it("answers 202 with a string id and a self link, and records the task at status 0", async () => {
      const { latest, older } = await versions();
      const c = await ctx.control.register({ name: "up", collectorVersion: older });
      const before = await ctx.control.now();
      const res = await ctx.api.post("/collectors/upgrades", {
        collectorId: c.id,
        toVersion: latest,
      });
      const body = expectOk(res, 202);
      expect(typeof body.id).toBe("string");
      expect(body.id.length).toBeGreaterThan(0);
      expect(body.link).toEqual({ rel: "self", href: `/v1/collectors/upgrades/${body.id}` });
      const t = await task(body.id);
      expect(String(t.id)).toBe(body.id);
      expect(t.collectorId).toBe(c.id);
      expect(t.toVersion).toBe(latest);
      expect(t.status).toBe(0);
      expect(typeof t.requestTime).toBe("number");
      expect(Math.abs(t.requestTime - before)).toBeLessThan(5_000);
    });

    it("moves 0 → 1 → 6 → 2 with virtual time and changes collectorVersion", async () => {
      const { latest, older } = await versions();
      const c = await ctx.control.register({ name: "steps", collectorVersion: older });
      const id = await startTask(c.id, latest);
      expect((await task(id)).status).toBe(0);
      await ctx.control.advance(5_500);
      expect((await task(id)).status).toBe(1);
      await ctx.control.advance(5_000);
      expect((await task(id)).status).toBe(6);
      expect(expectOk(await ctx.api.get(`/collectors/${c.id}`)).collector.collectorVersion).toBe(
        older,
      );
      await ctx.control.advance(10_000);
      expect((await task(id)).status).toBe(2);
      expect(expectOk(await ctx.api.get(`/collectors/${c.id}`)).collector.collectorVersion).toBe(
        latest,
      );
      const upgradable = ids(
        expectOk(await ctx.api.get("/collectors/upgrades/collectors")).collectors,
      );
      expect(upgradable).not.toContain(c.id);
    });

    it("defaults toVersion to the latest build", async () => {
      const { latest, older } = await versions();
      const c = await ctx.control.register({ name: "default-latest", collectorVersion: older });
      const id = await startTask(c.id);
      expect((await task(id)).toVersion).toBe(latest);
      await ctx.control.advance(20_500);
      expect((await task(id)).status).toBe(2);
      expect(expectOk(await ctx.api.get(`/collectors/${c.id}`)).collector.collectorVersion).toBe(
        latest,
      );
    });

    it("downgrades to an older build", async () => {
      const { latest, older } = await versions();
      const c = await ctx.control.register({ name: "down", collectorVersion: latest });
      const id = await startTask(c.id, older);
      await ctx.control.advance(21_000);
      expect((await task(id)).status).toBe(2);
      expect(expectOk(await ctx.api.get(`/collectors/${c.id}`)).collector.collectorVersion).toBe(
        older,
      );
    });

    it("fails with status 3 and the message when told to, then the next one succeeds", async () => {
      const { latest, older } = await versions();
      const c = await ctx.control.register({ name: "failing", collectorVersion: older });
      await ctx.control.upgradeBehaviour(c.id, "fail", "disk full on /opt");
      const id = await startTask(c.id, latest);
      await ctx.control.advance(21_000);
      const t = await task(id);
      expect(t.status).toBe(3);
      expect(t.message).toBe("disk full on /opt");
      expect(expectOk(await ctx.api.get(`/collectors/${c.id}`)).collector.collectorVersion).toBe(
        older,
      );
      await ctx.control.heartbeat(c.id);
      const id2 = await startTask(c.id, latest);
      await ctx.control.advance(21_000);
      expect((await task(id2)).status).toBe(2);
    });

    it("hangs when told to and times out to status 3 after 30 minutes", async () => {
      const { latest, older } = await versions();
      const c = await ctx.control.register({
        name: "hanging",
        collectorVersion: older,
        autoHeartbeat: true,
      });
      await ctx.control.upgradeBehaviour(c.id, "hang");
      const id = await startTask(c.id, latest);
      await ctx.control.advance(5 * MIN);
      expect([0, 1, 6]).toContain((await task(id)).status);
      await ctx.control.advance(20 * MIN);
      expect([0, 1, 6]).toContain((await task(id)).status);
      // still upgrading: a second task is refused
      expectError(
        await ctx.api.post("/collectors/upgrades", { collectorId: c.id, toVersion: latest }),
        400,
        "collector.in.upgrading",
      );
      await ctx.control.advance(6 * MIN);
      const t = await task(id);
      expect(t.status).toBe(3);
      expect(expectOk(await ctx.api.get(`/collectors/${c.id}`)).collector.collectorVersion).toBe(
        older,
      );
      // no longer upgrading
      await startTask(c.id, latest);
    });

    it("answers 404 for an unknown task and a 4xx for a malformed id", async () => {
      expectError(await ctx.api.get("/collectors/upgrades/987654321"), 404);
      const res = await ctx.api.get("/collectors/upgrades/not-a-number");
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expectError(res, res.status);
    });

    it("answers 415 without a JSON Content-Type, on create and on status", async () => {
      const { older } = await versions();
      const c = await ctx.control.register({ name: "ct", collectorVersion: older });
      expectError(
        await ctx.api.post("/collectors/upgrades", null, {
          rawBody: JSON.stringify({ collectorId: c.id }),
          contentType: "text/plain",
        }),
        415,
      );
      expectError(
        await ctx.api.post("/collectors/upgrades", null, {
          rawBody: `collectorId=${c.id}`,
          contentType: "application/x-www-form-urlencoded",
        }),
        415,
      );
      const id = await startTask(c.id);
      expectError(await ctx.api.get(`/collectors/upgrades/${id}`, { contentType: null }), 415);
    });
  });

  describe("task creation errors (400)", () => {
    it("collector.invalid: missing, unknown or non-integer collectorId", async () => {
      const { latest } = await versions();
      expectError(
        await ctx.api.post("/collectors/upgrades", { toVersion: latest }),
        400,
        "collector.invalid",
      );
      expectError(
        await ctx.api.post("/collectors/upgrades", { collectorId: 987654321, toVersion: latest }),
        400,
        "collector.invalid",
      );
      const res = await ctx.api.post("/collectors/upgrades", {
        collectorId: "abc",
        toVersion: latest,
      });
      expectError(res, 400);
    });

    it("collector.type.invalid: a Hosted Collector", async () => {
      const h = await createHosted(ctx.api, "hosted-up");
      expectError(
        await ctx.api.post("/collectors/upgrades", { collectorId: h.id }),
        400,
        "collector.type.invalid",
      );
    });

    it("collector.not.alive: no heartbeat for 30 minutes", async () => {
      const { older } = await versions();
      const c = await ctx.control.register({ name: "sleepy", collectorVersion: older });
      await ctx.control.advance(31 * MIN);
      expect(expectOk(await ctx.api.get(`/collectors/${c.id}`)).collector.alive).toBe(false);
      expectError(
        await ctx.api.post("/collectors/upgrades", { collectorId: c.id }),
        400,
        "collector.not.alive",
      );
      await ctx.control.heartbeat(c.id);
      expectOk(await ctx.api.post("/collectors/upgrades", { collectorId: c.id }), 202);
    });

    it("collector.in.upgrading: a task already running", async () => {
      const { latest, older } = await versions();
      const c = await ctx.control.register({ name: "busy", collectorVersion: older });
      await startTask(c.id, latest);
      expectError(
        await ctx.api.post("/collectors/upgrades", { collectorId: c.id, toVersion: latest }),
        400,
        "collector.in.upgrading",
      );
    });

    it("collector.version.invalid: an unknown or empty version", async () => {
      const { older } = await versions();
      const c = await ctx.control.register({ name: "badver", collectorVersion: older });
      expectError(
        await ctx.api.post("/collectors/upgrades", { collectorId: c.id, toVersion: "99.999-9" }),
        400,
        "collector.version.invalid",
      );
      expectError(
        await ctx.api.post("/collectors/upgrades", { collectorId: c.id, toVersion: "" }),
        400,
        "collector.version.invalid",
      );
    });

    it("answers 400 for malformed JSON and a non-object body", async () => {
      expectError(await ctx.api.post("/collectors/upgrades", null, { rawBody: "{not json" }), 400);
      expectError(await ctx.api.post("/collectors/upgrades", [1, 2, 3]), 400);
    });
  });
});
