// `collectors recover --run` as a process (the built bin, dist/cli/main.js), stopped while
// `pulumi stack import` reads the private copy of the stack's state: the copy is removed on every
// way out, a second Ctrl-C (which ends the process through `process.exit`) and SIGTERM included,
// and a SIGTERM reaches pulumi too.
// A fake `pulumi` on PATH prints the export, and as `stack import` writes down the path it was
// given and waits until the CLI is gone, as a real one in a terminal would still be reading.
import { type ChildProcess, spawn } from "node:child_process";
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
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BIN, ensureBuilt, REPO } from "../emulator/serve-process";
import { ACCESS_ID, ACCESS_KEY, useEmulator } from "./harness";

const TYPE = "collectors:index:HostedCollector";
const URN = `urn:pulumi:dev::proj::${TYPE}::web`;

/** A stack whose update was interrupted while it created the collector "web". */
const EXPORT = JSON.stringify({
  version: 3,
  deployment: {
    resources: [],
    pending_operations: [
      {
        resource: { urn: URN, custom: true, type: TYPE, inputs: { name: "web" } },
        type: "creating",
      },
    ],
  },
});

async function until(what: string, ready: () => boolean, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!ready()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("collectors recover --run, ended while pulumi stack import runs", () => {
  const ctx = useEmulator();
  let dir: string;
  let child: ChildProcess | undefined;

  beforeAll(() => ensureBuilt(), 300_000);
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "recover-exit-"));
  });
  afterEach(() => {
    if (child?.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });

  /** Starts the CLI; resolves once `pulumi stack import` has the private file, with its path. */
  async function startImport() {
    await ctx.client().collectors.create({ name: "web" });
    const bin = join(dir, "bin");
    const given = join(dir, "import-file");
    mkdirSync(bin);
    writeFileSync(join(dir, "export.json"), EXPORT);
    writeFileSync(
      join(bin, "pulumi"),
      [
        "#!/bin/sh",
        `if [ "$1 $2" = "stack export" ]; then cat '${join(dir, "export.json")}'; exit 0; fi`,
        `if [ "$1 $2" = "stack import" ]; then`,
        `  prev=; for arg in "$@"; do [ "$prev" = --file ] && file=$arg; prev=$arg; done`,
        `  printf '%s' "$file" > '${given}.tmp' && mv '${given}.tmp' '${given}'`,
        // Ctrl-C in a terminal reaches pulumi too, not a SIGINT sent to the CLI alone; the CLI
        // passes a SIGTERM on, which this pulumi writes down and outlives.
        "  trap '' INT",
        `  trap "echo TERM > '${join(dir, "signalled")}'" TERM`,
        '  while kill -0 "$PPID" 2>/dev/null; do sleep 0.05; done',
        "  exit 0",
        "fi",
        "exit 0",
      ].join("\n"),
    );
    chmodSync(join(bin, "pulumi"), 0o755);
    const started = spawn(process.execPath, [BIN, "recover", "--run"], {
      cwd: REPO,
      env: {
        PATH: `${bin}:${process.env.PATH}`,
        HOME: dir,
        COLLECTORS_ACCESS_ID: ACCESS_ID,
        COLLECTORS_ACCESS_KEY: ACCESS_KEY,
        COLLECTORS_ENDPOINT: ctx.emu.url,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = started;
    let output = "";
    started.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    started.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      started.once("exit", (code, signal) => resolve({ code, signal })),
    );
    await until(`pulumi stack import (output so far: ${output})`, () => existsSync(given));
    const path = readFileSync(given, "utf8");
    expect(path).toMatch(/collectors-recover-[^/]+\/deployment\.json$/);
    expect(existsSync(path), "the private file, while pulumi reads it").toBe(true);
    return { child: started, path, exited, output: () => output };
  }

  it("a second Ctrl-C ends the process at once (exit 130) and the private file goes with it", async () => {
    const run = await startImport();
    run.child.kill("SIGINT");
    // The first Ctrl-C waits for pulumi, which has the file open.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(run.child.exitCode, run.output()).toBeNull();
    expect(existsSync(run.path)).toBe(true);
    run.child.kill("SIGINT");
    expect(await run.exited).toEqual({ code: 130, signal: null });
    expect(existsSync(run.path), run.output()).toBe(false);
    expect(existsSync(dirname(run.path))).toBe(false);
  }, 60_000);

  it("SIGTERM reaches pulumi, ends the process (exit 143), and the private file goes with it", async () => {
    const run = await startImport();
    run.child.kill("SIGTERM");
    expect(await run.exited).toEqual({ code: 143, signal: null });
    await until("pulumi to write down the SIGTERM", () => existsSync(join(dir, "signalled")));
    expect(existsSync(run.path), run.output()).toBe(false);
    expect(existsSync(dirname(run.path))).toBe(false);
  }, 60_000);
});
