// `collectors recover`: stack exports with pending operations, built here in the engine's shapes,
// against the emulator; the command runs through commander as `collectors` does.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildProgram } from "../../cli/main";
import { registerRecover } from "../../cli/recover/command";
import type { CommandIO } from "../../cli/shared/action";
import { Command, usageExit } from "../../cli/shared/commander";
import { ACCESS_ID, ACCESS_KEY, type RecordedOutput, recorder, useEmulator } from "./harness";

const SIG = { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270" };
const encrypted = (ciphertext: string) => ({ ...SIG, ciphertext });
const shown = (value: unknown) => ({ ...SIG, value });

const STACK_URN = "urn:pulumi:dev::proj::pulumi:pulumi:Stack::proj-dev";
const PROVIDER_URN = "urn:pulumi:dev::proj::pulumi:providers:collectors::default";
const PROVIDER_ID = "0b1e5a46-6c2f-4d7e-9a53-3f1f3c8e2d10";
/** A credential the state holds (the provider's key, a source's input): never printed. */
const STATE_SECRET = "never-print-this-key-0001";

const plugin = (kind: string) => `collectors:index:${kind}`;
const classes = (kind: string) => `pulumi-nodejs:dynamic/collectors:${kind}`;
const urnOf = (type: string, name: string) => `urn:pulumi:dev::proj::${type}::${name}`;

interface StateEntry {
  type: string;
  name: string;
  id: string;
  inputs?: Record<string, unknown>;
}

/** A resource of the state, as `pulumi stack export` writes it. */
function resource({ type, name, id, inputs = {} }: StateEntry) {
  const dynamic = type.startsWith("pulumi-nodejs:");
  return {
    urn: urnOf(type, name),
    custom: true,
    id,
    type,
    inputs: dynamic ? { __provider: "exports.handler = __f0;", ...inputs } : inputs,
    outputs: { ...inputs, adopted: false },
    parent: STACK_URN,
    provider: `${PROVIDER_URN}::${PROVIDER_ID}`,
  };
}

/** A pending operation: the resource as the engine recorded it when it started, never an id. */
function pending(
  operation: string,
  type: string,
  name: string,
  inputs: Record<string, unknown>,
): unknown {
  const dynamic = type.startsWith("pulumi-nodejs:");
  const recorded = dynamic
    ? {
        __autoname: name,
        __provider: "exports.handler = __f0;",
        __urn: urnOf(type, name),
        ...inputs,
      }
    : inputs;
  return {
    resource: {
      urn: urnOf(type, name),
      custom: true,
      type,
      inputs: recorded,
      parent: STACK_URN,
      provider: `${PROVIDER_URN}::${PROVIDER_ID}`,
    },
    type: operation,
  };
}

function stackExport(pendingOperations: unknown[], resources: StateEntry[] = []): string {
  return JSON.stringify({
    version: 3,
    deployment: {
      manifest: { time: "2026-11-27T02:05:04Z", magic: "abc", version: "v3.259.0" },
      secrets_providers: { type: "passphrase", state: { salt: "v1:x" } },
      resources: [
        { urn: STACK_URN, custom: false, type: "pulumi:pulumi:Stack", outputs: {} },
        {
          urn: PROVIDER_URN,
          custom: true,
          id: PROVIDER_ID,
          type: "pulumi:providers:collectors",
          inputs: { accessId: ACCESS_ID, accessKey: shown(STATE_SECRET) },
          outputs: { accessId: ACCESS_ID, accessKey: encrypted("v1:abc") },
        },
        ...resources.map(resource),
      ],
      pending_operations: pendingOperations,
    },
  });
}

interface Run {
  exitCode: number | undefined;
  output: RecordedOutput;
  /** What commander wrote (help, its own parse errors). */
  commander: string;
  stdout: string;
  stderr: string;
}

describe("collectors recover", () => {
  const ctx = useEmulator();
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "recover-test-"));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const env = (extra: Record<string, string | undefined> = {}) => ({
    COLLECTORS_ACCESS_ID: ACCESS_ID,
    COLLECTORS_ACCESS_KEY: ACCESS_KEY,
    COLLECTORS_ENDPOINT: ctx.emu.url,
    ...extra,
  });

  /** Writes an export to a file of the test's folder; returns its path. */
  function file(text: string, name = "state.json"): string {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  }

  async function recover(
    args: string[],
    options: { stdin?: string; env?: Record<string, string | undefined> } = {},
  ): Promise<Run> {
    const output = recorder();
    const run: Run = { exitCode: undefined, output, commander: "", stdout: "", stderr: "" };
    const io: CommandIO = {
      output,
      env: options.env ?? env(),
      setExitCode: (code) => {
        run.exitCode = code;
      },
      onInterrupt: () => () => undefined,
    };
    const program = new Command("collectors").exitOverride(usageExit).configureOutput({
      writeErr: (text) => {
        run.commander += text;
      },
      writeOut: (text) => {
        run.commander += text;
      },
    });
    registerRecover(program, io, { readStdin: async () => options.stdin ?? "" });
    try {
      await program.parseAsync(["recover", ...args], { from: "user" });
    } catch (error) {
      run.exitCode = (error as { exitCode?: number }).exitCode ?? -1;
    }
    run.stdout = output.text();
    run.stderr = output.stderr.join("\n");
    return run;
  }

  /** The report line of the resource with this logical name. */
  function lineOf(run: Run, logical: string): string {
    const line = run.stdout.split("\n").find((l) => l.includes(` ${logical} (`));
    expect(line, `no line for ${logical} in:\n${run.stdout}`).toBeDefined();
    return line as string;
  }

  /** A Hosted Collector and its HTTP source on the emulator. */
  async function hostedWithSource(collector: string, source: string) {
    const client = ctx.client();
    const { collector: c } = await client.collectors.create({ name: collector });
    const { source: s } = await client.sources.create(c.id, { sourceType: "HTTP", name: source });
    return { collectorId: c.id, sourceId: s.id as number };
  }

  it("finds plugin and classes pending creates and prints the refresh with each front end's ids", async () => {
    const { collectorId, sourceId } = await hostedWithSource("web", "http-in");
    const other = await hostedWithSource("api", "api-in");
    const path = file(
      stackExport([
        pending("creating", plugin("HostedCollector"), "c0", { name: "web" }),
        pending("creating", plugin("HttpSource"), "s0", { name: "http-in", collectorId }),
        pending("creating", classes("HostedCollector"), "c1", { name: "api" }),
        // The classes record collectorId as given: a number, or here a numeric string.
        pending("creating", classes("HttpSource"), "s1", {
          name: "api-in",
          collectorId: String(other.collectorId),
        }),
      ]),
    );
    const run = await recover([path]);
    expect(run.stderr).toBe("");
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain(`4 pending operations in ${path}:`);
    expect(lineOf(run, "c0")).toBe(
      `  creating c0 (collectors:index:HostedCollector) "web": found, id ${collectorId}`,
    );
    expect(lineOf(run, "s0")).toBe(
      `  creating s0 (collectors:index:HttpSource) "http-in" in collector ${collectorId}: found, id ${collectorId}/${sourceId}`,
    );
    expect(lineOf(run, "c1")).toContain(`: found, id ${other.collectorId}`);
    expect(lineOf(run, "s1")).toMatch(new RegExp(`: found, id ${other.sourceId}$`));
    const command = run.stdout.slice(run.stdout.indexOf("pulumi refresh"));
    expect(command).toBe(
      [
        "pulumi refresh \\",
        `  --import-pending-creates 'urn:pulumi:dev::proj::collectors:index:HostedCollector::c0' --import-pending-creates ${collectorId} \\`,
        `  --import-pending-creates 'urn:pulumi:dev::proj::collectors:index:HttpSource::s0' --import-pending-creates ${collectorId}/${sourceId} \\`,
        `  --import-pending-creates 'urn:pulumi:dev::proj::pulumi-nodejs:dynamic/collectors:HostedCollector::c1' --import-pending-creates ${other.collectorId} \\`,
        `  --import-pending-creates 'urn:pulumi:dev::proj::pulumi-nodejs:dynamic/collectors:HttpSource::s1' --import-pending-creates ${other.sourceId}`,
      ].join("\n"),
    );
    expect(run.stdout).not.toContain(STATE_SECRET);
  });

  it("a pending create not on the service: exit 1, says how to drop it, nothing to import", async () => {
    const path = file(
      stackExport([pending("creating", plugin("HostedCollector"), "ghost", { name: "ghost-1" })]),
    );
    const run = await recover([path]);
    expect(run.exitCode).toBe(1);
    expect(lineOf(run, "ghost")).toBe(
      '  creating ghost (collectors:index:HostedCollector) "ghost-1": not on the service: the create never reached it; `pulumi refresh --clear-pending-creates` drops it, or the next `pulumi up` creates it',
    );
    expect(run.stdout).toContain("Nothing to import.");
    expect(run.stdout).not.toContain("--import-pending-creates");
  });

  it("found and missing together: the command imports the found one and says --clear-pending-creates drops the rest", async () => {
    const { collectorId } = await hostedWithSource("web", "http-in");
    const path = file(
      stackExport([
        pending("creating", plugin("HostedCollector"), "c0", { name: "web" }),
        pending("creating", plugin("HttpSource"), "gone", { name: "nope", collectorId }),
      ]),
    );
    const run = await recover([path]);
    expect(run.exitCode).toBe(1);
    expect(lineOf(run, "gone")).toContain("not on the service");
    expect(run.stdout).toContain(`--import-pending-creates ${collectorId}\n`);
    expect(run.stdout).not.toContain("::gone'");
    expect(run.stdout).toContain(
      "Adding --clear-pending-creates to it also drops every pending create it does not import.",
    );
  });

  it("updating and deleting operations are settled by the next pulumi up, other providers' creates left alone: exit 0", async () => {
    const path = file(
      stackExport(
        [
          pending("updating", plugin("HostedCollector"), "c0", { name: "web" }),
          pending("deleting", classes("HttpSource"), "s0", { name: "in", collectorId: 1 }),
          pending("creating", "aws:s3/bucket:Bucket", "logs", { bucket: "logs" }),
        ],
        [{ type: plugin("HostedCollector"), name: "c0", id: "100000001", inputs: { name: "web" } }],
      ),
    );
    const run = await recover([path]);
    expect(run.exitCode).toBe(0);
    expect(lineOf(run, "c0")).toBe(
      "  updating c0 (collectors:index:HostedCollector): settled by the next pulumi up",
    );
    expect(lineOf(run, "s0")).toBe(
      "  deleting s0 (pulumi-nodejs:dynamic/collectors:HttpSource): settled by the next pulumi up",
    );
    expect(lineOf(run, "logs")).toBe(
      "  creating logs (aws:s3/bucket:Bucket): not a collectors resource: not looked up",
    );
    expect(run.stdout).toContain("No pending create of a collectors resource: nothing to import.");
    // Nothing to look up: no request reached the service.
    expect((await ctx.control.requests()).filter((r) => r.path.includes("/collectors"))).toEqual(
      [],
    );
  });

  it("skips an object the state already holds under the same type", async () => {
    const { collectorId } = await hostedWithSource("web", "http-in");
    const path = file(
      stackExport(
        [
          pending("creating", plugin("HostedCollector"), "again", { name: "web" }),
          // Same object, other front end: not held by a resource of this type, so offered, warned.
          pending("creating", classes("HostedCollector"), "web-ts", { name: "web" }),
        ],
        [{ type: plugin("HostedCollector"), name: "web", id: String(collectorId) }],
      ),
    );
    const run = await recover([path]);
    expect(lineOf(run, "again")).toBe(
      `  creating again (collectors:index:HostedCollector) "web": found, id ${collectorId}, which the state already holds as web: skipped; \`pulumi refresh --clear-pending-creates\` drops it`,
    );
    expect(lineOf(run, "web-ts")).toContain(
      `found, id ${collectorId}; warning: the state also holds this object as web (collectors:index:HostedCollector)`,
    );
    expect(run.stdout).not.toContain("HostedCollector::again'");
    expect(run.stdout).toContain("HostedCollector::web-ts'");
    expect(run.exitCode).toBe(1);
  });

  it("two pending creates that found the same object are ambiguous: neither is offered", async () => {
    const { collectorId } = await hostedWithSource("web", "http-in");
    const path = file(
      stackExport([
        pending("creating", plugin("HostedCollector"), "a", { name: "web" }),
        pending("creating", classes("HostedCollector"), "b", { name: "web" }),
      ]),
    );
    const run = await recover([path]);
    expect(run.exitCode).toBe(1);
    for (const logical of ["a", "b"]) {
      expect(lineOf(run, logical)).toContain(
        `ambiguous: 2 pending creates found the same object (id ${collectorId})`,
      );
    }
    expect(run.stdout).not.toContain("pulumi refresh");
  });

  it("an object of another type under the name is not offered; differing settings only warn", async () => {
    const client = ctx.client();
    const { collector } = await client.collectors.create({ name: "web", description: "by hand" });
    await client.sources.create(collector.id, { sourceType: "Cloudsyslog", name: "in" });
    const path = file(
      stackExport([
        pending("creating", plugin("HttpSource"), "http", {
          name: "in",
          collectorId: collector.id,
        }),
        pending("creating", plugin("HostedCollector"), "web", {
          name: "web",
          description: "from the program",
        }),
      ]),
    );
    const run = await recover([path]);
    expect(run.exitCode).toBe(1);
    expect(lineOf(run, "http")).toMatch(
      /"in" in collector \d+: object \d+ of that name exists, but it is a Cloudsyslog source, not HTTP: not what this resource was creating, so not offered; `pulumi refresh --clear-pending-creates` drops it$/,
    );
    expect(lineOf(run, "web")).toBe(
      `  creating web (collectors:index:HostedCollector) "web": found, id ${collector.id}; warning: its description differs from the recorded inputs (the import takes the object as it is; the next \`pulumi up\` sets the program's values)`,
    );
    expect(run.stdout).toContain("HostedCollector::web' --import-pending-creates");
    expect(run.stdout).not.toContain("HttpSource::http'");
  });

  it("an adoption in flight is looked up by what adopt names", async () => {
    const installed = await ctx.control.register("host-1.prod");
    const other = await ctx.control.register("host-2.prod");
    const path = file(
      stackExport([
        pending("creating", plugin("InstalledCollector"), "host", {
          adopt: { name: "host-1.prod" },
          name: "host-1.prod",
        }),
        pending("creating", classes("InstalledCollector"), "by-id", {
          adopt: { id: String(other) },
        }),
        // A Hosted Collector resource adopting an Installed one: the wrong type.
        pending("creating", plugin("HostedCollector"), "wrong", { adopt: { id: installed } }),
      ]),
    );
    const run = await recover([path]);
    expect(lineOf(run, "host")).toContain(`found, id ${installed}`);
    expect(lineOf(run, "by-id")).toContain(`found, id ${other}`);
    expect(lineOf(run, "wrong")).toContain(
      `object ${installed} that adopt names exists, but it is an Installed Collector, not a Hosted Collector: not what this resource was creating`,
    );
    expect(run.exitCode).toBe(1);
  });

  it("--json prints the findings and the command as data", async () => {
    const { collectorId, sourceId } = await hostedWithSource("web", "http-in");
    const path = file(
      stackExport([
        pending("creating", plugin("HttpSource"), "s0", { name: "http-in", collectorId }),
        pending("creating", plugin("HostedCollector"), "ghost", { name: "ghost" }),
        pending("updating", plugin("HostedCollector"), "c0", { name: "web" }),
      ]),
    );
    const run = await recover([path, "--json", "--stack", "dev"]);
    expect(run.exitCode).toBe(1);
    const document = JSON.parse(run.stdout);
    const s0Urn = urnOf(plugin("HttpSource"), "s0");
    expect(document.command).toEqual([
      "pulumi",
      "refresh",
      "--stack",
      "dev",
      "--import-pending-creates",
      s0Urn,
      "--import-pending-creates",
      `${collectorId}/${sourceId}`,
    ]);
    expect(document.pending).toEqual([
      {
        urn: s0Urn,
        type: plugin("HttpSource"),
        operation: "creating",
        name: "http-in",
        collectorId,
        id: `${collectorId}/${sourceId}`,
        found: true,
        status: "import",
        note: `found, id ${collectorId}/${sourceId}`,
      },
      expect.objectContaining({ name: "ghost", found: false, status: "absent" }),
      expect.objectContaining({
        name: null,
        found: false,
        status: "settled",
        operation: "updating",
      }),
    ]);
    expect(document.pending[1]).not.toHaveProperty("id");
  });

  it("reads the export from stdin with -", async () => {
    const { collectorId } = await hostedWithSource("web", "http-in");
    const run = await recover(["-"], {
      stdin: stackExport([pending("creating", classes("HostedCollector"), "c0", { name: "web" })]),
    });
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain("1 pending operation in stdin:");
    expect(run.stdout).toContain(`--import-pending-creates ${collectorId}`);
  });

  it("a file that is not JSON, not an export or not there: exit 2, naming it and what was expected", async () => {
    const broken = await recover([file('{"version": 3, "deployment": {', "broken.json")]);
    expect(broken.exitCode).toBe(2);
    expect(broken.stderr).toMatch(
      /^error: .*broken\.json is not JSON \(at line 1, column 31\); expected the JSON of `pulumi stack export`/,
    );
    const empty = await recover([file("", "empty.json")]);
    expect(empty.stderr).toContain("empty.json is not JSON (it ends too early: cut short?)");
    // V8 quotes the text around a syntax error; the message must not.
    const leaky = await recover([file(`{"key": "${STATE_SECRET}" oops}`, "leaky.json")]);
    expect(leaky.exitCode).toBe(2);
    expect(leaky.stderr).toContain("is not JSON (at line 1, column");
    expect(leaky.stderr).not.toContain(STATE_SECRET);

    const other = await recover([file('{"name": "package", "version": "1.0.0"}', "package.json")]);
    expect(other.exitCode).toBe(2);
    expect(other.stderr).toMatch(
      /package\.json is not a stack export: it has no "deployment" object; expected the JSON of `pulumi stack export`/,
    );
    const future = await recover([file('{"version": 9, "deployment": {}}', "v9.json")]);
    expect(future.exitCode).toBe(2);
    expect(future.stderr).toContain(
      "v9.json: stack export version 9 is not one this command reads",
    );

    const missing = await recover([join(dir, "nowhere.json")]);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain("nowhere.json: no such file;");
  });

  it("no pending operations: exit 0, nothing to recover", async () => {
    const path = file(
      stackExport([], [{ type: plugin("HostedCollector"), name: "c0", id: "100000001" }]),
    );
    const run = await recover([path]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toBe(`No pending operations in ${path}: nothing to recover.`);
  });

  it("an encrypted name cannot be looked up (exit 1, says how); a shown one can; no secret is printed", async () => {
    const { collectorId } = await hostedWithSource("web", "http-in");
    const secretInputs = {
      collectorId,
      messagePerRequest: false,
      fields: { token: shown(STATE_SECRET) },
    };
    const path = file(
      stackExport([
        pending("creating", plugin("HttpSource"), "hidden", {
          ...secretInputs,
          name: encrypted("v1:c2VjcmV0"),
        }),
        pending("creating", plugin("HostedCollector"), "revealed", {
          name: shown("web"),
          description: shown(STATE_SECRET),
        }),
        pending("creating", classes("HttpSource"), "no-collector", {
          name: "x",
          collectorId: encrypted("v1:aWQ="),
        }),
      ]),
    );
    const run = await recover([path]);
    expect(run.exitCode).toBe(1);
    expect(lineOf(run, "hidden")).toBe(
      `  creating hidden (collectors:index:HttpSource): cannot be looked up: its name is encrypted in this export: export the state with \`pulumi stack export --show-secrets\` and give that (\`pulumi stack export --show-secrets | collectors recover -\`)`,
    );
    expect(lineOf(run, "no-collector")).toContain("its collectorId is encrypted in this export");
    expect(lineOf(run, "revealed")).toContain(
      `"web": found, id ${collectorId}; warning: its description differs`,
    );
    expect(run.stdout).toContain(`--import-pending-creates ${collectorId}\n`.trimEnd());
    expect(`${run.stdout}\n${run.stderr}`).not.toContain(STATE_SECRET);
  });

  describe("with pulumi on PATH", () => {
    /**
     * A fake `pulumi` that appends its argv (one per line, then a blank line) to a file; `stack
     * export` prints `exportText` and exits `exportExit`, anything else exits `refreshExit`.
     */
    function fakePulumi(
      options: { refreshExit?: number; exportExit?: number; exportText?: string } = {},
    ) {
      const bin = join(dir, "bin");
      const log = join(dir, "argv.log");
      const exported = join(dir, "exported.json");
      writeFileSync(exported, options.exportText ?? "");
      writeFileSync(log, "");
      mkdirSync(bin);
      const script = [
        "#!/bin/sh",
        `for arg in "$@"; do printf '%s\\n' "$arg" >> '${log}'; done`,
        `printf '\\n' >> '${log}'`,
        `if [ "$1" = stack ]; then cat '${exported}'; exit ${options.exportExit ?? 0}; fi`,
        `exit ${options.refreshExit ?? 0}`,
      ].join("\n");
      writeFileSync(join(bin, "pulumi"), script);
      chmodSync(join(bin, "pulumi"), 0o755);
      return {
        env: env({ PATH: `${bin}:${process.env.PATH}` }),
        /** The argv of each call. */
        calls: () =>
          readFileSync(log, "utf8")
            .split("\n\n")
            .filter((call) => call !== "")
            .map((call) => call.split("\n").filter((arg) => arg !== "")),
      };
    }

    it("--run runs pulumi refresh --yes with exactly the import pairs and the stack", async () => {
      const { collectorId, sourceId } = await hostedWithSource("web", "http-in");
      const path = file(
        stackExport([
          pending("creating", plugin("HostedCollector"), "c0", { name: "web" }),
          pending("creating", classes("HttpSource"), "s0", { name: "http-in", collectorId }),
        ]),
      );
      const pulumi = fakePulumi();
      const run = await recover([path, "--run", "--stack", "org/dev"], { env: pulumi.env });
      expect(run.exitCode).toBe(0);
      expect(pulumi.calls()).toEqual([
        [
          "refresh",
          "--yes",
          "--stack",
          "org/dev",
          "--import-pending-creates",
          urnOf(plugin("HostedCollector"), "c0"),
          "--import-pending-creates",
          String(collectorId),
          "--import-pending-creates",
          urnOf(classes("HttpSource"), "s0"),
          "--import-pending-creates",
          String(sourceId),
        ],
      ]);
      expect(run.stderr).toContain("Running: pulumi refresh --yes --stack org/dev");
    });

    it("without FILE runs pulumi stack export (with --cwd and --stack); --run exits with pulumi's code", async () => {
      const { collectorId } = await hostedWithSource("web", "http-in");
      const pulumi = fakePulumi({
        refreshExit: 3,
        exportText: stackExport([
          pending("creating", plugin("HostedCollector"), "c0", { name: "web" }),
        ]),
      });
      const run = await recover(["--stack", "dev", "--cwd", "infra", "--run"], {
        env: pulumi.env,
      });
      const urn = urnOf(plugin("HostedCollector"), "c0");
      expect(pulumi.calls()).toEqual([
        ["stack", "export", "--cwd", "infra", "--stack", "dev"],
        [
          "refresh",
          "--yes",
          "--cwd",
          "infra",
          "--stack",
          "dev",
          "--import-pending-creates",
          urn,
          "--import-pending-creates",
          String(collectorId),
        ],
      ]);
      expect(run.stdout).toContain("1 pending operation in the output of `pulumi stack export`:");
      expect(run.exitCode).toBe(3);
    });

    it("a failing pulumi stack export: exit 2 with pulumi's reason; no pulumi on PATH: says so", async () => {
      const pulumi = fakePulumi({ exportExit: 255 });
      const failed = await recover([], { env: pulumi.env });
      expect(failed.exitCode).toBe(2);
      expect(failed.stderr).toContain("`pulumi stack export` failed (exit code 255)");

      const none = await recover([], { env: env({ PATH: join(dir, "empty") }) });
      expect(none.exitCode).toBe(2);
      expect(none.stderr).toContain("`pulumi` is not on PATH");
    });
  });

  it("is a command of the collectors program", () => {
    expect(buildProgram().commands.map((c) => c.name())).toContain("recover");
  });

  it("--help says when to use it; --run with --json is refused", async () => {
    const help = await recover(["--help"]);
    expect(help.exitCode).toBe(0);
    expect(help.commander).toContain(
      "After an interrupted `pulumi up`: finds the objects its pending creates made,\nand prints the `pulumi refresh` that records their ids (--run runs it).",
    );
    expect(help.commander).toMatch(/--stack <name>[\s\S]*--cwd <dir>[\s\S]*--run[\s\S]*--json/);
    const both = await recover([file(stackExport([])), "--run", "--json"]);
    expect(both.exitCode).toBe(2);
    expect(both.stderr).toContain("--run and --json do not go together");
  });
});
