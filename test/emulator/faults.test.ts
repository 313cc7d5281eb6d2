// Conformance of the control API's fault injection (contract and issue 3): 429 / 500 / 503,
// latency, connection reset before handling, lost response after the write, with rate, count,
// method and path filters; faults never touch the control API.
import { describe, expect, it } from "vitest";
import { expectError, expectOk } from "../helpers/envelope";
import { BACKENDS, hostedBody, useEmulator } from "./harness";

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
