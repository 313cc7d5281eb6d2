// `collectors recover`: stack exports with pending operations, built here in the engine's shapes,
// against the emulator; the command runs through commander as `collectors` does.
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildProgram } from "../../cli/main";
import { registerRecover } from "../../cli/recover/command";
import { recordFound, toRecord } from "../../cli/recover/record";
import type { Finding } from "../../cli/recover/statuses";
import type { CommandIO } from "../../cli/shared/action";
import { Command, usageExit } from "../../cli/shared/commander";
import { readStackExport } from "../../cli/shared/stack-export";
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
  /** Marked for deletion (replaced). */
  deleting?: boolean;
}

/** A resource of the state, as `pulumi stack export` writes it. */
function resource({ type, name, id, inputs = {}, deleting = false }: StateEntry) {
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
    ...(deleting ? { delete: true } : {}),
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

  interface FakeOptions {
    exportText?: string;
    exportExit?: number;
    importExit?: number;
    refreshExit?: number;
  }

  /**
   * A fake `pulumi` on PATH that appends its argv (one per line, then a blank line) to a file;
   * `stack export` prints `exportText` and exits `exportExit`; `stack import --file X` copies X
   * (and its mode, as `ls -l` shows it) to the test's folder and exits `importExit`; anything
   * else (refresh) exits `refreshExit`.
   */
  function fakePulumi(options: FakeOptions = {}) {
    const bin = join(dir, "bin");
    const log = join(dir, "argv.log");
    const exported = join(dir, "exported.json");
    const imported = join(dir, "imported.json");
    const mode = join(dir, "imported.mode");
    writeFileSync(exported, options.exportText ?? "");
    writeFileSync(log, "");
    rmSync(imported, { force: true });
    mkdirSync(bin, { recursive: true });
    const script = [
      "#!/bin/sh",
      `for arg in "$@"; do printf '%s\\n' "$arg" >> '${log}'; done`,
      `printf '\\n' >> '${log}'`,
      `if [ "$1 $2" = "stack export" ]; then cat '${exported}'; exit ${options.exportExit ?? 0}; fi`,
      `if [ "$1 $2" = "stack import" ]; then`,
      `  prev=; for arg in "$@"; do [ "$prev" = --file ] && file=$arg; prev=$arg; done`,
      `  cp "$file" '${imported}'; ls -l "$file" | cut -c1-10 > '${mode}'`,
      `  exit ${options.importExit ?? 0}`,
      "fi",
      `exit ${options.refreshExit ?? 0}`,
    ].join("\n");
    writeFileSync(join(bin, "pulumi"), script);
    chmodSync(join(bin, "pulumi"), 0o755);
    const calls = () =>
      readFileSync(log, "utf8")
        .split("\n\n")
        .filter((call) => call !== "")
        .map((call) => call.split("\n").filter((arg) => arg !== ""));
    return {
      env: env({ PATH: `${bin}:${process.env.PATH}` }),
      /** The argv of each call. */
      calls,
      /** The document `stack import` was given, parsed. */
      imported: () => JSON.parse(readFileSync(imported, "utf8")),
      /** Its file's permissions, as `ls -l` shows them. */
      importedMode: () => readFileSync(mode, "utf8").trim(),
      /** The path `stack import` was given. */
      importedPath: () => {
        const call = calls().find((argv) => argv[0] === "stack" && argv[1] === "import");
        return call?.[call.indexOf("--file") + 1];
      },
    };
  }

  /** The --target URNs of the fake's refresh, in order; undefined when refresh was not run. */
  function targets(calls: string[][]): string[] | undefined {
    const refresh = calls.find((argv) => argv[0] === "refresh");
    return refresh?.flatMap((arg, i) => (refresh[i - 1] === "--target" ? [arg] : []));
  }

  /** `collectors recover --run` on a stack whose export is `exportText`. */
  async function recordRun(exportText: string, args: string[] = [], options: FakeOptions = {}) {
    const pulumi = fakePulumi({ ...options, exportText });
    const run = await recover(["--run", ...args], { env: pulumi.env });
    return { run, pulumi, calls: pulumi.calls(), targets: targets(pulumi.calls()) };
  }

  /** A Hosted Collector and its HTTP source on the emulator. */
  async function hostedWithSource(collector: string, source: string) {
    const client = ctx.client();
    const { collector: c } = await client.collectors.create({ name: collector });
    const { source: s } = await client.sources.create(c.id, { sourceType: "HTTP", name: source });
    return { collectorId: c.id, sourceId: s.id as number };
  }

  it("finds plugin and classes pending creates, with each front end's ids, and prints the command that records them", async () => {
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
    const tail = run.stdout.slice(run.stdout.indexOf("To record"));
    expect(tail).toBe(
      [
        "To record the ids found in the stack's state, run:",
        "",
        "collectors recover --run",
        "",
        "It records their ids in the stack's state with `pulumi stack import`, then `pulumi refresh --target` reads the objects from the service.",
        "Not `pulumi refresh --import-pending-creates`: it drops the pending creates without recording them.",
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
    expect(run.stdout).not.toContain("recover --run");
    const json = await recover([path, "--json"]);
    expect(JSON.parse(json.stdout).command).toBeNull();
  });

  it("found and missing together: --run records the found one only; says --clear-pending-creates drops the rest", async () => {
    const { collectorId } = await hostedWithSource("web", "http-in");
    const text = stackExport([
      pending("creating", plugin("HostedCollector"), "c0", { name: "web" }),
      pending("creating", plugin("HttpSource"), "gone", { name: "nope", collectorId }),
    ]);
    const run = await recover([file(text)]);
    expect(run.exitCode).toBe(1);
    expect(lineOf(run, "c0")).toContain(`found, id ${collectorId}`);
    expect(lineOf(run, "gone")).toContain("not on the service");
    expect(run.stdout).toContain("\ncollectors recover --run\n");
    expect(run.stdout).toContain(
      "Once the ids are recorded, `pulumi refresh --clear-pending-creates` drops every pending create left.",
    );
    const recorded = await recordRun(text);
    expect(recorded.run.exitCode).toBe(1);
    expect(recorded.targets).toEqual([urnOf(plugin("HostedCollector"), "c0")]);
    expect(recorded.pulumi.imported().deployment.pending_operations).toEqual([
      JSON.parse(text).deployment.pending_operations[1],
    ]);
    expect(recorded.run.stdout).toContain(
      "Once the ids are recorded, `pulumi refresh --clear-pending-creates` drops every pending create left.",
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
    expect(run.stdout).toContain("\ncollectors recover --run\n");
    expect(run.exitCode).toBe(1);
    const recorded = await recordRun(readFileSync(path, "utf8"));
    expect(recorded.targets).toEqual([urnOf(classes("HostedCollector"), "web-ts")]);
  });

  it("a found object whose URN a live resource of the state already has is not offered; one marked for deletion does not count", async () => {
    const { collectorId } = await hostedWithSource("web", "http-in");
    const holder = { type: plugin("HostedCollector"), name: "c0", id: "100000009" };
    const pendings = [pending("creating", plugin("HostedCollector"), "c0", { name: "web" })];
    const live = await recover([file(stackExport(pendings, [holder]), "live.json")]);
    expect(live.exitCode).toBe(1);
    expect(lineOf(live, "c0")).toBe(
      `  creating c0 (collectors:index:HostedCollector) "web": found, id ${collectorId}, but the state already has a resource of this URN (id 100000009): not offered, as which of the two objects is this resource's cannot be told; \`pulumi refresh --clear-pending-creates\` drops it`,
    );
    expect(live.stdout).toContain("Nothing to import.");
    const replaced = await recover([
      file(stackExport(pendings, [{ ...holder, deleting: true }]), "replaced.json"),
    ]);
    expect(replaced.exitCode).toBe(0);
    expect(lineOf(replaced, "c0")).toMatch(new RegExp(`: found, id ${collectorId}$`));
  });

  it("two pending creates of one URN that found different objects: neither is offered", async () => {
    const first = await hostedWithSource("web", "http-in");
    const second = await hostedWithSource("web-2", "http-in");
    const path = file(
      stackExport([
        pending("creating", plugin("HostedCollector"), "c0", { name: "web" }),
        pending("creating", plugin("HostedCollector"), "c0", { name: "web-2" }),
      ]),
    );
    const run = await recover([path]);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain(
      `ambiguous: 2 pending creates of this URN found objects (this one id ${first.collectorId})`,
    );
    expect(run.stdout).toContain(`(this one id ${second.collectorId})`);
    expect(run.stdout).toContain("Nothing to import.");
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
    expect(run.stdout).not.toContain("recover --run");
    expect(run.stdout).toContain("Nothing to import.");
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
      `  creating web (collectors:index:HostedCollector) "web": found, id ${collector.id}; warning: its description differs from the pending create's inputs (the import takes the object as it is; the next \`pulumi up\` sets the program's values)`,
    );
    expect(run.stdout).toContain("\ncollectors recover --run\n");
    const recorded = await recordRun(readFileSync(path, "utf8"));
    expect(recorded.targets).toEqual([urnOf(plugin("HostedCollector"), "web")]);
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
    const withCwd = await recover([path, "--json", "--cwd", "my infra", "--stack", "dev"]);
    expect(JSON.parse(withCwd.stdout).command).toEqual([
      "collectors",
      "recover",
      "--run",
      "--stack",
      "dev",
      "--cwd",
      "my infra",
    ]);
    expect(run.exitCode).toBe(1);
    const document = JSON.parse(run.stdout);
    const s0Urn = urnOf(plugin("HttpSource"), "s0");
    expect(document.command).toEqual(["collectors", "recover", "--run", "--stack", "dev"]);
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
    expect(lineOf(run, "c0")).toMatch(new RegExp(`: found, id ${collectorId}$`));
    expect(run.stdout).toContain("\ncollectors recover --run\n");
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
    expect(run.stdout).toContain("\ncollectors recover --run\n");
    expect(`${run.stdout}\n${run.stderr}`).not.toContain(STATE_SECRET);
    const recorded = await recordRun(readFileSync(path, "utf8"));
    expect(recorded.targets).toEqual([urnOf(plugin("HostedCollector"), "revealed")]);
    expect(`${recorded.run.stdout}\n${recorded.run.stderr}`).not.toContain(STATE_SECRET);
  });

  describe("--run", () => {
    const RUNNING_LINE =
      "Recording the ids found in the stack's state (`pulumi stack import`, then `pulumi refresh --target`).";

    /** The export of a stack an interrupted update left, with the objects on the service. */
    async function interrupted() {
      const web = await hostedWithSource("web", "http-in");
      const api = await hostedWithSource("api", "api-in");
      const text = stackExport(
        [
          pending("creating", plugin("HostedCollector"), "c0", { name: "web" }),
          pending("creating", plugin("HttpSource"), "s0", {
            name: "http-in",
            collectorId: web.collectorId,
            fields: { token: encrypted("v1:dG9rZW4=") },
          }),
          pending("creating", plugin("HostedCollector"), "ghost", { name: "ghost-1" }),
          pending("creating", classes("HostedCollector"), "c1", { name: "api" }),
          pending("creating", classes("HttpSource"), "s1", {
            name: "api-in",
            collectorId: api.collectorId,
          }),
          pending("creating", plugin("HostedCollector"), "hidden", {
            name: encrypted("v1:bmFtZQ=="),
          }),
          pending("updating", plugin("HostedCollector"), "kept", { name: "kept" }),
          pending("creating", "aws:s3/bucket:Bucket", "logs", { bucket: "logs" }),
        ],
        [
          {
            type: plugin("HostedCollector"),
            name: "kept",
            id: "100000001",
            inputs: { name: "kept" },
          },
        ],
      );
      return { web, api, text };
    }

    it("imports the state with the found pending creates recorded, then refreshes exactly them", async () => {
      const { web, api, text } = await interrupted();
      const { run, pulumi, calls } = await recordRun(text, [
        "--stack",
        "org/dev",
        "--cwd",
        "infra",
      ]);
      const path = pulumi.importedPath() as string;
      const urns = [
        urnOf(plugin("HostedCollector"), "c0"),
        urnOf(plugin("HttpSource"), "s0"),
        urnOf(classes("HostedCollector"), "c1"),
        urnOf(classes("HttpSource"), "s1"),
      ];
      const flags = ["--cwd", "infra", "--stack", "org/dev"];
      expect(calls).toEqual([
        ["stack", "export", ...flags],
        ["stack", "import", ...flags, "--file", path],
        ["refresh", "--yes", ...flags, ...urns.flatMap((urn) => ["--target", urn])],
      ]);
      // Found and recorded (ghost and hidden are left): exit 1, as without --run.
      expect(run.exitCode).toBe(1);
      expect(run.stdout).toContain("8 pending operations in the output of `pulumi stack export`:");
      expect(run.stdout).toContain(RUNNING_LINE);
      expect(run.stdout).not.toContain("collectors recover --run");
      expect(run.stderr).toBe(
        [
          `Running: pulumi stack import --cwd infra --stack org/dev --file ${path}`,
          `Running: pulumi refresh --yes --cwd infra --stack org/dev ${urns.map((urn) => `--target ${urn}`).join(" ")}`,
        ].join("\n"),
      );

      // The document imported: the export, with the found pending creates moved into the
      // resources under each front end's id, their inputs standing in for outputs.
      const original = JSON.parse(text);
      const operations = original.deployment.pending_operations;
      const recorded = (index: number, id: string) => ({
        ...operations[index].resource,
        id,
        outputs: operations[index].resource.inputs,
      });
      const imported = pulumi.imported();
      expect(imported).toStrictEqual({
        ...original,
        deployment: {
          ...original.deployment,
          resources: [
            ...original.deployment.resources,
            recorded(0, String(web.collectorId)),
            recorded(1, `${web.collectorId}/${web.sourceId}`),
            recorded(3, String(api.collectorId)),
            recorded(4, String(api.sourceId)),
          ],
          pending_operations: [operations[2], operations[5], operations[6], operations[7]],
        },
      });
      // The ciphertext stays as the export held it; the classes' resources keep __provider.
      expect(imported.deployment.resources[4].inputs.fields.token).toStrictEqual(
        encrypted("v1:dG9rZW4="),
      );
      expect(imported.deployment.resources[5].outputs.__provider).toBe("exports.handler = __f0;");

      // Written for the owner only, in a folder of its own, both gone afterwards.
      expect(pulumi.importedMode()).toBe("-rw-------");
      expect(path).toMatch(/collectors-recover-[^/]+\/deployment\.json$/);
      expect(existsSync(path)).toBe(false);
      expect(existsSync(dirname(path))).toBe(false);
      expect(`${run.stdout}\n${run.stderr}`).not.toContain(STATE_SECRET);
    });

    it("exits 0 when every pending create of ours is recorded and pulumi succeeds", async () => {
      const { collectorId } = await hostedWithSource("web", "http-in");
      const {
        run,
        calls,
        targets: refreshed,
      } = await recordRun(
        stackExport([pending("creating", plugin("HostedCollector"), "c0", { name: "web" })]),
      );
      expect(run.exitCode).toBe(0);
      expect(calls.map((argv) => argv.slice(0, 2))).toEqual([
        ["stack", "export"],
        ["stack", "import"],
        ["refresh", "--yes"],
      ]);
      expect(refreshed).toEqual([urnOf(plugin("HostedCollector"), "c0")]);
      expect(lineOf(run, "c0")).toMatch(new RegExp(`: found, id ${collectorId}$`));
    });

    it("a failing pulumi stack import: its exit code, pulumi refresh not run, the file removed", async () => {
      const { text } = await interrupted();
      const { run, pulumi, calls } = await recordRun(text, ["--stack", "dev"], { importExit: 4 });
      expect(run.exitCode).toBe(4);
      expect(calls.map((argv) => argv[0])).toEqual(["stack", "stack"]);
      expect(run.stderr).toContain(
        "`pulumi stack import` failed (exit code 4): pulumi refresh not run.",
      );
      const path = pulumi.importedPath() as string;
      expect(existsSync(path)).toBe(false);
      expect(existsSync(dirname(path))).toBe(false);
    });

    it("a failing pulumi refresh: its exit code, and says how to run it again", async () => {
      const { collectorId } = await hostedWithSource("web", "http-in");
      const urn = urnOf(plugin("HostedCollector"), "c0");
      const { run, pulumi, calls } = await recordRun(
        stackExport([pending("creating", plugin("HostedCollector"), "c0", { name: "web" })]),
        ["--stack", "dev"],
        { refreshExit: 3 },
      );
      expect(run.exitCode).toBe(3);
      expect(calls.at(-1)).toEqual(["refresh", "--yes", "--stack", "dev", "--target", urn]);
      expect(pulumi.imported().deployment.resources.at(-1).id).toBe(String(collectorId));
      expect(run.stderr).toContain(
        `\`pulumi refresh\` failed (exit code 3). The ids are recorded; until a refresh reads the objects, their outputs are the inputs of their pending creates. Run it again: pulumi refresh --stack dev --target ${urn}`,
      );
    });

    it("with FILE (or -) is refused: exit 2, saying why, pulumi not run", async () => {
      const text = stackExport([
        pending("creating", plugin("HostedCollector"), "c0", { name: "web" }),
      ]);
      const pulumi = fakePulumi({ exportText: text });
      const path = file(text);
      const withFile = await recover([path, "--run"], { env: pulumi.env });
      expect(withFile.exitCode).toBe(2);
      expect(withFile.stderr).toBe(
        `error: --run does not take FILE (${path}): the state it records the ids in must be the stack's current one, which it reads with \`pulumi stack export\` itself; run \`collectors recover --run\` where the project is, or with --cwd and --stack`,
      );
      const withStdin = await recover(["-", "--run", "--stack", "dev"], {
        env: pulumi.env,
        stdin: text,
      });
      expect(withStdin.exitCode).toBe(2);
      expect(withStdin.stderr).toContain("--run does not take FILE (-)");
      expect(pulumi.calls()).toEqual([]);
    });

    it("nothing to record: only pulumi stack export runs, the state is left alone", async () => {
      const { run, calls } = await recordRun(
        stackExport([pending("creating", plugin("HostedCollector"), "ghost", { name: "ghost" })]),
        ["--stack", "dev"],
      );
      expect(run.exitCode).toBe(1);
      expect(calls).toEqual([["stack", "export", "--stack", "dev"]]);
      expect(run.stdout).toContain("Nothing to import.");
      expect(run.stdout).not.toContain(RUNNING_LINE);
      expect(run.stderr).toBe("--run: nothing to record; the stack's state is left as it is.");
    });

    it("a failing pulumi stack export: exit 2 with pulumi's reason; no pulumi on PATH: says so", async () => {
      const pulumi = fakePulumi({ exportExit: 255 });
      const failed = await recover(["--run"], { env: pulumi.env });
      expect(failed.exitCode).toBe(2);
      expect(failed.stderr).toContain("`pulumi stack export` failed (exit code 255)");
      expect(pulumi.calls()).toEqual([["stack", "export"]]);

      const none = await recover([], { env: env({ PATH: join(dir, "empty") }) });
      expect(none.exitCode).toBe(2);
      expect(none.stderr).toContain("`pulumi` is not on PATH");
    });
  });

  it("without FILE runs pulumi stack export with --cwd and --stack; the command to run keeps them", async () => {
    const { collectorId } = await hostedWithSource("web", "http-in");
    const pulumi = fakePulumi({
      exportText: stackExport([
        pending("creating", plugin("HostedCollector"), "c0", { name: "web" }),
      ]),
    });
    const run = await recover(["--stack", "dev", "--cwd", "my infra"], { env: pulumi.env });
    expect(pulumi.calls()).toEqual([["stack", "export", "--cwd", "my infra", "--stack", "dev"]]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain("1 pending operation in the output of `pulumi stack export`:");
    expect(lineOf(run, "c0")).toMatch(new RegExp(`: found, id ${collectorId}$`));
    expect(run.stdout).toContain("\ncollectors recover --run --stack dev --cwd 'my infra'\n");
  });

  it("is a command of the collectors program", () => {
    expect(buildProgram().commands.map((c) => c.name())).toContain("recover");
  });

  it("--help says when to use it; --run with --json is refused", async () => {
    const help = await recover(["--help"]);
    expect(help.exitCode).toBe(0);
    expect(help.commander).toContain(
      "After an interrupted `pulumi up`: finds the objects its pending creates made,\nand says how to record their ids in the state (--run records them).",
    );
    expect(help.commander).toMatch(/--stack <name>[\s\S]*--cwd <dir>[\s\S]*--run[\s\S]*--json/);
    const both = await recover([file(stackExport([])), "--run", "--json"]);
    expect(both.exitCode).toBe(2);
    expect(both.stderr).toContain("--run and --json do not go together");
  });

  describe("OpenTelemetry collectors and source templates", () => {
    const OT_ID = /^[0-9A-F]{16}$/;

    /** Registers an OT collector through the control API; returns its id. */
    async function registerOt(name: string, extra: Record<string, unknown> = {}): Promise<string> {
      const collector = (await ctx.control.call("/ot-collectors", "POST", { name, ...extra })) as {
        id: string;
      };
      return collector.id;
    }

    /** A source template on the service; returns its id. */
    async function template(name: string, extra: Record<string, unknown> = {}): Promise<string> {
      const created = await ctx.client().sourceTemplates.create({
        schemaRef: { type: "Linux" },
        inputJson: { name, receivers: {} },
        ...extra,
      });
      return created.id;
    }

    it("a pending create of a SourceTemplate is found by its inputJson.name and offered with its hex id; --run records it", async () => {
      const id = await template("web logs", { selector: { names: ["web-1"] } });
      const disabled = await template("old logs", { isEnabled: false });
      expect(id).toMatch(OT_ID);
      const text = stackExport([
        // The plugin's pending create as the program gave it: the name only in inputJson.
        pending("creating", plugin("SourceTemplate"), "t0", {
          schemaRef: { type: "Linux" },
          selector: { names: ["web-1"] },
          inputJson: { name: "web logs", receivers: {} },
        }),
        // The classes' checked inputs: check copies inputJson.name to name. A disabled template
        // reads as 404 on the service, yet is found.
        pending("creating", classes("SourceTemplate"), "t1", {
          schemaRef: { type: "Linux" },
          inputJson: { name: "old logs", receivers: {} },
          isEnabled: false,
          name: "old logs",
        }),
        pending("creating", plugin("SourceTemplate"), "ghost", {
          schemaRef: { type: "Linux" },
          inputJson: { name: "never made", receivers: {} },
        }),
      ]);
      const run = await recover([file(text)]);
      expect(run.stderr).toBe("");
      expect(lineOf(run, "t0")).toBe(
        `  creating t0 (collectors:index:SourceTemplate) "web logs": found, id ${id}`,
      );
      expect(lineOf(run, "t1")).toBe(
        `  creating t1 (pulumi-nodejs:dynamic/collectors:SourceTemplate) "old logs": found, id ${disabled}`,
      );
      expect(lineOf(run, "ghost")).toContain(
        '"never made": not on the service: the create never reached it',
      );
      expect(run.exitCode).toBe(1);
      const json = JSON.parse((await recover([file(text), "--json"])).stdout);
      expect(json.pending[0]).toEqual({
        urn: urnOf(plugin("SourceTemplate"), "t0"),
        type: plugin("SourceTemplate"),
        operation: "creating",
        name: "web logs",
        id,
        found: true,
        status: "import",
        note: `found, id ${id}`,
      });
      const recorded = await recordRun(text);
      expect(recorded.targets).toEqual([
        urnOf(plugin("SourceTemplate"), "t0"),
        urnOf(classes("SourceTemplate"), "t1"),
      ]);
      const resources = recorded.pulumi.imported().deployment.resources as { id?: string }[];
      expect(resources.slice(-2).map((r) => r.id)).toEqual([id, disabled]);
    });

    it("a SourceTemplate whose settings differ only warns; an encrypted inputJson without a name cannot be looked up", async () => {
      const id = await template("web logs", { selector: { names: ["web-1"] } });
      const path = file(
        stackExport([
          pending("creating", plugin("SourceTemplate"), "t0", {
            schemaRef: { type: "Linux" },
            selector: { names: ["web-2"] },
            inputJson: { name: "web logs", receivers: {} },
          }),
          pending("creating", plugin("SourceTemplate"), "hidden", {
            schemaRef: { type: "Linux" },
            inputJson: encrypted("v1:aW5wdXQ="),
          }),
        ]),
      );
      const run = await recover([path]);
      expect(lineOf(run, "t0")).toBe(
        `  creating t0 (collectors:index:SourceTemplate) "web logs": found, id ${id}; warning: its selector differs from the pending create's inputs (the import takes the object as it is; the next \`pulumi up\` sets the program's values)`,
      );
      expect(lineOf(run, "hidden")).toBe(
        "  creating hidden (collectors:index:SourceTemplate): cannot be looked up: its inputJson is encrypted in this export: export the state with `pulumi stack export --show-secrets` and give that (`pulumi stack export --show-secrets | collectors recover -`)",
      );
      expect(run.exitCode).toBe(1);
    });

    it("an OtCollector adoption in flight is found by adopt's name or id (any case), its tags compared without the service's own", async () => {
      const web = await registerOt("web-1", { tags: { team: "web", "sumo.disco.os": "linux" } });
      const db = await registerOt("db-1");
      const path = file(
        stackExport([
          pending("creating", plugin("OtCollector"), "web", {
            adopt: { name: "web-1" },
            tags: { team: "web" },
          }),
          // An adoption that renames: found under the name it was to be given.
          pending("creating", classes("OtCollector"), "db", {
            adopt: { id: db.toLowerCase() },
            name: "db-1",
          }),
          pending("creating", plugin("OtCollector"), "gone", { adopt: { id: "00000000DEADBEEF" } }),
          pending("creating", plugin("OtCollector"), "bad", { adopt: { id: "12" } }),
          pending("creating", plugin("OtCollector"), "bare", { name: "web-1" }),
        ]),
      );
      const run = await recover([path]);
      expect(lineOf(run, "web")).toBe(
        `  creating web (collectors:index:OtCollector) "web-1": found, id ${web}`,
      );
      expect(lineOf(run, "db")).toBe(
        `  creating db (pulumi-nodejs:dynamic/collectors:OtCollector) "db-1": found, id ${db}`,
      );
      expect(lineOf(run, "gone")).toContain(
        "the object to adopt (id 00000000DEADBEEF) is not on the service, so the adoption did not happen",
      );
      expect(lineOf(run, "bad")).toContain(
        'cannot be looked up: its adopt.id "12" is not an id: OtCollector ids are 16 hexadecimal characters, e.g. "0000000005F5E105"',
      );
      expect(lineOf(run, "bare")).toContain(
        "a OtCollector is adopted, never created, and its inputs hold no adopt: nothing can exist for it",
      );
      expect(run.exitCode).toBe(1);
      const recorded = await recordRun(readFileSync(path, "utf8"));
      expect(recorded.targets).toEqual([
        urnOf(plugin("OtCollector"), "web"),
        urnOf(classes("OtCollector"), "db"),
      ]);
      const resources = recorded.pulumi.imported().deployment.resources as { id?: string }[];
      expect(resources.slice(-2).map((r) => r.id)).toEqual([web, db]);
    });

    it("an OT collector the state already holds (its id in another case) is held; held by the other front end, offered with a warning", async () => {
      const web = await registerOt("web-1");
      const path = file(
        stackExport(
          [
            pending("creating", plugin("OtCollector"), "again", { adopt: { name: "web-1" } }),
            pending("creating", classes("OtCollector"), "web-ts", { adopt: { id: web } }),
          ],
          [{ type: plugin("OtCollector"), name: "web", id: web.toLowerCase() }],
        ),
      );
      const run = await recover([path]);
      expect(lineOf(run, "again")).toContain(
        `found, id ${web}, which the state already holds as web: skipped`,
      );
      expect(lineOf(run, "web-ts")).toContain(
        `found, id ${web}; warning: the state also holds this object as web (collectors:index:OtCollector)`,
      );
      expect(run.exitCode).toBe(1);
    });
  });
});

describe("recordFound", () => {
  const groupUrn = "urn:pulumi:dev::proj::my:index:Group::group";
  const c0Urn = urnOf(plugin("HostedCollector"), "c0");
  const s0Urn = urnOf(plugin("HttpSource"), "s0");
  const provider = `${PROVIDER_URN}::${PROVIDER_ID}`;
  const s0 = {
    urn: s0Urn,
    custom: true,
    type: plugin("HttpSource"),
    inputs: { name: "in", collectorId: 7, fields: { token: encrypted("v1:abc") } },
    parent: groupUrn,
    protect: true,
    dependencies: [c0Urn],
    provider,
    propertyDependencies: { collectorId: [c0Urn] },
  };
  const held = [
    { urn: STACK_URN, custom: false, type: "pulumi:pulumi:Stack", outputs: {} },
    { urn: groupUrn, custom: false, type: "my:index:Group", parent: STACK_URN },
    { urn: c0Urn, custom: true, id: "7", type: plugin("HostedCollector"), provider },
  ];
  const finding = (urn: string, id: string, status: Finding["status"] = "import"): Finding => ({
    urn,
    type: plugin("HttpSource"),
    operation: "creating",
    id,
    status,
    note: "",
  });
  /** recordFound on the export in `text`, as the command reads it. */
  const record = (text: string, findings: Finding[]) =>
    recordFound(readStackExport(text, "state.json"), findings);
  const exportOf = (operations: unknown[]) =>
    JSON.stringify({
      version: 3,
      deployment: {
        manifest: { time: "2026-11-27T02:05:04Z", magic: "abc", version: "v3.259.0" },
        secrets_providers: { type: "passphrase", state: { salt: "v1:x" } },
        resources: held,
        pending_operations: operations,
      },
    });

  it("moves a found pending create into the resources, whole, with its id; outputs from its inputs", () => {
    const ghost = {
      resource: { ...s0, urn: urnOf(plugin("HttpSource"), "ghost") },
      type: "creating",
    };
    const updating = { resource: { ...held[2], inputs: {} }, type: "updating" };
    const text = exportOf([ghost, { resource: s0, type: "creating" }, updating]);
    const out = record(text, [finding(ghost.resource.urn, "7/9", "absent"), finding(s0Urn, "7/8")]);
    expect(out.endsWith("\n")).toBe(true);
    const document = JSON.parse(out);
    const original = JSON.parse(text);
    expect(document).toStrictEqual({
      ...original,
      deployment: {
        ...original.deployment,
        resources: [...held, { ...s0, id: "7/8", outputs: s0.inputs }],
        pending_operations: [ghost, updating],
      },
    });
    const added = document.deployment.resources.at(-1);
    expect(added.parent).toBe(groupUrn);
    expect(added.provider).toBe(provider);
    expect(added.dependencies).toEqual([c0Urn]);
    expect(added.propertyDependencies).toEqual({ collectorId: [c0Urn] });
    expect(added.protect).toBe(true);
  });

  it("keeps the outputs a pending record has; empty ones are replaced by the inputs", () => {
    const outputs = { name: "in", collectorId: 7, url: "https://example.test/x" };
    const withOutputs = record(exportOf([{ resource: { ...s0, outputs }, type: "creating" }]), [
      finding(s0Urn, "7/8"),
    ]);
    expect(JSON.parse(withOutputs).deployment.resources.at(-1).outputs).toStrictEqual(outputs);
    const empty = record(exportOf([{ resource: { ...s0, outputs: {} }, type: "creating" }]), [
      finding(s0Urn, "7/8"),
    ]);
    expect(JSON.parse(empty).deployment.resources.at(-1).outputs).toStrictEqual(s0.inputs);
  });

  it("records nothing for findings not to import; refuses a URN that is not one pending create's", () => {
    const text = exportOf([{ resource: s0, type: "creating" }]);
    for (const status of ["held", "absent", "other", "unresolved"] as const) {
      expect(JSON.parse(record(text, [finding(s0Urn, "7/8", status)]))).toStrictEqual(
        JSON.parse(text),
      );
    }
    expect(toRecord([finding(s0Urn, "7/8"), finding(c0Urn, "7", "held")])).toEqual([
      finding(s0Urn, "7/8"),
    ]);
    expect(() => record(text, [finding(c0Urn, "7")])).toThrow("no pending create of");
    const twice = exportOf([
      { resource: s0, type: "creating" },
      { resource: s0, type: "creating" },
    ]);
    expect(() => record(twice, [finding(s0Urn, "7/8")])).toThrow("two pending creates of");
  });
});
