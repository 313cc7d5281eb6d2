import { describe, expect, it } from "vitest";
import { registerList, runList } from "../../cli/list/command";
import { type ListSourcesOptions, runListSources, type SourceRow } from "../../cli/list/sources";
import type { CommandIO } from "../../cli/shared/action";
import { Command, usageExit } from "../../cli/shared/commander";
import { UsageError } from "../../cli/shared/output";
import { ACCESS_ID, ACCESS_KEY, recorder, useEmulator } from "./harness";

describe("collectors list", () => {
  const ctx = useEmulator();

  async function fleet() {
    await ctx.control.register("gone");
    await ctx.control.advance(31 * 60_000);
    await ctx.control.register("web-1", { autoHeartbeat: true, hostName: "web-1.example" });
    await ctx.client().collectors.create({ name: "hosted-http" });
  }

  it("prints a table of every collector, sorted by name", async () => {
    await fleet();
    const output = recorder();
    const { result, exitCode } = await runList(ctx.client(), {}, output);
    expect(exitCode).toBe(0);
    expect(result.collectors).toHaveLength(3);
    const lines = output.text().split("\n");
    expect(lines[1]).toMatch(
      /│ ID +│ Name +│ Type +│ Version +│ Alive +│ Last seen alive +│ OS +│/,
    );
    const rows = lines.filter((l) => /^│ \d+/.test(l));
    expect(rows.map((l) => l.split("│")[2]?.trim())).toEqual(["gone", "hosted-http", "web-1"]);
    expect(rows[0]).toMatch(
      /│ Installed │ 19\.403-1 +│ no +│ \d{4}-\d\d-\d\d \d\d:\d\d UTC │ Linux 6\.1 amd64 │/,
    );
    expect(rows[1]).toMatch(/│ Hosted +│ - +│ yes +│ - +│ - +│/);
    expect(rows[2]).toMatch(/│ Installed │ 19\.403-1 +│ yes +│/);
    expect(output.stdout.at(-1)).toBe("3 collectors");
  });

  it("--json prints the service's fields; --filter narrows", async () => {
    await fleet();
    const output = recorder();
    await runList(ctx.client(), { json: true }, output);
    const all = JSON.parse(output.text()) as {
      name: string;
      collectorType: string;
      alive: boolean;
    }[];
    expect(all.map((c) => c.name).sort()).toEqual(["gone", "hosted-http", "web-1"]);
    expect(all.find((c) => c.name === "hosted-http")?.collectorType).toBe("Hosted");

    for (const [filter, expected] of [
      ["hosted", ["hosted-http"]],
      ["installed", ["gone", "web-1"]],
      ["dead", ["gone"]],
      ["alive", ["hosted-http", "web-1"]],
    ] as const) {
      const out = recorder();
      const { result } = await runList(ctx.client(), { filter, json: true }, out);
      expect(result.collectors.map((c) => c.name).sort(), filter).toEqual(expected);
    }

    const empty = recorder();
    await ctx.control.reset();
    await runList(ctx.client(), { filter: "dead" }, empty);
    expect(empty.text()).toBe("No dead collectors.");
  });
});

