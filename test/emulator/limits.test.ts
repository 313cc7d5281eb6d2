// Conformance: spec 8 (docs/reference/service/collector-management-api.md) (request rate per user, concurrent requests per access key → 429 with
// the error envelope) and issue 3's body size limit (413), against both store backends.
import { describe, expect, it } from "vitest";
import { envelopeProblem, expectError, expectOk } from "../helpers/envelope";
import type { Credentials, HttpResponse } from "../helpers/http";
import { BACKENDS, createHosted, hostedBody, MANAGER, sleep, useEmulator } from "./harness";

const A: Credentials = { accessId: "suLimitUserA01", accessKey: "limit-user-a-key-01" };
const B: Credentials = { accessId: "suLimitUserB01", accessKey: "limit-user-b-key-01" };
// C and D keep the write test independent of A's window, so no test waits for it to pass
const C: Credentials = { accessId: "suLimitUserC01", accessKey: "limit-user-c-key-01" };
const D: Credentials = { accessId: "suLimitUserD01", accessKey: "limit-user-d-key-01" };
const ACCOUNTS = {
  accounts: [
    {
      name: "limited",
      deployment: "us1",
      type: "Enterprise" as const,
      users: [
        { ...A, role: "manage" as const },
        { ...B, role: "manage" as const },
        { ...C, role: "manage" as const },
        { ...D, role: "manage" as const },
      ],
    },
  ],
};

function statuses(list: HttpResponse[]): number[] {
  return list.map((r) => r.status);
}

describe.each(BACKENDS)("request rate limit ($name store)", (backend) => {
  const ctx = useEmulator(backend, { accounts: ACCOUNTS, rateLimit: 4 });

  it("answers 429 with the error envelope past 4 requests per second, per user", async () => {
    const a = ctx.as(A);
    // concurrent, so that all of them land within one second even on a loaded machine
    const results = await Promise.all(Array.from({ length: 12 }, () => a.get("/collectors")));
    const codes = statuses(results);
    expect(codes.filter((c) => c === 200).length, codes.join(",")).toBeGreaterThanOrEqual(4);
    expect(codes.filter((c) => c === 200).length, codes.join(",")).toBeLessThanOrEqual(5);
    const limited = results.filter((r) => r.status === 429);
    expect(limited.length, codes.join(",")).toBeGreaterThanOrEqual(7);
    for (const r of limited) {
      expect(envelopeProblem(r)).toBeUndefined();
      expect(r.json.code).toBe("rate.limit.exceeded");
      expect(r.json.message).toBe("The API rate limit for this user has been exceeded.");
    }
    expect(codes.every((c) => c === 200 || c === 429)).toBe(true);
    // another user of the same account is not limited by A
    expectOk(await ctx.as(B).get("/collectors"));
    // the control API is never limited
    for (let i = 0; i < 10; i++) expect((await ctx.control.call("/clock")).status).toBe(200);
    // after a second, A may call again
    await sleep(1100);
    expectOk(await a.get("/collectors"));
  });

  it("limits writes too, and a refused write does not happen", async () => {
    const c = ctx.as(C);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => c.post("/collectors", hostedBody(`rate-${i}`))),
    );
    const created = results.filter((r) => r.status === 201).length;
    const limited = results.filter((r) => r.status === 429);
    expect(created + limited.length).toBe(8);
    expect(limited.length).toBeGreaterThanOrEqual(3);
    for (const r of limited) expectError(r, 429);
    expect(expectOk(await ctx.as(D).get("/collectors")).collectors).toHaveLength(created);
  });
});

describe.each(BACKENDS)("concurrent request limit ($name store)", (backend) => {
  const ctx = useEmulator(backend, { accounts: ACCOUNTS, maxConcurrent: 2 });

  it("answers 429 past 2 requests in flight per access key", async () => {
    await ctx.control.addFault({
      kind: "latency",
      latencyMs: 1000,
      method: "GET",
      path: "^/collectors$",
    });
    const a = ctx.as(A);
    const started = Promise.all(Array.from({ length: 6 }, () => a.get("/collectors")));
    await sleep(150);
    // a different access key has its own budget
    const other = await ctx.as(B).get("/collectors");
    const results = await started;
    const codes = statuses(results);
    expect(codes.filter((c) => c === 200).length, codes.join(",")).toBeGreaterThanOrEqual(2);
    expect(codes.filter((c) => c === 429).length, codes.join(",")).toBeGreaterThanOrEqual(3);
    for (const r of results.filter((r) => r.status === 429)) expectError(r, 429);
    expectOk(other);
    await ctx.control.clearFaults();
    // once they have finished, the key can call again
    expectOk(await a.get("/collectors"));
  });
});

describe.each(BACKENDS)("request body size ($name store)", (backend) => {
  const ctx = useEmulator(backend);

  it("answers 413 with the error envelope for a huge body and stays up", async () => {
    const huge = JSON.stringify(hostedBody("huge", { description: "x".repeat(12 * 1024 * 1024) }));
    const res = await ctx.api.post("/collectors", null, { rawBody: huge });
    expectError(res, 413);
    const res2 = await ctx.api.post("/collectors/1/sources", null, { rawBody: huge });
    expectError(res2, 413);
    expect(expectOk(await ctx.api.get("/collectors")).collectors).toEqual([]);
  });

  it("reads a moderately large body and judges it on its content", async () => {
    const res = await ctx.api.post(
      "/collectors",
      hostedBody("big", { description: "x".repeat(200_000) }),
    );
    expectError(res, 400, "CollectorDescriptionTooLong");
  });
});

