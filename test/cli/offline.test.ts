import { describe, expect, it } from "vitest";
import { runOfflineDelete } from "../../cli/offline/delete";
import { runOfflineList } from "../../cli/offline/list";
import type { CollectorsClient } from "../../provider/api";
import { countRequests, recorder, useEmulator } from "./harness";

const DAY = 24 * 60 * 60_000;
const QUICK = { checkEveryMs: 50, waitMs: 10_000 };

describe("collectors offline", () => {
  const ctx = useEmulator();

  /**
   * Three collectors silent for 3 days, two alive all along, a Hosted one, and one dead for
   * only 31 minutes.
   */
  async function fleet() {
    const dead = [
      await ctx.control.register("dead-1"),
      await ctx.control.register("dead-2"),
      await ctx.control.register("dead-3"),
    ];
    await ctx.control.register("live-1", { autoHeartbeat: true });
    await ctx.control.register("live-2", { autoHeartbeat: true });
    await ctx.client().collectors.create({ name: "hosted-1" });
    await ctx.control.advance(3 * DAY);
    await ctx.control.register("recent-dead");
    await ctx.control.advance(31 * 60_000);
    return dead;
  }

  async function names(): Promise<string[]> {
    return (await ctx.client().collectors.list()).map((c) => c.name).sort();
  }

  it("offline list shows exactly the collectors silent for more than N days", async () => {
    const dead = await fleet();
    const output = recorder();
    const { result, exitCode } = await runOfflineList(ctx.client(), { days: 2 }, output);
    expect(exitCode).toBe(0);
    expect(result.collectors.map((c) => c.id).sort()).toEqual(dead.sort());
    expect(output.text()).toContain("3 Installed Collectors last seen alive more than 2 days ago.");
    for (const name of ["dead-1", "dead-2", "dead-3"]) expect(output.text()).toContain(name);
    expect(output.text()).not.toContain("live-1");

    const json = recorder();
    await runOfflineList(ctx.client(), { days: 2, json: true }, json);
    expect(
      JSON.parse(json.text())
        .map((c: { name: string }) => c.name)
        .sort(),
    ).toEqual(["dead-1", "dead-2", "dead-3"]);

    const none = recorder();
    await runOfflineList(ctx.client(), { days: 5 }, none);
    expect(none.text()).toBe("No Installed Collector was last seen alive more than 5 days ago.");
  });

  it("offline delete --yes removes exactly the listed collectors and leaves Hosted and live ones", async () => {
    const dead = await fleet();
    const output = recorder();
    const { result, exitCode } = await runOfflineDelete(
      ctx.client(),
      { days: 2, yes: true, ...QUICK },
      output,
    );
    expect(exitCode).toBe(0);
    expect(result.listed.map((c) => c.id).sort()).toEqual(dead.sort());
    expect(result.deleted.map((c) => c.id).sort()).toEqual(dead.sort());
    expect(result.remaining).toEqual([]);
    expect(await names()).toEqual(["hosted-1", "live-1", "live-2", "recent-dead"]);
    expect(output.text()).toContain("These 3 Installed Collectors");
    expect(output.text()).toContain("Deleted 3 collectors.");
    const log = await ctx.control.requests();
    expect(countRequests(log, "DELETE")).toBe(1);
    expect(countRequests(log, "DELETE", /\/collectors\/offline$/)).toBe(1);
    // Each collector missing from the list was confirmed gone by one GET by id.
    expect(countRequests(log, "GET", /\/collectors\/\d+$/)).toBe(3);
  });

  it("a failed GET by id confirms nothing: the collector is reported as not confirmed gone", async () => {
    await fleet();
    await ctx.control.call("/faults", "POST", {
      kind: "500",
      method: "GET",
      path: "^/collectors/\\d+$",
    });
    const output = recorder();
    const { exitCode, result } = await runOfflineDelete(
      ctx.client(),
      { days: 2, yes: true, checkEveryMs: 50, waitMs: 2_000 },
      output,
    );
    await ctx.control.call("/faults", "DELETE");
    expect(exitCode).toBe(1);
    expect(result.deleted).toEqual([]);
    expect(result.remaining.map((r) => r.reason)).toEqual([
      expect.stringMatching(/^not confirmed gone after 2 s \(the check failed: .*500/),
      expect.stringMatching(/^not confirmed gone/),
      expect.stringMatching(/^not confirmed gone/),
    ]);
  });

  it("does not take a collector missing from the list as deleted: a GET by id confirms", async () => {
    const [kept, ...others] = await fleet();
    const real = ctx.client();
    // The list pages by offset while the service deletes, so a collector still there can fall
    // between two pages: this client's list never shows `kept`, which the service keeps (it
    // heartbeats just before the deletion starts).
    const collectors = Object.create(real.collectors) as CollectorsClient["collectors"];
    collectors.list = async (options, req) =>
      (await real.collectors.list(options, req)).filter(
        (c) => options?.filter !== "installed" || c.id !== kept,
      );
    collectors.deleteOffline = async (options, req) => {
      await ctx.control.call(`/collectors/${kept}/heartbeat`, "POST");
      return real.collectors.deleteOffline(options, req);
    };
    const client = Object.assign(Object.create(real), { collectors }) as CollectorsClient;

    const output = recorder();
    const { exitCode, result } = await runOfflineDelete(
      client,
      { days: 2, yes: true, checkEveryMs: 50, waitMs: 1_000 },
      output,
    );
    expect(exitCode).toBe(1);
    expect(result.deleted.map((c) => c.id).sort()).toEqual(others.sort());
    expect(result.remaining).toHaveLength(1);
    expect(result.remaining[0]?.collector.id).toBe(kept);
    expect(result.remaining[0]?.reason).toMatch(/still present after 1 s, and alive again/);
    expect(await names()).toEqual(["dead-1", "hosted-1", "live-1", "live-2", "recent-dead"]);
    expect(output.text()).toContain("Deleted 2 collectors; 1 still present.");
  });

  it("Ctrl-C while it checks stops the checks at once and reports what it knows: exit 130", async () => {
    const dead = await fleet();
    const controller = new AbortController();
    const output = recorder();
    output.err = (text) => {
      output.stderr.push(text);
      if (text.startsWith("Deletion started")) setTimeout(() => controller.abort(), 20);
    };
    const started = Date.now();
    // Unscaled pauses of a minute: only Ctrl-C can end this wait soon.
    const { exitCode, result } = await runOfflineDelete(
      ctx.client({ retry: { timeScale: 1 } }),
      { days: 2, yes: true, checkEveryMs: 60_000, signal: controller.signal },
      output,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(exitCode).toBe(130);
    expect(result.interrupted).toBe(true);
    expect(result.deleted).toEqual([]);
    expect(result.remaining.map((r) => r.collector.id).sort()).toEqual(dead.sort());
    for (const { reason } of result.remaining) {
      expect(reason).toMatch(
        /^not confirmed gone: Ctrl-C stopped the checks after \d+ s; the service may still be deleting it$/,
      );
    }
    expect(output.text()).toContain(
      "Interrupted (Ctrl-C): deleted 0 collectors; 3 not confirmed gone, which the service may still be deleting. Check with: collectors offline list --days 2",
    );
    // The deletion itself had started, and goes on.
    expect(countRequests(await ctx.control.requests(), "DELETE")).toBe(1);
  });

  it("Ctrl-C before the deletion starts deletes nothing: exit 130", async () => {
    await fleet();
    const before = await names();
    const output = recorder();
    const { exitCode, result } = await runOfflineDelete(
      ctx.client(),
      { days: 2, yes: true, signal: AbortSignal.abort() },
      output,
    );
    expect(exitCode).toBe(130);
    expect(result).toMatchObject({ interrupted: true, deleted: [] });
    expect(output.text()).toContain("Interrupted (Ctrl-C): nothing was deleted.");
    expect(countRequests(await ctx.control.requests(), "DELETE")).toBe(0);
    expect(await names()).toEqual(before);
  });

  it("refuses without --yes when there is no terminal to ask on: nothing deleted, exit 2", async () => {
    await fleet();
    const before = await names();
    const output = recorder(); // no confirm(): not a terminal
    const { exitCode, result } = await runOfflineDelete(ctx.client(), { days: 2 }, output);
    expect(exitCode).toBe(2);
    expect(result.confirmed).toBe(false);
    expect(output.stderr.join("\n")).toMatch(/not deleting without confirmation.*--yes/);
    expect(countRequests(await ctx.control.requests(), "DELETE")).toBe(0);
    expect(await names()).toEqual(before);
  });

  it("asks, and a no deletes nothing", async () => {
    await fleet();
    const questions: string[] = [];
    const output = recorder(async (q) => {
      questions.push(q);
      return false;
    });
    const { exitCode } = await runOfflineDelete(ctx.client(), { days: 2 }, output);
    expect(questions).toEqual(["Delete these 3 collectors?"]);
    expect(exitCode).toBe(1);
    expect(output.text()).toContain("Nothing was deleted.");
    expect(countRequests(await ctx.control.requests(), "DELETE")).toBe(0);
  });

  it("asks, and a yes deletes the listed ones", async () => {
    const dead = await fleet();
    const output = recorder(async () => true);
    const { exitCode, result } = await runOfflineDelete(
      ctx.client(),
      { days: 2, ...QUICK },
      output,
    );
    expect(exitCode).toBe(0);
    expect(result.deleted.map((c) => c.id).sort()).toEqual(dead.sort());
    expect(await names()).toEqual(["hosted-1", "live-1", "live-2", "recent-dead"]);
  });

  it("deletes nothing when more collectors went offline while it asked", async () => {
    await fleet();
    const before = await names();
    const output = recorder(async () => {
      await ctx.control.advance(2 * DAY); // recent-dead is now silent for 2 days too
      return true;
    });
    const { exitCode } = await runOfflineDelete(ctx.client(), { days: 2, ...QUICK }, output);
    expect(exitCode).toBe(1);
    expect(output.stderr.join("\n")).toMatch(
      /1 more collector went offline.*recent-dead.*Nothing was deleted/,
    );
    expect(countRequests(await ctx.control.requests(), "DELETE")).toBe(0);
    expect(await names()).toEqual(before);
  });

  it("leaves out collectors that came back while it asked", async () => {
    const [first, ...others] = await fleet();
    const output = recorder(async () => {
      await ctx.control.call(`/collectors/${first}/heartbeat`, "POST");
      return true;
    });
    const { exitCode, result } = await runOfflineDelete(
      ctx.client(),
      { days: 2, ...QUICK },
      output,
    );
    expect(exitCode).toBe(0);
    expect(output.stderr).toContain("note: no longer offline, so not deleted: dead-1");
    expect(result.deleted.map((c) => c.id).sort()).toEqual(others.sort());
    expect(await names()).toEqual(["dead-1", "hosted-1", "live-1", "live-2", "recent-dead"]);

    // All of them back: nothing to delete, no DELETE sent.
    const again = recorder(async () => {
      const installed = await ctx.client().collectors.list({ filter: "installed" });
      for (const c of installed) await ctx.control.call(`/collectors/${c.id}/heartbeat`, "POST");
      return true;
    });
    await ctx.control.advance(3 * DAY);
    const { exitCode: code } = await runOfflineDelete(ctx.client(), { days: 2, ...QUICK }, again);
    expect(code).toBe(0);
    expect(again.text()).toContain("None of them is offline any more: nothing was deleted.");
    expect(countRequests(await ctx.control.requests(), "DELETE")).toBe(1);
  });

  it("says so when there is nothing to delete", async () => {
    await ctx.control.register("live", { autoHeartbeat: true });
    const output = recorder();
    const { exitCode } = await runOfflineDelete(ctx.client(), { yes: true }, output);
    expect(exitCode).toBe(0);
    expect(output.text()).toBe(
      "No Installed Collector was last seen alive more than 100 days ago: nothing to delete.",
    );
  });
});