describe("collectors list --sources", () => {
  const ctx = useEmulator();
  const LONG = `a collector whose name runs on ${"and on ".repeat(12)}to the end`;

  /** Collectors with sources of three classes, one without any, and a long name. */
  async function fleet() {
    const client = ctx.client();
    const hosted = (await client.collectors.create({ name: "hosted-http" })).collector.id;
    const http = await client.sources.create(hosted, {
      sourceType: "HTTP",
      name: "access log",
      category: "prod/web",
    });
    const otlp = await client.sources.create(hosted, {
      sourceType: "HTTP",
      name: "traces",
      contentType: "Otlp",
    });
    const web = await ctx.control.register("web-1");
    const file = await client.sources.create(web, {
      sourceType: "LocalFile",
      name: "app",
      pathExpression: "/var/log/app/*.log",
      category: "app/logs",
    });
    const long = (await client.collectors.create({ name: LONG })).collector.id;
    const longSource = await client.sources.create(long, {
      sourceType: "HTTP",
      name: `${"x".repeat(100)}-end`,
    });
    const empty = (await client.collectors.create({ name: "empty" })).collector.id;
    // The credentials the service holds in the HTTP sources: never printed.
    const urls = [http, otlp, longSource].map((s) => String(s.source.url));
    expect(urls.every((url) => url.startsWith("http"))).toBe(true);
    return { hosted, web, long, empty, http, otlp, file, longSource, urls };
  }

  const run = (options: Partial<ListSourcesOptions> = {}) => {
    const output = recorder();
    return runListSources(ctx.client(), { collectors: [], ...options }, output).then((done) => ({
      ...done,
      output,
    }));
  };

  it("prints every collector's sources whole: id <collectorId>/<sourceId>, name, type, class, category", async () => {
    const f = await fleet();
    const { exitCode, output } = await run();
    expect(exitCode).toBe(0);
    const lines = output.text().split("\n");
    expect(lines[1]).toMatch(/^│ Collector +│ ID +│ Name +│ Type +│ Class +│ Category +│$/);
    const cells = lines
      .filter((l) => /^│ .*\d+\/\d+/.test(l))
      .map((l) =>
        l
          .split("│")
          .slice(1, -1)
          .map((c) => c.trim()),
      );
    const id = (c: number, s: { source: { id?: number } }) => `${c}/${s.source.id}`;
    expect(cells).toEqual([
      [LONG, id(f.long, f.longSource), `${"x".repeat(100)}-end`, "HTTP", "HttpSource", "-"],
      ["hosted-http", id(f.hosted, f.http), "access log", "HTTP", "HttpSource", "prod/web"],
      ["hosted-http", id(f.hosted, f.otlp), "traces", "HTTP", "OtlpSource", "-"],
      ["web-1", id(f.web, f.file), "app", "LocalFile", "LocalFileSource", "app/logs"],
    ]);
    expect(output.stdout.at(-1)).toBe("4 sources on 3 collectors");
    expect(output.stderr).toEqual([]); // a few collectors: no progress lines
    const everything = [...output.stdout, ...output.stderr].join("\n");
    for (const url of f.urls) expect(everything).not.toContain(url);
  });

  it("--json prints the table's fields, and no credential", async () => {
    const f = await fleet();
    const { output, result } = await run({ json: true });
    const rows = JSON.parse(output.text()) as SourceRow[];
    expect(rows).toEqual(result.sources);
    expect(rows.find((r) => r.name === "access log")).toEqual({
      id: `${f.hosted}/${f.http.source.id}`,
      sourceId: f.http.source.id,
      collectorId: f.hosted,
      collector: "hosted-http",
      name: "access log",
      sourceType: "HTTP",
      class: "HttpSource",
      category: "prod/web",
    });
    for (const url of f.urls) expect(output.text()).not.toContain(url);
  });

  it("takes collectors by id, name or pattern, and refuses one that matches none", async () => {
    const f = await fleet();
    const names = async (collectors: string[], filter?: ListSourcesOptions["filter"]) =>
      (await run({ collectors, filter })).result.sources.map((s) => `${s.collector}: ${s.name}`);
    expect(await names([String(f.web)])).toEqual(["web-1: app"]);
    expect(await names(["hosted-http"])).toEqual([
      "hosted-http: access log",
      "hosted-http: traces",
    ]);
    expect(await names(["web-?", "host*"])).toEqual([
      "hosted-http: access log",
      "hosted-http: traces",
      "web-1: app",
    ]);
    expect(await names(["*"], "installed")).toEqual(["web-1: app"]);
    expect((await run({ collectors: ["empty"] })).output.text()).toBe("No sources on 1 collector.");

    await expect(run({ collectors: ["web-1", "web-9", "db-*", "99"] })).rejects.toThrow(
      new UsageError(
        "--sources web-9, db-*, 99: match no collector's name or id; `collectors list` shows them. Nothing was listed.",
      ),
    );
    await expect(run({ collectors: ["hosted-http"], filter: "installed" })).rejects.toThrow(
      "--sources hosted-http: matches no installed collector's name or id; `collectors list --filter installed` shows them.",
    );
    await expect(run({ collectors: ["[z-a]"] })).rejects.toThrow(
      /--sources \[z-a\]: not a valid pattern/,
    );
  });

  it("shows progress on stderr only past 10 collectors, the result alone on stdout", async () => {
    const client = ctx.client();
    for (let i = 1; i <= 11; i++) await client.collectors.create({ name: `c${i}` });
    const many = await run({ json: true });
    expect(JSON.parse(many.output.text())).toEqual([]);
    expect(many.output.stderr).toEqual([
      "0/11 collectors' sources read",
      "11/11 collectors' sources read",
    ]);
    const few = await run({ collectors: ["c1?"] });
    expect(few.output.text()).toBe("No sources on 2 collectors.");
    expect(few.output.stderr).toEqual([]);
  });

  it("on the command line: --sources alone for all, with collectors for some; exit 2 for an unknown one", async () => {
    const f = await fleet();
    const all = await collectors(["list", "--sources"]);
    expect(all.exitCode).toBe(0);
    expect(all.output.stdout.at(-1)).toBe("4 sources on 3 collectors");

    const some = await collectors(["list", "--sources", "web-1", String(f.hosted), "--json"]);
    expect(some.exitCode).toBe(0);
    expect((JSON.parse(some.output.text()) as SourceRow[]).map((s) => s.name)).toEqual([
      "access log",
      "traces",
      "app",
    ]);

    const unknown = await collectors(["list", "--sources", "web-9"]);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.output.stdout).toEqual([]);
    expect(unknown.output.stderr).toEqual([
      "error: --sources web-9: matches no collector's name or id; `collectors list` shows them. Nothing was listed.",
    ]);
  });

  /** `collectors …` through commander, on a recording output; the exit code it sets. */
  async function collectors(args: string[]) {
    const output = recorder();
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
    registerList(program, io);
    await program.parseAsync([...args, "--endpoint", ctx.emu.url], { from: "user" });
    return { exitCode, output };
  }
});
