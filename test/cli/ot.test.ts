import { describe, expect, it } from "vitest";
import { registerFleet } from "../../cli/main";
import { runOtOfflineDelete } from "../../cli/ot/delete";
import { parseTag, parseTagSet, searchOf } from "../../cli/ot/filters";
import { runOtList } from "../../cli/ot/list";
import { runOtOfflineList } from "../../cli/ot/offline";
import type { CommandIO } from "../../cli/shared/action";
import { Command, usageExit } from "../../cli/shared/commander";
import { UsageError } from "../../cli/shared/output";
import type { OtCollector, OtTag } from "../../provider/api";
import {
  ACCESS_ID,
  ACCESS_KEY,
  type CliContext,
  countRequests,
  recorder,
  useEmulator,
} from "./harness";

const DAY = 24 * 60 * 60_000;
const OT_PATH = /^\/api\/v1\/otCollectors\/[0-9A-F]{16}$/;

/** Registers an OT collector through the control API; returns it as the service shows it. */
async function registerOt(
  ctx: CliContext,
  name: string,
  extra: Record<string, unknown> = {},
): Promise<OtCollector> {
  return (await ctx.control.call("/ot-collectors", "POST", { name, ...extra })) as OtCollector;
}

/** `collectors …` through commander, on a recording output; the exit code it sets. */
async function collectors(ctx: CliContext, args: string[], confirm?: () => Promise<boolean>) {
  const output = recorder(confirm);
  let exitCode: number | undefined;
  const io: CommandIO = {
    output,
    env: { COLLECTORS_ACCESS_ID: ACCESS_ID, COLLECTORS_ACCESS_KEY: ACCESS_KEY },
    setExitCode: (code) => {
      exitCode = code;
    },
    onInterrupt: () => () => undefined,
  };
  const program = new Command("collectors").exitOverride(usageExit);
  program.configureOutput({ writeErr: (text) => output.err(text), writeOut: () => undefined });
  registerFleet(program, io);
  try {
    await program.parseAsync([...args, "--endpoint", ctx.emu.url], { from: "user" });
  } catch (error) {
    exitCode = (error as { exitCode?: number }).exitCode;
  }
  return { exitCode, output };
}

const names = (collectors: { name: string }[]) => collectors.map((c) => c.name);

