// Conformance of the control API's fault injection (contract and issue 3): 429 / 500 / 503,
// latency, connection reset before handling, lost response after the write, an answer held
// after the write (stall, for its own stallMs), with rate, count, skip, method and path filters;
// faults never touch the control API.
import { describe, expect, it } from "vitest";
import { expectError, expectOk } from "../helpers/envelope";
import { BACKENDS, eventually, hostedBody, useEmulator } from "./harness";

describe.each(BACKENDS)("faults ($name store)", (backend) => {
  const ctx = useEmulator(backend);

  it.each([
    [429, "rate.limit.exceeded"],
    [500, "internal.error"],
    [503, "service.unavailable"],
  ])("answers %i with the error envelope (%s), count times", async (status, code) => {
    const fault = await ctx.control.addFault({
      kind: String(status),
      count: 2,
      method: "GET",
      path: "^/collectors$",
    });
    expect(fault.id).toBeDefined();
    expectError(await ctx.api.get("/collectors"), status, code);
    expectError(await ctx.api.get("/collectors"), status, code);
    expectOk(await ctx.api.get("/collectors"));
  });

  it("matches the method and the path after /api/v1", async () => {
    await ctx.control.addFault({ kind: "500", method: "POST", path: "^/collectors$" });
    await ctx.control.addFault({ kind: "503", path: "^/collectors/\\d+$" });
    expectOk(await ctx.api.get("/collectors"));
    expectError(await ctx.api.post("/collectors", hostedBody("f")), 500);
    expectError(await ctx.api.get("/collectors/12345"), 503);
    expectOk(await ctx.api.get("/collectors/upgrades/targets"));
  });

  it("fires at the given rate", async () => {
    await ctx.control.addFault({ kind: "500", rate: 0, path: "^/collectors$" });
    for (let i = 0; i < 10; i++) expectOk(await ctx.api.get("/collectors"));
    await ctx.control.clearFaults();
    await ctx.control.addFault({ kind: "500", rate: 0.5, path: "^/collectors$" });
    let failed = 0;
    for (let i = 0; i < 60; i++) if ((await ctx.api.get("/collectors")).status === 500) failed++;
    expect(failed).toBeGreaterThan(8);
    expect(failed).toBeLessThan(52);
  });

  it("lists and clears faults", async () => {
    const f = await ctx.control.addFault({ kind: "503", path: "^/collectors$" });
    const listed = await ctx.control.call("/faults");
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.json)).toContain(JSON.stringify(f.id));
    await ctx.control.clearFaults();
    expectOk(await ctx.api.get("/collectors"));
    expect(JSON.stringify((await ctx.control.call("/faults")).json)).not.toContain(
      JSON.stringify(f.id),
    );
  });

  it("adds latency", async () => {
    await ctx.control.addFault({ kind: "latency", latencyMs: 300, path: "^/collectors$" });
    const res = await ctx.api.get("/collectors");
    expectOk(res);
    expect(res.durationMs).toBeGreaterThanOrEqual(280);
  });

  it("resets the connection before handling: the write does not happen", async () => {
    await ctx.control.addFault({ kind: "reset", count: 1, method: "POST", path: "^/collectors$" });
    await expect(ctx.api.post("/collectors", hostedBody("never"))).rejects.toThrow();
    expect(expectOk(await ctx.api.get("/collectors")).collectors).toEqual([]);
  });

  it("loses the response after committing the write", async () => {
    await ctx.control.addFault({
      kind: "lost-response",
      count: 1,
      method: "POST",
      path: "^/collectors$",
    });
    await expect(ctx.api.post("/collectors", hostedBody("committed"))).rejects.toThrow();
    const list = expectOk(await ctx.api.get("/collectors")).collectors;
    expect(list.map((c: { name: string }) => c.name)).toEqual(["committed"]);
    // the log says what the client saw: no answer
    const [lost] = await ctx.control.requests();
    expect(lost).toMatchObject({ method: "POST", status: 0 });
    // a retry sees the duplicate
    expectError(
      await ctx.api.post("/collectors", hostedBody("committed")),
      400,
      "DuplicateResourceName",
    );
  });

  it("stalls: commits the write, then holds the answer; skip lets the first matches pass", async () => {
    await ctx.control.addFault({
      kind: "stall",
      skip: 1,
      count: 1,
      stallMs: 600,
      method: "POST",
      path: "^/collectors$",
    });
    const first = await ctx.api.post("/collectors", hostedBody("first"));
    expectOk(first, 201);
    expect(first.durationMs).toBeLessThan(600);
    const second = ctx.api.post("/collectors", hostedBody("second"));
    // Committed while its answer is held.
    const committed = await eventually(async () => {
      const list = expectOk(await ctx.api.get("/collectors")).collectors;
      return list.length === 2;
    });
    expect(committed, "the second collector, while its answer is held").toBe(true);
    const held = await second;
    expectOk(held, 201);
    expect(held.durationMs).toBeGreaterThanOrEqual(580);
    expectOk(await ctx.api.post("/collectors", hostedBody("third")), 201);
    const faults = (await ctx.control.call("/faults")).json.faults as { fired: number }[];
    expect(faults.map((f) => f.fired)).toEqual([1]);
  });

  it("stalls until the client goes away: the write stays, the client got no status", async () => {
    await ctx.control.addFault({ kind: "stall", stallMs: 600_000, method: "POST" });
    await expect(
      ctx.api.post("/collectors", hostedBody("abandoned"), { timeoutMs: 300 }),
    ).rejects.toThrow();
    await ctx.control.clearFaults();
    const list = expectOk(await ctx.api.get("/collectors")).collectors;
    expect(list.map((c: { name: string }) => c.name)).toEqual(["abandoned"]);
    // Logged when the connection closes, with the status the client saw.
    await eventually(async () => (await ctx.control.requests()).length > 1);
    const [post] = await ctx.control.requests();
    expect(post).toMatchObject({ method: "POST", status: 0 });
  });

  it("refuses a stall without stallMs, and stallMs on another kind, naming the field", async () => {
    const refused = async (body: Record<string, unknown>) => {
      const res = await ctx.control.call("/faults", { method: "POST", body });
      expectError(res, 400);
      return JSON.stringify(res.json.errors ?? res.json);
    };
    // latencyMs is the latency fault's: a stall given only that would hold nothing back.
    expect(await refused({ kind: "stall", latencyMs: 600_000 })).toContain(
      "Field 'stallMs' is required.",
    );
    expect(await refused({ kind: "stall", stallMs: 0 })).toContain("Field 'stallMs' must be");
    expect(await refused({ kind: "latency", stallMs: 100 })).toContain(
      "Field 'stallMs' is for kind \\\"stall\\\" only.",
    );
    expect((await ctx.control.call("/faults")).json.faults).toEqual([]);
  });

  it("never touches the control API", async () => {
    await ctx.control.addFault({ kind: "500" });
    await ctx.control.addFault({ kind: "reset", path: ".*" });
    expect((await ctx.control.call("/clock")).status).toBe(200);
    await ctx.control.register({ name: "unaffected" });
    expect((await ctx.control.call("/requests")).status).toBe(200);
  });

  it("refuses a malformed fault with a 4xx", async () => {
    for (const body of [
      {},
      { kind: "teapot" },
      { kind: "500", rate: 2 },
      { kind: "500", path: "(" },
    ]) {
      const res = await ctx.control.call("/faults", { method: "POST", body });
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(body)).toBeLessThan(500);
    }
  });
});
