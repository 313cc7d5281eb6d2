import { describe, expect, it } from "vitest";
import { runList } from "../../cli/list/command";
import { recorder, useEmulator } from "./harness";

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
