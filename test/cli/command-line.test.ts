// The commander wiring: flags and COLLECTORS_* variables reach the client, exit codes and
// messages reach the caller. Commands run through a CommandIO that records instead of exiting.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildProgram, registerFleet } from "../../cli/main";
import type { CommandIO } from "../../cli/shared/action";
import { Command, usageExit } from "../../cli/shared/commander";
import { packageInfo } from "../../provider/plugin/version";
import { ACCESS_ID, ACCESS_KEY, type RecordedOutput, recorder, useEmulator } from "./harness";

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

interface Run {
  exitCode: number | undefined;
  output: RecordedOutput;
  commanderErrors: string;
}

async function collectors(
  args: string[],
  env: Record<string, string | undefined>,
  /** Ctrl-C as soon as an interruptible command starts listening for it. */
  { ctrlC = false } = {},
): Promise<Run> {
  const output = recorder();
  const run: Run = { exitCode: undefined, output, commanderErrors: "" };
  const io: CommandIO = {
    output,
    env,
    setExitCode: (code) => {
      run.exitCode = code;
    },
    onInterrupt: (handler) => {
      if (ctrlC) handler();
      return () => undefined;
    },
  };
  // As cli/main.ts does: commander's own parse errors exit 2.
  const program = new Command("collectors").exitOverride(usageExit).configureOutput({
    writeErr: (text) => {
      run.commanderErrors += text;
    },
    writeOut: () => undefined,
  });
  registerFleet(program, io);
  try {
    await program.parseAsync(args, { from: "user" });
  } catch (error) {
    run.exitCode = (error as { exitCode?: number }).exitCode ?? -1;
  }
  return run;
}

