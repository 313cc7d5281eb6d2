// Conformance of the control API (contract and issue 3): Installed Collector registration,
// heartbeats, the virtual clock with the spec's timers (alive false after 30 minutes without a
// heartbeat, ephemeral deletion after 12 hours), the request log and reset.
import { Agent, request } from "undici";
import { describe, expect, it } from "vitest";
import { expectError, expectOk } from "../helpers/envelope";
import { basicAuth } from "../helpers/http";
import { BACKENDS, createHosted, ids, MANAGER, useEmulator } from "./harness";

const MIN = 60_000;
const HOUR = 60 * MIN;

describe.each(BACKENDS)("control API ($name store)", (backend) => {
  const ctx = useEmulator(backend);

  describe("clock", () => {
    it("reads and advances the virtual clock", async () => {
      const t0 = await ctx.control.now();
      expect(typeof t0).toBe("number");
      const t1 = await ctx.control.advance(90_000);
      expect(t1 - t0).toBeGreaterThanOrEqual(90_000);
      expect(t1 - t0).toBeLessThan(95_000);
      const t2 = await ctx.control.now();
      expect(t2).toBeGreaterThanOrEqual(t1);
    });

    it("moves with real time too", async () => {
      const t0 = await ctx.control.now();
      await new Promise((r) => setTimeout(r, 120));
      expect((await ctx.control.now()) - t0).toBeGreaterThanOrEqual(100);
    });

    it("refuses a malformed advance with a 4xx", async () => {
      for (const body of [{}, { advanceMs: "soon" }, { advanceMs: -5 }]) {
        const res = await ctx.control.call("/clock", { method: "POST", body });
        expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }
    });
  });

  describe("clock advances", () => {
    it("cost one firing per due timer, however far they jump", async () => {
      const auto = await ctx.control.register({
        name: "far-auto",
        ephemeral: true,
        autoHeartbeat: true,
      });
      const silent = await ctx.control.register({ name: "far-silent", ephemeral: true });
      const kept = await ctx.control.register({ name: "far-kept" });
      // ~3,000 years: once 2.3 million 12-hour expiry checks of the auto-heartbeating collector
      const res = await ctx.control.call("/clock", { method: "POST", body: { advanceMs: 1e14 } });
      expect(res.status, res.text).toBe(200);
      // the silent ephemeral one expired; the auto one was checked once and rescheduled
      expect(res.json.timersFired).toBe(2);
      const list = expectOk(await ctx.api.get("/collectors")).collectors;
      expect(ids(list)).toEqual([auto.id, kept.id]);
      expect(list.find((c: { id: number }) => c.id === auto.id).alive).toBe(true);
      expect(list.find((c: { id: number }) => c.id === kept.id).alive).toBe(false);
      expectError(await ctx.api.get(`/collectors/${silent.id}`), 404);
      // the auto one's next check is 12 hours after its latest heartbeat, and it survives it
      const later = await ctx.control.call("/clock", {
        method: "POST",
        body: { advanceMs: 13 * HOUR },
      });
      expect(later.json.timersFired).toBe(1);
      expectOk(await ctx.api.get(`/collectors/${auto.id}`));
    });

    it("refuses an advance past the end of JavaScript dates", async () => {
      const res = await ctx.control.call("/clock", { method: "POST", body: { advanceMs: 1e300 } });
      expectError(res, 400);
    });
  });

  describe("installed collectors", () => {
    it("registers one as the API shows it: 201, Installable, OS fields, alive", async () => {
      const now = await ctx.control.now();
      const res = await ctx.control.call("/installed-collectors", {
        method: "POST",
        body: {
          name: "box-01",
          collectorVersion: "19.0-1",
          osName: "Linux",
          osVersion: "6.1.0",
          osArch: "amd64",
          ephemeral: false,
          timeZone: "Europe/Paris",
          hostName: "box-01.internal",
        },
      });
      expect(res.status, res.text).toBe(201);
      const c = res.json.collector;
      expect(c).toMatchObject({
        name: "box-01",
        collectorType: "Installable",
        collectorVersion: "19.0-1",
        osName: "Linux",
        osVersion: "6.1.0",
        osArch: "amd64",
        ephemeral: false,
        timeZone: "Europe/Paris",
        hostName: "box-01.internal",
        sourceSyncMode: "UI",
        alive: true,
        targetCpu: -1,
      });
      expect(typeof c.osTime).toBe("number");
      expect(Math.abs(c.lastSeenAlive - now)).toBeLessThan(5_000);
      expect(c.links).toContainEqual({ rel: "sources", href: `/v1/collectors/${c.id}/sources` });
      const got = expectOk(await ctx.api.get(`/collectors/${c.id}`)).collector;
      expect(got).toMatchObject({
        id: c.id,
        name: "box-01",
        collectorType: "Installable",
        alive: true,
      });
    });

    it("refuses a registration without a name", async () => {
      const res = await ctx.control.call("/installed-collectors", {
        method: "POST",
        body: {
          collectorVersion: "19.0-1",
          osName: "Linux",
          osVersion: "6",
          osArch: "amd64",
          ephemeral: false,
        },
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    });

    it("turns alive false after 30 minutes without a heartbeat, and a heartbeat revives it", async () => {
      const c = await ctx.control.register({ name: "hb" });
      await ctx.control.advance(29 * MIN);
      expect(expectOk(await ctx.api.get(`/collectors/${c.id}`)).collector.alive).toBe(true);
      await ctx.control.advance(2 * MIN);
      expect(expectOk(await ctx.api.get(`/collectors/${c.id}`)).collector.alive).toBe(false);
      const hb = await ctx.control.heartbeat(c.id);
      expect(hb.status, hb.text).toBe(200);
      expect(hb.json.collector.alive).toBe(true);
      const now = await ctx.control.now();
      const after = expectOk(await ctx.api.get(`/collectors/${c.id}`)).collector;
      expect(after.alive).toBe(true);
      expect(Math.abs(after.lastSeenAlive - now)).toBeLessThan(5_000);
      expect(after.lastSeenAlive).toBeGreaterThan(c.lastSeenAlive);
    });

    it("heartbeats every 15 s of virtual time with autoHeartbeat", async () => {
      const auto = await ctx.control.register({ name: "auto", autoHeartbeat: true });
      const silent = await ctx.control.register({ name: "silent" });
      const now = await ctx.control.advance(2 * HOUR);
      const a = expectOk(await ctx.api.get(`/collectors/${auto.id}`)).collector;
      expect(a.alive).toBe(true);
      expect(now - a.lastSeenAlive).toBeLessThanOrEqual(16_000);
      const s = expectOk(await ctx.api.get(`/collectors/${silent.id}`)).collector;
      expect(s.alive).toBe(false);
      expect(s.lastSeenAlive).toBe(silent.lastSeenAlive);
    });

    it("deletes ephemeral collectors after 12 hours without a heartbeat", async () => {
      const eph = await ctx.control.register({ name: "eph", ephemeral: true });
      const kept = await ctx.control.register({ name: "kept", ephemeral: false });
      const revived = await ctx.control.register({ name: "revived", ephemeral: true });
      await ctx.control.advance(6 * HOUR);
      await ctx.control.heartbeat(revived.id);
      await ctx.control.advance(5 * HOUR + 50 * MIN);
      expectOk(await ctx.api.get(`/collectors/${eph.id}`));
      await ctx.control.advance(20 * MIN);
      expectError(await ctx.api.get(`/collectors/${eph.id}`), 404, "InvalidCollector");
      const list = ids(expectOk(await ctx.api.get("/collectors")).collectors);
      expect(list).toEqual(ids([kept, revived]));
      await ctx.control.advance(6 * HOUR);
      expectError(await ctx.api.get(`/collectors/${revived.id}`), 404, "InvalidCollector");
      expectOk(await ctx.api.get(`/collectors/${kept.id}`));
    });

    it("answers 404 for a heartbeat or upgrade behaviour of an unknown collector", async () => {
      expect(
        (await ctx.control.call("/collectors/987654321/heartbeat", { method: "POST" })).status,
      ).toBe(404);
      const res = await ctx.control.call("/collectors/987654321/upgrade-behaviour", {
        method: "POST",
        body: { next: "fail" },
      });
      expect(res.status).toBe(404);
    });

    it("refuses an unknown upgrade behaviour", async () => {
      const c = await ctx.control.register({ name: "ub" });
      const res = await ctx.control.call(`/collectors/${c.id}/upgrade-behaviour`, {
        method: "POST",
        body: { next: "explode" },
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    });
  });

  describe("request log and reset", () => {
    it("logs API requests only, with time, method, path, status, access id, If-Match and duration", async () => {
      expect(await ctx.control.requests()).toEqual([]);
      const c = await createHosted(ctx.api, "logged");
      await ctx.api.get(`/collectors/${c.id}`);
      await ctx.api.get("/collectors/987654321");
      await ctx.control.now();
      const log = await ctx.control.requests();
      expect(log).toHaveLength(3);
      expect(log.map((r) => [r.method, r.status])).toEqual([
        ["POST", 201],
        ["GET", 200],
        ["GET", 404],
      ]);
      for (const r of log) {
        expect(typeof r.time).toBe("number");
        expect(r.path).toMatch(/collectors/);
        expect(r.path).not.toMatch(/_emulator/);
        expect(r.accessId).toBe(MANAGER.accessId);
        expect(r.ifMatch).toBe(false);
        expect(typeof r.durationMs).toBe("number");
        expect(r.durationMs).toBeGreaterThanOrEqual(0);
      }
    });

    it("logs whether each request carried If-Match, whatever the answer", async () => {
      const c = await createHosted(ctx.api, "if-match-logged");
      const got = await ctx.api.get(`/collectors/${c.id}`);
      const etag = got.headers.etag as string;
      expect(etag).toMatch(/^(W\/)?".*"$/);
      const body = { collector: { ...got.json.collector, description: "tagged" } };
      await ctx.api.put(`/collectors/${c.id}`, body); // blind: 403
      await ctx.api.put(`/collectors/${c.id}`, body, etag); // 200
      await ctx.api.put(`/collectors/${c.id}`, body, etag); // stale now: 412
      const log = await ctx.control.requests();
      expect(log.map((r) => [r.method, r.status, r.ifMatch])).toEqual([
        ["POST", 201, false],
        ["GET", 200, false],
        ["PUT", 403, false],
        ["PUT", 200, true],
        ["PUT", 412, true],
      ]);
    });

    it("empties state and the log on reset, keeping credentials", async () => {
      await createHosted(ctx.api, "before-reset");
      await ctx.control.register({ name: "inst-before-reset" });
      await ctx.control.reset();
      expect(await ctx.control.requests()).toEqual([]);
      expect(expectOk(await ctx.api.get("/collectors")).collectors).toEqual([]);
      await createHosted(ctx.api, "before-reset");
    });
  });
});

/** The control API's requests a peer may try, each answered 403 to one off loopback. */
const CONTROL_CALLS = [
  { method: "POST", url: "/_emulator/clock", payload: { advanceMs: 1000 } },
  {
    method: "POST",
    url: "/_emulator/installed-collectors",
    payload: { name: "x", collectorVersion: "1", osName: "L", osVersion: "1", osArch: "a" },
  },
  { method: "POST", url: "/_emulator/reset" },
  { method: "GET", url: "/_emulator/requests" },
] as const;

describe.each(BACKENDS)("control API and peers ($name store)", (backend) => {
  // Every interface, as `collectors serve --host 0.0.0.0` listens.
  const ctx = useEmulator(backend, { host: "0.0.0.0" });

  it("answers every loopback peer (127.0.0.0/8) over a real socket, and the API too", async () => {
    // A peer other than 127.0.0.1, to another address than the origin's: all of 127/8 is this
    // machine. No address off loopback is needed (or used) for this.
    const dispatcher = new Agent({ localAddress: "127.0.0.3" });
    try {
      const base = `http://127.0.0.2:${new URL(ctx.origin).port}`;
      const clock = await request(`${base}/_emulator/clock`, { dispatcher });
      expect(clock.statusCode, await clock.body.text()).toBe(200);
      const list = await request(`${base}/api/v1/collectors`, {
        dispatcher,
        headers: { authorization: basicAuth(MANAGER) },
      });
      expect(list.statusCode).toBe(200);
      expect(((await list.body.json()) as { collectors: unknown[] }).collectors).toEqual([]);
    } finally {
      await dispatcher.close();
    }
  });

  // A peer off loopback, without one on this machine: Fastify's inject runs the request through
  // the same hooks and routes with the peer address it is given (documentation ranges, RFC 5737
  // and 3849); nothing is sent anywhere.
  it.each(["192.0.2.10", "::ffff:192.0.2.10", "198.51.100.127", "2001:db8::127:0:0:1"])(
    "refuses the control API to %s, and answers it the API",
    async (remoteAddress) => {
      const offset = async () => (await ctx.control.call("/clock")).json.offsetMs as number;
      const offsetBefore = await offset();
      for (const control of CONTROL_CALLS) {
        const res = await ctx.emu.app.inject({ ...control, remoteAddress });
        expect(res.statusCode, `${control.method} ${control.url}`).toBe(403);
        expect(res.json()).toMatchObject({
          code: "forbidden",
          message: "The control API answers on loopback only.",
        });
      }
      const res = await ctx.emu.app.inject({
        method: "GET",
        url: "/api/v1/collectors",
        headers: { authorization: basicAuth(MANAGER) },
        remoteAddress,
      });
      expect(res.statusCode, res.body).toBe(200);
      // Nothing the refused calls asked for happened: no collector registered, the clock kept.
      expect(res.json().collectors).toEqual([]);
      expect(await offset()).toBe(offsetBefore);
    },
  );

  it.each(["127.0.0.1", "127.255.255.254", "::1", "::ffff:127.0.0.1"])(
    "answers the control API to %s",
    async (remoteAddress) => {
      const res = await ctx.emu.app.inject({
        method: "GET",
        url: "/_emulator/clock",
        remoteAddress,
      });
      expect(res.statusCode, res.body).toBe(200);
    },
  );
});