describe("collectors ot list", () => {
  const ctx = useEmulator();

  /**
   * web-1 and web-2 (prod, remotely managed, latest build), db-1 (prod, locally managed, old
   * build, Windows), stage-1 (staging, remotely managed, gone offline), and a template that
   * selects web-1 by name.
   */
  async function fleet() {
    const linux = { hostOsName: "Linux", hostOsVersion: "6.1", hostName: "stage.example" };
    await registerOt(ctx, "stage-1", {
      tags: { env: "staging", team: "web" },
      version: "0.108.0-sumo-0",
      systemInfo: linux,
    });
    await ctx.control.advance(31 * 60_000);
    // A second between registrations: --sort lastModified has distinct times to order.
    await registerOt(ctx, "web-2", {
      tags: { env: "prod", team: "web" },
      autoHeartbeat: true,
      systemInfo: { hostOsName: "Linux" },
    });
    await ctx.control.advance(1000);
    await registerOt(ctx, "db-1", {
      tags: { env: "prod", team: "db" },
      isRemotelyManaged: false,
      version: "0.104.0-sumo-0",
      autoHeartbeat: true,
      description: "orders database",
      systemInfo: { hostOsName: "Windows", hostOsVersion: "2022" },
    });
    await ctx.control.advance(1000);
    const web1 = await registerOt(ctx, "web-1", {
      tags: { env: "prod", team: "web", "sumo.disco.os": "linux" },
      autoHeartbeat: true,
      systemInfo: { hostOsName: "Linux", hostOsVersion: "6.1" },
    });
    await ctx.client().sourceTemplates.create({
      schemaRef: { type: "Linux" },
      selector: { names: ["web-1"] },
      inputJson: { name: "web-1 logs", receivers: {} },
    });
    return { web1 };
  }

  async function listed(flags: Parameters<typeof runOtList>[1]): Promise<string[]> {
    const { result } = await runOtList(ctx.client(), { ...flags, json: true }, recorder());
    return names(result.collectors);
  }

  it("prints a table in the service's order (name by default), and the count", async () => {
    const { web1 } = await fleet();
    const output = recorder();
    const { exitCode, result } = await runOtList(ctx.client(), {}, output);
    expect(exitCode).toBe(0);
    expect(names(result.collectors)).toEqual(["db-1", "stage-1", "web-1", "web-2"]);
    const lines = output.text().split("\n");
    expect(lines[1]).toMatch(
      /│ ID +│ Name +│ Version +│ Alive │ Managed │ Templates │ OS +│ Tags +│/,
    );
    const row = (name: string) => lines.find((l) => l.includes(` ${name} `)) ?? "";
    expect(row("web-1")).toContain(`│ ${web1.id} │ web-1 `);
    expect(row("web-1")).toMatch(
      /│ 0\.118\.0-sumo-0 │ yes +│ remote +│ 1 +│ Linux 6\.1 +│ env=prod, /,
    );
    expect(row("db-1")).toMatch(
      /│ 0\.104\.0-sumo-0 │ yes +│ local +│ - +│ Windows 2022 │ env=prod, /,
    );
    expect(row("stage-1")).toMatch(/│ no +│ remote +│ 0 +│/);
    expect(output.stdout.at(-1)).toBe("4 OpenTelemetry collectors");

    const json = recorder();
    await runOtList(ctx.client(), { json: true }, json);
    const parsed = JSON.parse(json.text()) as OtCollector[];
    expect(parsed.find((c) => c.name === "web-1")).toMatchObject({
      id: web1.id,
      tags: { env: "prod", team: "web", "sumo.disco.os": "linux" },
      sourceTemplateLinkedCount: 1,
    });

    await ctx.control.reset();
    const empty = recorder();
    await runOtList(ctx.client(), {}, empty);
    expect(empty.text()).toBe("No OpenTelemetry collectors.");
    const none = recorder();
    await runOtList(ctx.client(), { alive: true }, none);
    expect(none.text()).toBe("No OpenTelemetry collector matches these filters.");
  });

  it("passes each filter to the service's search", async () => {
    await fleet();
    const tag = (...texts: string[]) => texts.reduce((all, t) => parseTag(t, all), [] as OtTag[]);
    expect(await listed({ search: "ORDERS" })).toEqual(["db-1"]);
    expect(await listed({ search: "stage.example" })).toEqual(["stage-1"]);
    expect(await listed({ tag: tag("team=web") })).toEqual(["stage-1", "web-1", "web-2"]);
    // Values of one --tag: any of them; several --tag: all of them.
    expect(await listed({ tag: tag("env=prod,staging", "team=db") })).toEqual(["db-1"]);
    expect(await listed({ tag: tag("env=prod", "team=web") })).toEqual(["web-1", "web-2"]);
    // --tag-set: alternatives; each --tag joins every one of them.
    const sets = parseTagSet("team=db", parseTagSet("env=staging; team=web"));
    expect(await listed({ tagSet: sets })).toEqual(["db-1", "stage-1"]);
    expect(await listed({ tagSet: sets, tag: tag("env=prod") })).toEqual(["db-1"]);
    expect(await listed({ os: "windows" })).toEqual(["db-1"]);
    expect(await listed({ minVersion: "v0.108.0-sumo-0" })).toEqual(["stage-1", "web-1", "web-2"]);
    // The service compares the numbers: 0.108.0-sumo-0 is 0.108.0.
    expect(await listed({ maxVersion: "v0.108.0" })).toEqual(["db-1", "stage-1"]);
    expect(
      await listed({ minVersion: "v0.105.0", maxVersion: "v0.110.0", outsideRange: true }),
    ).toEqual(["db-1", "web-1", "web-2"]);
    expect(await listed({ alive: true })).toEqual(["db-1", "web-1", "web-2"]);
    expect(await listed({ offline: true })).toEqual(["stage-1"]);
    expect(await listed({ remotelyManaged: true })).toEqual(["stage-1", "web-1", "web-2"]);
    expect(await listed({ locallyManaged: true })).toEqual(["db-1"]);
    expect(await listed({ upgradeAvailable: true })).toEqual(["db-1", "stage-1"]);
    expect(await listed({ templateLinked: false })).toEqual(["stage-1", "web-2"]);
    // The newest change first.
    expect(await listed({ sort: "lastModified" })).toEqual(["web-1", "db-1", "web-2", "stage-1"]);
  });

  it("--limit stops after N in the service's order, and says how many match in all", async () => {
    await fleet();
    const output = recorder();
    const { result } = await runOtList(ctx.client(), { limit: 2 }, output);
    expect(names(result.collectors)).toEqual(["db-1", "stage-1"]);
    expect(result.matching).toBe(4);
    expect(output.stdout.at(-1)).toBe("2 OpenTelemetry collectors of 4 (--limit 2)");
    const log = await ctx.control.requests();
    expect(countRequests(log, "POST", /\/otCollectors$/)).toBe(1);

    const all = recorder();
    await runOtList(ctx.client(), { limit: 10 }, all);
    expect(all.stdout.at(-1)).toBe("4 OpenTelemetry collectors");
  });

  it("pages through more than one page of the service's", async () => {
    for (let i = 0; i < 5; i++) await registerOt(ctx, `c${i}`);
    const client = ctx.client();
    const pages: unknown[] = [];
    const search = client.otCollectors.search.bind(client.otCollectors);
    client.otCollectors.search = async (request, req) => {
      pages.push(request);
      // A page of at most 2, as a service with a smaller page than asked for might give.
      const page = await search({ ...request, limit: Math.min(request?.limit ?? 100, 2) }, req);
      return page;
    };
    const { result } = await runOtList(client, { limit: 4 }, recorder());
    expect(names(result.collectors)).toEqual(["c0", "c1", "c2", "c3"]);
    expect(pages).toHaveLength(2);
    const every = await runOtList(client, {}, recorder());
    expect(names(every.result.collectors)).toEqual(["c0", "c1", "c2", "c3", "c4"]);
  });

  it("refuses contradicting or incomplete filters before any request: exit 2", async () => {
    expect(() => searchOf({ alive: true, offline: true })).toThrow(
      new UsageError("--alive and --offline exclude each other: give one of them."),
    );
    expect(() => searchOf({ remotelyManaged: true, locallyManaged: true })).toThrow(
      /--remotely-managed and --locally-managed exclude each other/,
    );
    expect(() => searchOf({ outsideRange: true })).toThrow(/--outside-range needs --min-version/);
    expect(searchOf({})).toEqual({});

    const both = await collectors(ctx, ["ot", "list", "--alive", "--offline"]);
    expect(both.exitCode).toBe(2);
    expect(both.output.stderr).toEqual([
      "error: --alive and --offline exclude each other: give one of them.",
    ]);
    for (const args of [
      ["--tag", "env"],
      ["--tag", "=prod"],
      ["--tag", "env=prod,"],
      ["--tag-set", " ; "],
      ["--min-version", "1.2"],
      ["--sort", "age"],
      ["--limit", "0"],
    ]) {
      const run = await collectors(ctx, ["ot", "list", ...args]);
      expect(run.exitCode, args.join(" ")).toBe(2);
      expect(run.output.stderr.join(""), args.join(" ")).toMatch(
        /error: option '--[a-z-]+ <[a-z=]+>' argument '.*' is invalid\./,
      );
    }
    expect(countRequests(await ctx.control.requests(), "POST", /otCollectors/)).toBe(0);
  });

  it("on the command line: every flag reaches the search", async () => {
    await fleet();
    const run = await collectors(ctx, [
      "ot",
      "list",
      "--tag",
      "env=prod,staging",
      "--tag-set",
      "team=web",
      "--tag-set",
      "team=db",
      "--min-version",
      "0.104.0-sumo-0",
      "--remotely-managed",
      "--no-template-linked",
      "--sort",
      "lastModified",
      "--json",
    ]);
    expect(run.exitCode).toBe(0);
    expect(names(JSON.parse(run.output.text()))).toEqual(["web-2", "stage-1"]);

    const table = await collectors(ctx, ["ot", "list", "--offline", "--upgrade-available"]);
    expect(table.exitCode).toBe(0);
    expect(table.output.stdout.at(-1)).toBe("1 OpenTelemetry collector");
  });
});