/** `levels` nested arrays around a number: `[[[1]]]` is 3 levels. */
function nested(levels: number): string {
  return `${"[".repeat(levels)}1${"]".repeat(levels)}`;
}

describe.each(BACKENDS)("request body nesting depth ($name store)", (backend) => {
  const ctx = useEmulator(backend);

  it("answers 400 with the envelope for a body nested thousands of levels deep", async () => {
    for (const path of ["/collectors", "/collectors/1/sources", "/collectors/upgrades"]) {
      const res = await ctx.api.post(path, null, {
        rawBody: `{"collector":{"name":"deep","x":${nested(4_100)}}}`,
      });
      expectError(res, 400, "collectors.validation.fields.invalid");
      expect(res.json.message).toMatch(/more than 64 levels deep/);
    }
    const control = await ctx.control.call("/installed-collectors", {
      method: "POST",
      rawBody: `{"name":${nested(100_000)}}`,
    });
    expectError(control, 400);
  });

  it("refuses a deep source before storing it, so its collector's lists keep working", async () => {
    const c = await createHosted(ctx.api, "deep-sources");
    const body = (levels: number) =>
      `{"source":{"sourceType":"HTTP","name":"deep-${levels}","extra":${nested(levels)}}}`;
    // the body itself, {"source": …} and the field's arrays: 64 levels in all pass
    expectOk(await ctx.api.post(`/collectors/${c.id}/sources`, null, { rawBody: body(62) }), 201);
    expectError(
      await ctx.api.post(`/collectors/${c.id}/sources`, null, { rawBody: body(63) }),
      400,
    );
    expectError(
      await ctx.api.post(`/collectors/${c.id}/sources`, null, { rawBody: body(4_095) }),
      400,
    );
    const list = expectOk(await ctx.api.get(`/collectors/${c.id}/sources`));
    expect(list.sources.map((s: { name: string }) => s.name)).toEqual(["deep-62"]);
    expectOk(await ctx.api.get(`/collectors/${c.id}/sources?download=true`));
  });

  it("never copies a huge value into an error message", async () => {
    const c = await createHosted(ctx.api, "short-messages");
    const got = await ctx.api.get(`/collectors/${c.id}`);
    const huge = "x".repeat(500_000);
    const res = await ctx.api.put(
      `/collectors/${c.id}`,
      { collector: { ...got.json.collector, id: huge } },
      got.headers.etag as string,
    );
    expectError(res, 400, "BadRequestCollectorId");
    expect(res.text.length).toBeLessThan(500);
    const upgrade = await ctx.api.post("/collectors/upgrades", {
      collectorId: c.id,
      toVersion: huge,
    });
    expect(upgrade.status).toBe(400);
    expect(upgrade.text.length).toBeLessThan(500);
  });
});

describe.each(BACKENDS)("default limits ($name store)", (backend) => {
  describe("rate", () => {
    const ctx = useEmulator(backend, {
      rateLimit: undefined,
      maxConcurrent: undefined,
      authPerMinute: undefined,
    });

    it("limits a user to 4 requests per second by default", async () => {
      // 8 at once: under the default of 10 in flight
      const codes = statuses(
        await Promise.all(Array.from({ length: 8 }, () => ctx.api.get("/collectors"))),
      );
      expect(codes.filter((c) => c === 200).length, codes.join(",")).toBeGreaterThanOrEqual(4);
      expect(codes.filter((c) => c === 200).length, codes.join(",")).toBeLessThanOrEqual(5);
      expect(codes.filter((c) => c === 429).length, codes.join(",")).toBeGreaterThanOrEqual(3);
    });
  });

  describe("concurrency", () => {
    const ctx = useEmulator(backend, { rateLimit: 0, maxConcurrent: undefined, authPerMinute: 0 });

    it("allows 10 requests in flight per access key by default", async () => {
      await ctx.control.addFault({
        kind: "latency",
        latencyMs: 1000,
        method: "GET",
        path: "^/collectors$",
      });
      const codes = statuses(
        await Promise.all(Array.from({ length: 14 }, () => ctx.api.get("/collectors"))),
      );
      expect(codes.filter((c) => c === 200).length, codes.join(",")).toBe(10);
      expect(codes.filter((c) => c === 429).length, codes.join(",")).toBe(4);
    });
  });

  describe("authentication throttle", () => {
    const ctx = useEmulator(backend, {
      rateLimit: undefined,
      maxConcurrent: undefined,
      authPerMinute: undefined,
      authFailuresPerMinute: undefined,
    });

    it("lets a client without a cookie jar work at the full rate limit for a minute", async () => {
      // Terraform's Go client keeps no cookie jar: 4 Basic requests a second, none with a cookie.
      const codes: number[] = [];
      for (let i = 0; i < 240; i++) {
        codes.push((await ctx.api.get("/collectors")).status);
        await ctx.control.advance(250);
      }
      expect(codes.filter((c) => c !== 200)).toEqual([]);
    });

    it("refuses even the right key after 15 failed authentications in a minute", async () => {
      const wrong = ctx.as({ ...MANAGER, accessKey: "wrong-key" });
      for (let i = 0; i < 15; i++) {
        const res = await wrong.get("/collectors");
        expectError(res, 401, "unauthorized");
        expect(res.json.message).not.toMatch(/too many/);
      }
      const locked = await ctx.api.get("/collectors");
      expectError(locked, 401, "unauthorized");
      expect(locked.json.message).toMatch(/too many authentications/);
      await ctx.control.advance(60_000);
      expectOk(await ctx.api.get("/collectors"));
    });
  });
});