describe("the collectors command line", () => {
  const ctx = useEmulator();
  const env = () => ({
    COLLECTORS_ACCESS_ID: ACCESS_ID,
    COLLECTORS_ACCESS_KEY: ACCESS_KEY,
    COLLECTORS_ENDPOINT: ctx.emu.url,
  });

  it("takes its configuration from the COLLECTORS_* variables", async () => {
    await ctx.control.register("from-env", { autoHeartbeat: true });
    const run = await collectors(["list", "--json"], env());
    expect(run.exitCode).toBe(0);
    expect(JSON.parse(run.output.text()).map((c: { name: string }) => c.name)).toEqual([
      "from-env",
    ]);
  });

  it("flags win over the variables", async () => {
    await ctx.control.register("from-flags", { autoHeartbeat: true });
    const wrong = {
      COLLECTORS_ACCESS_ID: "nobody",
      COLLECTORS_ACCESS_KEY: "wrong",
      COLLECTORS_DEPLOYMENT: "eu",
    };
    const args = [
      "list",
      "--access-id",
      ACCESS_ID,
      "--access-key",
      ACCESS_KEY,
      "--endpoint",
      ctx.emu.origin,
    ];
    const run = await collectors(args, wrong);
    expect(run.output.stderr).toEqual([]);
    expect(run.exitCode).toBe(0);
    expect(run.output.text()).toContain("from-flags");
  });

  it("says which setting is missing, exit 2, and never prints the key", async () => {
    const run = await collectors(["list"], {
      COLLECTORS_ENDPOINT: ctx.emu.url,
      COLLECTORS_ACCESS_ID: ACCESS_ID,
    });
    expect(run.exitCode).toBe(2);
    expect(run.output.stderr).toEqual([
      "error: no access key: pass --access-key or set COLLECTORS_ACCESS_KEY",
    ]);

    const bad = await collectors(["list"], { ...env(), COLLECTORS_ACCESS_KEY: "not-the-key-123" });
    expect(bad.exitCode).toBe(1);
    expect(bad.output.stderr.join("\n")).toMatch(/401/);
    expect(bad.output.stderr.join("\n")).not.toContain("not-the-key-123");
  });

  it("upgrade: usage mistakes exit 2 before any change", async () => {
    const none = await collectors(["upgrade", "--to", "latest"], env());
    expect(none.exitCode).toBe(2);
    expect(none.output.stderr[0]).toMatch(/--name <glob>.*--all-upgradable/);

    const unknown = await collectors(["upgrade", "--to", "1.0-0", "--name", "x"], env());
    expect(unknown.exitCode).toBe(2);
    expect(unknown.output.stderr[0]).toMatch(
      /--to 1\.0-0 is not a build the service offers; available: .*19\.470-4/,
    );

    const missing = await collectors(["upgrade", "--name", "x"], env());
    expect(missing.commanderErrors).toMatch(/required option '--to <version>'/);
    expect(missing.exitCode).toBe(2);

    const badGlob = await collectors(["upgrade", "--to", "latest", "--name", "web-[z-a]"], env());
    expect(badGlob.exitCode).toBe(2);
    expect(badGlob.output.stderr[0]).toMatch(/^error: --name web-\[z-a\]: not a valid pattern \(/);
    const log = await ctx.control.requests();
    expect(log.filter((r) => r.method !== "GET")).toEqual([]);
  });

  it("upgrade --name takes several globs, --dry-run --json prints the plan", async () => {
    await ctx.control.register("web-1", { autoHeartbeat: true });
    await ctx.control.register("db-1", { autoHeartbeat: true });
    await ctx.control.register("cache-1", { autoHeartbeat: true });
    const run = await collectors(
      ["upgrade", "--to", "latest", "--name", "web-*", "db-?", "--dry-run", "--json"],
      env(),
    );
    expect(run.exitCode).toBe(0);
    const result = JSON.parse(run.output.text());
    expect(
      result.rows.map((r: { collector: { name: string } }) => r.collector.name).sort(),
    ).toEqual(["db-1", "web-1"]);
    expect(result.dryRun).toBe(true);
  });

  it("offline: --days is checked, and delete without a terminal needs --yes", async () => {
    const zero = await collectors(["offline", "list", "--days", "0"], env());
    expect(zero.commanderErrors).toMatch(/--days <n>.*whole number of days, 1 or more/);

    await ctx.control.register("old");
    await ctx.control.advance(2 * 24 * 60 * 60_000);
    const refused = await collectors(["offline", "delete", "--days", "1"], env());
    expect(refused.exitCode).toBe(2);
    expect(refused.output.text()).toContain("old");
    const list = await collectors(["offline", "list", "--days", "1", "--json"], env());
    expect(JSON.parse(list.output.text())).toHaveLength(1);

    // delete listens for Ctrl-C: one before the deletion starts deletes nothing.
    const stopped = await collectors(["offline", "delete", "--days", "1", "--yes"], env(), {
      ctrlC: true,
    });
    expect(stopped.exitCode).toBe(130);
    expect(stopped.output.text()).toContain("Interrupted (Ctrl-C): nothing was deleted.");
    expect((await ctx.control.requests()).filter((r) => r.method === "DELETE")).toEqual([]);
  });

  it("commander's own parse errors exit 2, help exits 0", async () => {
    const filter = await collectors(["list", "--filter", "nope"], env());
    expect(filter.exitCode).toBe(2);
    expect(filter.commanderErrors).toMatch(/--filter <kind>.*choose one of/);
    const unknown = await collectors(["list", "--colour"], env());
    expect(unknown.exitCode).toBe(2);
    expect(unknown.commanderErrors).toMatch(/unknown option '--colour'/);
    const days = await collectors(["offline", "list", "--days", "0"], env());
    expect(days.exitCode).toBe(2);
    const noSubcommand = await collectors(["offline"], env());
    expect(noSubcommand.exitCode).toBe(2);
    expect((await collectors(["--help"], env())).exitCode).toBe(0);
    expect((await collectors(["upgrade", "--help"], env())).exitCode).toBe(0);
    expect((await ctx.control.requests()).length).toBe(0);
  });

  it("--verbose logs each exchange to stderr", async () => {
    const run = await collectors(["list", "--verbose"], env());
    expect(run.exitCode).toBe(0);
    expect(run.output.stderr.some((l) => /^GET \/collectors\S* 200 \d+ms$/.test(l))).toBe(true);
  });
});

describe("the collectors bin (cli/main.ts)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** The exit code buildProgram() hands to main's catch, commander's output kept quiet. */
  async function exitCodeOf(args: string[]): Promise<{ code: number | undefined; stderr: string }> {
    let stderr = "";
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      stderr += String(chunk);
      return true;
    });
    try {
      await buildProgram().parseAsync(args, { from: "user" });
      return { code: undefined, stderr };
    } catch (error) {
      return { code: (error as { exitCode?: number }).exitCode, stderr };
    } finally {
      vi.restoreAllMocks();
    }
  }

  it("ends commander's parse errors with exit 2 and help with 0", async () => {
    expect(await exitCodeOf(["list", "--filter", "nope"])).toMatchObject({ code: 2 });
    expect(await exitCodeOf(["upgrade", "--name", "x"])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/required option '--to <version>'/),
    });
    expect(await exitCodeOf(["serve", "--port", "http"])).toMatchObject({ code: 2 });
    expect(await exitCodeOf(["--help"])).toMatchObject({ code: 0 });
    expect(await exitCodeOf(["serve", "--help"])).toMatchObject({ code: 0 });
  });

  it("prints the package's version with --version, exit 0", async () => {
    let stdout = "";
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      stdout += String(chunk);
      return true;
    });
    await expect(buildProgram().parseAsync(["--version"], { from: "user" })).rejects.toMatchObject({
      code: "commander.version",
      exitCode: 0,
    });
    vi.restoreAllMocks();
    expect(stdout).toBe(`${packageInfo().version}\n`);
  });

  it("keeps a command's own program.error() code: serve's checks exit 1", async () => {
    expect(await exitCodeOf(["serve", "--port", "0", "--access-id", "x"])).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/--access-id and --access-key go together/),
    });
  });

  it("ends serve with a usage error (exit 2) on a bad --accounts file, naming the file and why", async () => {
    const dir = mkdtempSync(join(tmpdir(), "collectors-accounts-"));
    try {
      const missing = join(dir, "missing.json");
      expect(await exitCodeOf(["serve", "--port", "0", "--accounts", missing])).toEqual({
        code: 2,
        stderr: expect.stringMatching(
          new RegExp(`^error: --accounts ${escapeRegExp(missing)}: cannot be read \\(ENOENT`),
        ),
      });
      const notJson = join(dir, "not.json");
      writeFileSync(notJson, "{ accounts: [");
      expect(await exitCodeOf(["serve", "--port", "0", "--accounts", notJson])).toEqual({
        code: 2,
        stderr: expect.stringMatching(
          new RegExp(`^error: --accounts ${escapeRegExp(notJson)}: not valid JSON \\(`),
        ),
      });
      const wrong = join(dir, "wrong.json");
      writeFileSync(wrong, JSON.stringify({ accounts: [{ name: "acme", deployment: "mars" }] }));
      expect(await exitCodeOf(["serve", "--port", "0", "--accounts", wrong])).toEqual({
        code: 2,
        stderr: expect.stringMatching(
          new RegExp(
            `^error: --accounts ${escapeRegExp(wrong)}: accounts file: accounts\\[0\\]\\.deployment must be one of us1,`,
          ),
        ),
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
