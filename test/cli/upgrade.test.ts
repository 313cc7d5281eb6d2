import { describe, expect, it } from "vitest";
import { runUpgrade } from "../../cli/upgrade/command";
import { plainProgress } from "../../cli/upgrade/progress";
import { countRequests, LATEST, OLD, recorder, useEmulator } from "./harness";

const FAST = { run: { pollIntervalMs: 30 } };
const UPGRADE_POST = /\/collectors\/upgrades$/;
const TASK_GET = /\/collectors\/upgrades\/\d+$/;

describe("collectors upgrade", () => {
  const ctx = useEmulator();

  it("upgrades 50 collectors, 3 made to fail: the table names each, the exit code is 1", async () => {
    const ids: number[] = [];
    for (let i = 1; i <= 50; i++) {
      ids.push(
        await ctx.control.register(`web-${String(i).padStart(3, "0")}`, { autoHeartbeat: true }),
      );
    }
    const failing = [ids[4], ids[19], ids[41]] as number[];
    for (const [n, id] of failing.entries()) {
      await ctx.control.upgradeBehaviour(id, "fail", `disk full on host ${n + 1}`);
    }
    const output = recorder();
    const clock = ctx.control.runClock();
    const { result, exitCode } = await runUpgrade(
      ctx.client(),
      { to: "latest", name: ["web-*"], ...FAST },
      output,
    ).finally(() => clock.stop());

    expect(exitCode).toBe(1);
    expect(result.target).toBe(LATEST);
    expect(result.counts).toMatchObject({
      succeeded: 47,
      failed: 3,
      skipped: 0,
      inFlight: 0,
      notStarted: 0,
    });
    const failedIds = result.rows
      .filter((r) => r.outcome.state === "failed")
      .map((r) => r.collector.id);
    expect(failedIds.sort()).toEqual([...failing].sort());

    // The table: one line per collector, the failures with the service's message.
    const text = output.text();
    const rowLines = text.split("\n").filter((line) => /│ web-\d{3} /.test(line));
    expect(rowLines).toHaveLength(50);
    expect(rowLines.filter((line) => line.includes("│ succeeded"))).toHaveLength(47);
    const failedLines = rowLines.filter((line) => line.includes("│ FAILED"));
    expect(failedLines).toHaveLength(3);
    for (const n of [1, 2, 3]) expect(failedLines.join("\n")).toContain(`disk full on host ${n}`);
    expect(text).toContain(`Upgrade to ${LATEST}: 47 succeeded, 3 failed, 0 skipped.`);
    // Plain progress lines (no terminal): one start and one end per collector.
    expect(output.stderr.filter((l) => l.startsWith("started"))).toHaveLength(50);
    expect(output.stderr.filter((l) => l.startsWith("failed"))).toHaveLength(3);

    const log = await ctx.control.requests();
    expect(countRequests(log, "POST", UPGRADE_POST)).toBe(50);
    expect(log.filter((r) => r.status === 429)).toHaveLength(0);
    // The service agrees: 47 run the latest build, the 3 failed ones the old one.
    const list = await ctx.client().collectors.list();
    for (const c of list) expect(c.collectorVersion).toBe(failing.includes(c.id) ? OLD : LATEST);
  });

  it("skips, with the reason, what cannot be upgraded: Hosted, already at the build, not alive", async () => {
    const client = ctx.client();
    await ctx.control.register("app-dead");
    await ctx.control.advance(31 * 60_000); // no heartbeat for 31 minutes: not alive
    await ctx.control.register("app-ok", { autoHeartbeat: true });
    await ctx.control.register("app-current", {
      autoHeartbeat: true,
      collectorVersion: "19.455-3",
    });
    await client.collectors.create({ name: "app-hosted" });
    await ctx.control.register("other", { autoHeartbeat: true });

    const output = recorder();
    const clock = ctx.control.runClock();
    const { result, exitCode } = await runUpgrade(
      client,
      { to: "19.455-3", name: ["app-*", "nothing-*"], ...FAST },
      output,
    ).finally(() => clock.stop());

    expect(exitCode).toBe(0);
    const byName = Object.fromEntries(result.rows.map((r) => [r.collector.name, r.outcome]));
    expect(Object.keys(byName).sort()).toEqual(["app-current", "app-dead", "app-hosted", "app-ok"]);
    expect(byName["app-ok"]).toMatchObject({ state: "succeeded" });
    expect(byName["app-hosted"]).toMatchObject({
      state: "skipped",
      reason: expect.stringMatching(/Hosted/),
    });
    expect(byName["app-current"]).toMatchObject({
      state: "skipped",
      reason: "already runs 19.455-3",
    });
    expect(byName["app-dead"]).toMatchObject({
      state: "skipped",
      reason: expect.stringMatching(/not alive/),
    });
    expect(result.unmatchedPatterns).toEqual(["nothing-*"]);
    expect(output.stderr).toContain("warning: --name nothing-* matched no collector");
    expect(output.text()).toContain("Upgrade to 19.455-3: 1 succeeded, 0 failed, 3 skipped.");
    const log = await ctx.control.requests();
    expect(countRequests(log, "POST", UPGRADE_POST)).toBe(1);
  });

  it("--dry-run shows the plan and sends no POST", async () => {
    for (let i = 1; i <= 5; i++) await ctx.control.register(`db-${i}`, { autoHeartbeat: true });
    await ctx.control.register("db-6", { autoHeartbeat: true, collectorVersion: LATEST });
    const output = recorder();
    const { result, exitCode } = await runUpgrade(
      ctx.client(),
      { to: "latest", name: ["db-*"], dryRun: true },
      output,
    );
    expect(exitCode).toBe(0);
    expect(result.counts).toMatchObject({ wouldUpgrade: 5, skipped: 1, succeeded: 0 });
    expect(output.text()).toContain("would upgrade");
    expect(output.text()).toContain(
      "Dry run: would upgrade 5 collectors to 19.470-4, 1 skipped. Nothing was changed.",
    );

    const log = await ctx.control.requests();
    expect(log.length).toBeGreaterThan(0);
    expect(log.filter((r) => r.method !== "GET")).toEqual([]);
    const list = await ctx.client().collectors.list();
    expect(list.filter((c) => c.collectorVersion === LATEST).map((c) => c.name)).toEqual(["db-6"]);
  });

  it("--name edge-? selects edge-🚀: ? is one character, even outside the BMP", async () => {
    for (const name of ["edge-🚀", "edge-1", "edge-🚀🚀", "edge-10"]) {
      await ctx.control.register(name, { autoHeartbeat: true });
    }
    const { result, exitCode } = await runUpgrade(
      ctx.client(),
      { to: "latest", name: ["edge-?"], dryRun: true },
      recorder(),
    );
    expect(exitCode).toBe(0);
    expect(result.rows.map((r) => r.collector.name).sort()).toEqual(["edge-1", "edge-🚀"]);
  });

  it("--all-upgradable takes the service's list, narrowed by --name when given", async () => {
    await ctx.control.register("a-1", { autoHeartbeat: true });
    await ctx.control.register("a-2", { autoHeartbeat: true });
    await ctx.control.register("b-1", { autoHeartbeat: true });
    await ctx.control.register("a-latest", { autoHeartbeat: true, collectorVersion: LATEST });

    const all = await runUpgrade(
      ctx.client(),
      { to: "latest", allUpgradable: true, dryRun: true },
      recorder(),
    );
    expect(all.result.rows.map((r) => r.collector.name).sort()).toEqual(["a-1", "a-2", "b-1"]);
    const log = await ctx.control.requests();
    expect(countRequests(log, "GET", /\/collectors\/upgrades\/collectors$/)).toBe(1);

    const output = recorder();
    const clock = ctx.control.runClock();
    const some = await runUpgrade(
      ctx.client(),
      { to: "latest", allUpgradable: true, name: ["a-*"], ...FAST },
      output,
    ).finally(() => clock.stop());
    expect(some.exitCode).toBe(0);
    const outcomes = Object.fromEntries(
      some.result.rows.map((r) => [r.collector.name, r.outcome.state]),
    );
    expect(outcomes).toEqual({ "a-1": "succeeded", "a-2": "succeeded", "a-latest": "skipped" });
  });

  it("a refusal at start is reported with the service's words: already upgrading is a skip", async () => {
    const id = await ctx.control.register("busy", { autoHeartbeat: true });
    const client = ctx.client();
    await client.upgrades.create({ collectorId: id, toVersion: "19.440-7" }); // still running
    const output = recorder();
    const { result, exitCode } = await runUpgrade(
      client,
      { to: "latest", name: ["busy"], ...FAST },
      output,
    );
    expect(exitCode).toBe(0);
    expect(result.rows[0]?.outcome).toMatchObject({
      state: "skipped",
      reason: expect.stringMatching(/^already being upgraded: .*collector\.in\.upgrading/),
    });
    expect(output.text()).toContain("Upgrade to 19.470-4: 0 succeeded, 0 failed, 1 skipped.");
  });

  it("Ctrl-C stops starting new tasks and reports the ones in flight", async () => {
    for (let i = 1; i <= 12; i++) await ctx.control.register(`slow-${i}`, { autoHeartbeat: true });
    const controller = new AbortController();
    const output = recorder();
    const progress = plainProgress(output);
    let started = 0;
    const { result, exitCode } = await runUpgrade(
      // Paced at 4 starts a second, so there is time to interrupt.
      ctx.client({ limits: { requestsPerSecond: 4 } }),
      {
        to: "latest",
        name: ["slow-*"],
        signal: controller.signal,
        progress: {
          ...progress,
          started(collector, taskId) {
            progress.started?.(collector, taskId);
            if (++started === 2) controller.abort();
          },
        },
        ...FAST,
      },
      output,
    );
    expect(exitCode).toBe(130);
    expect(result.interrupted).toBe(true);
    const { inFlight, notStarted, succeeded, failed } = result.counts;
    expect(inFlight).toBeGreaterThanOrEqual(2);
    expect(notStarted).toBeGreaterThanOrEqual(1);
    expect(inFlight + notStarted + succeeded + failed).toBe(12);
    // Every task the service started is in the report (none lost, none started after Ctrl-C
    // but the POSTs already sent).
    const log = await ctx.control.requests();
    const withTask = result.rows.filter((r) => "taskId" in r.outcome).length;
    expect(countRequests(log, "POST", UPGRADE_POST)).toBe(withTask);
    expect(output.text()).toMatch(/still running/);
    expect(output.text()).toMatch(
      /Interrupted: \d+ tasks? still running on the service, \d+ collectors? not started\./,
    );
    expect(output.stderr.some((l) => l.startsWith("Ctrl-C: no more upgrades will start"))).toBe(
      true,
    );
  });
});

describe("collectors upgrade under the service's default limits", () => {
  const ctx = useEmulator({ rateLimit: 4, maxConcurrent: 10 });

  it("paces every request through the client's limiter: no 429", async () => {
    for (let i = 1; i <= 8; i++) await ctx.control.register(`paced-${i}`, { autoHeartbeat: true });
    const clock = ctx.control.runClock();
    const { result, exitCode } = await runUpgrade(
      ctx.client({ limits: {} }), // the defaults: 4 starts a second, 10 in flight
      { to: "latest", name: ["paced-*"], run: { pollIntervalMs: 1_000 } },
      recorder(),
    ).finally(() => clock.stop());
    expect(exitCode).toBe(0);
    expect(result.counts.succeeded).toBe(8);
    const log = await ctx.control.requests();
    expect(log.filter((r) => r.status === 429)).toEqual([]);
    // One POST per collector, and few status GETs: the floor is one per task.
    expect(countRequests(log, "POST", UPGRADE_POST)).toBe(8);
    expect(countRequests(log, "GET", TASK_GET)).toBeLessThanOrEqual(16);
  });
});