describe("collectors ot offline", () => {
  const ctx = useEmulator();

  /** The local service's clock: the age is measured from its virtual time. */
  async function serviceNow(): Promise<() => number> {
    const { now } = (await ctx.control.call("/clock")) as { now: number };
    return () => now;
  }

  /**
   * Three collectors offline for 3 days, two alive all along (one of them registered 3 days
   * ago), one offline for 3 days but renamed an hour ago, and one offline for 31 minutes.
   */
  async function fleet() {
    const dead = [
      (await registerOt(ctx, "dead-1")).id,
      (await registerOt(ctx, "dead-2", { isRemotelyManaged: false })).id,
      (await registerOt(ctx, "dead-3", { ephemeral: false })).id,
    ];
    const changed = await registerOt(ctx, "changed");
    await registerOt(ctx, "live-1", { autoHeartbeat: true });
    await ctx.control.advance(3 * DAY);
    const { etag } = await ctx.client().otCollectors.get(changed.id);
    await ctx.client().otCollectors.update(changed.id, { name: "renamed" }, etag as string);
    await registerOt(ctx, "live-2", { autoHeartbeat: true });
    await registerOt(ctx, "recent-dead");
    await ctx.control.advance(31 * 60_000);
    return dead;
  }

  async function remaining(): Promise<string[]> {
    const all = await ctx.client().otCollectors.search({ limit: 1000 });
    return names(all.data).sort();
  }

  it("offline list: not alive, and not modified for more than N days", async () => {
    const dead = await fleet();
    const output = recorder();
    const { result, exitCode } = await runOtOfflineList(
      ctx.client(),
      { days: 2, now: await serviceNow() },
      output,
    );
    expect(exitCode).toBe(0);
    expect(result.collectors.map((c) => c.id)).toEqual(dead);
    const lines = output.text().split("\n");
    expect(lines[1]).toMatch(/│ ID +│ Name +│ Version +│ Last modified +│ Host │ OS │/);
    expect(output.stdout.at(-1)).toBe(
      "3 OpenTelemetry collectors offline and unchanged for more than 2 days.",
    );
    expect(output.text()).not.toMatch(/renamed|live-|recent-dead/);

    const json = recorder();
    await runOtOfflineList(ctx.client(), { days: 2, json: true, now: await serviceNow() }, json);
    expect(names(JSON.parse(json.text()))).toEqual(["dead-1", "dead-2", "dead-3"]);

    const none = recorder();
    await runOtOfflineList(ctx.client(), { days: 5, now: await serviceNow() }, none);
    expect(none.text()).toBe(
      "No OpenTelemetry collector is offline and unchanged for more than 5 days.",
    );
    // One search for the not-alive ones; the age is applied here.
    expect(countRequests(await ctx.control.requests(), "POST", /\/otCollectors$/)).toBe(3);
  });

  it("offline delete --yes deletes exactly the listed ones, one DELETE and one GET each", async () => {
    const dead = await fleet();
    const earlier = (await ctx.control.requests()).length;
    const output = recorder();
    const { result, exitCode } = await runOtOfflineDelete(
      ctx.client(),
      { days: 2, yes: true, now: await serviceNow() },
      output,
    );
    const log = (await ctx.control.requests()).slice(earlier);
    expect(exitCode).toBe(0);
    expect(result.listed.map((c) => c.id)).toEqual(dead);
    expect(result.deleted.map((c) => c.id)).toEqual(dead);
    expect(result.remaining).toEqual([]);
    expect(await remaining()).toEqual(["live-1", "live-2", "recent-dead", "renamed"]);
    expect(output.stdout[1]).toBe(
      "These 3 OpenTelemetry collectors (offline and unchanged for more than 2 days) will be deleted.",
    );
    expect(output.stdout[2]).toMatch(/│ Collector │ ID +│ Result +│ Detail │/);
    expect(output.stdout[2]).toMatch(/│ dead-1 +│ [0-9A-F]{16} │ deleted │/);
    expect(output.stdout.at(-1)).toBe("Deleted 3 collectors.");
    // One search, then a DELETE and a GET by id for each; never the service's own clean-up.
    expect(countRequests(log, "POST", /\/otCollectors$/)).toBe(1);
    expect(countRequests(log, "DELETE")).toBe(3);
    expect(countRequests(log, "DELETE", OT_PATH)).toBe(3);
    expect(countRequests(log, "DELETE", /offline/)).toBe(0);
    expect(countRequests(log, "GET", OT_PATH)).toBe(3);
  });

  it("--dry-run shows them and deletes nothing: exit 0", async () => {
    await fleet();
    const before = await remaining();
    const output = recorder();
    const { exitCode, result } = await runOtOfflineDelete(
      ctx.client(),
      { days: 2, dryRun: true, now: await serviceNow() },
      output,
    );
    expect(exitCode).toBe(0);
    expect(result).toMatchObject({ dryRun: true, confirmed: false, deleted: [] });
    expect(output.stdout.at(-1)).toBe(
      "Dry run: would delete 3 OpenTelemetry collectors (offline and unchanged for more than 2 days). Nothing was changed.",
    );
    expect(countRequests(await ctx.control.requests(), "DELETE")).toBe(0);
    expect(await remaining()).toEqual(before);
  });

  it("refuses without --yes when there is no terminal to ask on: nothing deleted, exit 2", async () => {
    await fleet();
    const output = recorder();
    const { exitCode } = await runOtOfflineDelete(
      ctx.client(),
      { days: 2, now: await serviceNow() },
      output,
    );
    expect(exitCode).toBe(2);
    expect(output.stderr.join("\n")).toMatch(/not deleting without confirmation.*--yes/);
    expect(countRequests(await ctx.control.requests(), "DELETE")).toBe(0);
  });

  it("asks, and a no deletes nothing: exit 1", async () => {
    await fleet();
    const questions: string[] = [];
    const output = recorder(async (q) => {
      questions.push(q);
      return false;
    });
    const { exitCode } = await runOtOfflineDelete(
      ctx.client(),
      { days: 2, now: await serviceNow() },
      output,
    );
    expect(questions).toEqual(["Delete these 3 collectors?"]);
    expect(exitCode).toBe(1);
    expect(output.stdout.at(-1)).toBe("Nothing was deleted.");
    expect(countRequests(await ctx.control.requests(), "DELETE")).toBe(0);
  });

  it("asks about one collector in the singular", async () => {
    await registerOt(ctx, "only");
    await ctx.control.advance(2 * DAY);
    const questions: string[] = [];
    const output = recorder(async (q) => {
      questions.push(q);
      return false;
    });
    await runOtOfflineDelete(ctx.client(), { days: 1, now: await serviceNow() }, output);
    expect(questions).toEqual(["Delete this collector?"]);
    expect(output.stdout[1]).toBe(
      "This OpenTelemetry collector (offline and unchanged for more than 1 day) will be deleted.",
    );
  });

  it("asks, and after a yes leaves out one that came back; one that went offline meanwhile is only named", async () => {
    const [first, ...others] = await fleet();
    const now = await serviceNow();
    const output = recorder(async () => {
      await ctx.control.call(`/ot-collectors/${first}/heartbeat`, "POST");
      return true;
    });
    // recent-dead falls under a 1-day rule only once a day has passed: as if it did while asked.
    let asked = false;
    const later = () => (asked ? now() + DAY : now());
    const confirm = output.confirm as () => Promise<boolean>;
    output.confirm = async () => {
      const yes = await confirm();
      asked = true;
      return yes;
    };
    const { exitCode, result } = await runOtOfflineDelete(
      ctx.client(),
      { days: 1, now: later },
      output,
    );
    expect(exitCode).toBe(0);
    expect(output.stderr).toContain(
      "note: no longer offline and unchanged for more than 1 day, so not deleted: dead-1",
    );
    expect(output.stderr).toContain(
      "note: 2 more collectors fell under the rule while you were asked, not deleted as you did not confirm them: recent-dead, renamed",
    );
    expect(result.deleted.map((c) => c.id)).toEqual(others);
    expect(await remaining()).toEqual(["dead-1", "live-1", "live-2", "recent-dead", "renamed"]);
  });

  it("all of them back while it asked: nothing deleted, exit 0", async () => {
    await fleet();
    const now = await serviceNow();
    const output = recorder(async () => {
      for (const c of (await ctx.client().otCollectors.search({ limit: 1000 })).data) {
        await ctx.control.call(`/ot-collectors/${c.id}/heartbeat`, "POST");
      }
      return true;
    });
    const { exitCode } = await runOtOfflineDelete(ctx.client(), { days: 2, now }, output);
    expect(exitCode).toBe(0);
    expect(output.stdout.at(-1)).toBe(
      "None of them is offline and unchanged for more than 2 days any more: nothing was deleted.",
    );
    expect(countRequests(await ctx.control.requests(), "DELETE")).toBe(0);
  });

  it("a failed DELETE leaves that one NOT DELETED and goes on with the others: exit 1", async () => {
    const [failing, ...others] = await fleet();
    await ctx.control.call("/faults", "POST", {
      kind: "500",
      method: "DELETE",
      path: `^/otCollectors/${failing}$`,
    });
    const output = recorder();
    const { exitCode, result } = await runOtOfflineDelete(
      ctx.client(),
      { days: 2, yes: true, now: await serviceNow() },
      output,
    );
    await ctx.control.call("/faults", "DELETE");
    expect(exitCode).toBe(1);
    expect(result.deleted.map((c) => c.id)).toEqual(others);
    expect(result.remaining.map((r) => r.collector.id)).toEqual([failing]);
    expect(result.remaining[0]?.reason).toMatch(/^the DELETE failed: .*500/);
    expect(output.text()).toMatch(/│ dead-1 +│ [0-9A-F]{16} │ NOT DELETED │ the DELETE failed/);
    expect(output.stdout.at(-1)).toBe(
      "Deleted 2 collectors; 1 not deleted. Check again with: collectors ot offline list --days 2",
    );
    expect(await remaining()).toContain("dead-1");
  });

  it("one already gone when its DELETE arrives counts as deleted; a failed check confirms nothing", async () => {
    const [gone, unchecked, plain] = await fleet();
    const client = ctx.client();
    const api = client.otCollectors;
    const [del, get] = [api.delete.bind(api), api.get.bind(api)];
    api.delete = async (id, req) => {
      if (id === gone) await del(id, req); // someone else deletes it first
      return del(id, req);
    };
    api.get = async (id, req) => {
      if (id === unchecked) throw new Error("the network went away");
      return get(id, req);
    };
    const output = recorder();
    const { exitCode, result } = await runOtOfflineDelete(
      client,
      { days: 2, yes: true, now: await serviceNow() },
      output,
    );
    expect(exitCode).toBe(1);
    expect(result.deleted.map((c) => c.id)).toEqual([gone, plain]);
    expect(result.remaining).toEqual([
      {
        collector: expect.objectContaining({ id: unchecked }),
        reason:
          "its DELETE was accepted, but it is not confirmed gone (the check failed: the network went away)",
      },
    ]);
    expect(output.text()).toContain("already gone when its DELETE arrived");
  });

  it("Ctrl-C before the deletion deletes nothing; during it, no further DELETE: exit 130", async () => {
    await fleet();
    const before = await remaining();
    const early = recorder();
    const stopped = await runOtOfflineDelete(
      ctx.client(),
      { days: 2, yes: true, now: await serviceNow(), signal: AbortSignal.abort() },
      early,
    );
    expect(stopped.exitCode).toBe(130);
    expect(early.stdout.at(-1)).toBe("Interrupted (Ctrl-C): nothing was deleted.");
    expect(await remaining()).toEqual(before);

    const controller = new AbortController();
    const client = ctx.client();
    const del = client.otCollectors.delete.bind(client.otCollectors);
    client.otCollectors.delete = async (id, req) => {
      await del(id, req);
      controller.abort(); // Ctrl-C while the first DELETE is answered
    };
    const output = recorder();
    const { exitCode, result } = await runOtOfflineDelete(
      client,
      { days: 2, yes: true, now: await serviceNow(), signal: controller.signal },
      output,
    );
    expect(exitCode).toBe(130);
    expect(result.interrupted).toBe(true);
    expect(names(result.deleted)).toEqual(["dead-1"]);
    expect(result.remaining.map((r) => r.reason)).toEqual([
      "not deleted: Ctrl-C stopped the command before its turn",
      "not deleted: Ctrl-C stopped the command before its turn",
    ]);
    expect(output.stdout.at(-1)).toBe(
      "Interrupted (Ctrl-C): deleted 1 collector; 2 not deleted. Check with: collectors ot offline list --days 2",
    );
    expect(countRequests(await ctx.control.requests(), "DELETE")).toBe(1);
  });

  it("says so when there is nothing to delete; on the command line too", async () => {
    await registerOt(ctx, "live", { autoHeartbeat: true });
    const output = recorder();
    const { exitCode } = await runOtOfflineDelete(ctx.client(), { yes: true }, output);
    expect(exitCode).toBe(0);
    expect(output.text()).toBe(
      "No OpenTelemetry collector is offline and unchanged for more than 100 days: nothing to delete.",
    );
    const run = await collectors(ctx, ["ot", "offline", "delete", "--days", "3", "--dry-run"]);
    expect(run.exitCode).toBe(0);
    expect(run.output.text()).toBe(
      "No OpenTelemetry collector is offline and unchanged for more than 3 days: nothing to delete.",
    );
    const bad = await collectors(ctx, ["ot", "offline", "list", "--days", "0"]);
    expect(bad.exitCode).toBe(2);
  });

  it("shows progress on stderr past 10 collectors", async () => {
    for (let i = 0; i < 11; i++) await registerOt(ctx, `old-${String(i).padStart(2, "0")}`);
    await ctx.control.advance(2 * DAY);
    const output = recorder();
    const { exitCode } = await runOtOfflineDelete(
      ctx.client(),
      { days: 1, yes: true, now: await serviceNow() },
      output,
    );
    expect(exitCode).toBe(0);
    expect(output.stderr).toEqual([
      "Deleting 11 collectors one by one, checking each is gone. Ctrl-C stops before the next one.",
      "0/11 collectors deleted or tried",
      "11/11 collectors deleted or tried",
    ]);
    expect(await remaining()).toEqual([]);
  });
});
