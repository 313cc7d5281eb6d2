// A provider process whose engine is killed outright exits on its own, with a line on stderr
// saying why; while its engine is there it keeps serving. Both front ends, in child processes
// started the way the engine starts them: the plugin (provider/plugin/main.ts bundled as
// build-plugin does) with the engine's flags and address, and Pulumi's own dynamic-provider host
// (@pulumi/pulumi's cmd/dynamic-provider) running a provider whose methods call our dispatch
// (provider/resources/dispatch.ts bundled), as a state's shims do. A gRPC server of the test
// stands in for the engine. Each process must exit within what the code promises
// (test/helpers/provider-exit.ts).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { type AddressInfo, createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as grpc from "@grpc/grpc-js";
import * as services from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as messages from "@pulumi/pulumi/proto/provider_pb";
import { buildSync } from "esbuild";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packageInfoOf, packageManifest } from "../../provider/plugin/version";
import { EXIT_WITHIN_MS } from "../../provider/resources/steps/engine-gone";
import { repoRoot } from "../../scripts/toolchain/pulumi-workspace";
import { type FakeEngine, startFakeEngine } from "../helpers/fake-engine";
import { PROVIDER_EXIT_MS } from "../helpers/provider-exit";

const ROOT = repoRoot(__dirname);
const HOST = join(ROOT, "node_modules/@pulumi/pulumi/cmd/dynamic-provider/index.js");

let tmp: string;
let plugin: string;
let dispatch: string;
const children: ChildProcess[] = [];

function bundle(entry: string, outfile: string): string {
  buildSync({
    entryPoints: [join(ROOT, entry)],
    outfile,
    bundle: true,
    platform: "node",
    target: "node22",
    format: "cjs",
    logLevel: "error",
    define: { PACKAGE_INFO: JSON.stringify(packageInfoOf(packageManifest(ROOT))) },
  });
  return outfile;
}

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), "engine-gone-test-"));
  plugin = bundle("provider/plugin/main.ts", join(tmp, "plugin.js"));
  dispatch = bundle("provider/resources/dispatch.ts", join(tmp, "dispatch.js"));
});

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

interface Child {
  port: number;
  stderr: () => string;
  running: () => boolean;
  exited: Promise<number | null>;
}

/** Starts `args` with node; resolves once it printed its port (its first stdout line). */
async function startChild(args: string[]): Promise<Child> {
  const child = spawn(process.execPath, args, {
    cwd: tmp,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (d: string) => {
    stderr += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no port in 20 s:\n${stderr}`)), 20_000);
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      stdout += d;
      const line = /^(\d+)\n/.exec(stdout);
      if (line) {
        clearTimeout(timer);
        resolve(Number(line[1]));
      }
    });
    void exited.then((code) => reject(new Error(`exited (${code}) first:\n${stderr}`)));
  });
  return { port, stderr: () => stderr, running: () => child.exitCode === null, exited };
}

/** Resolves with the milliseconds until `child` exited; fails after `ms`. */
async function exitWithin(child: Child, ms: number): Promise<{ code: number | null; ms: number }> {
  const from = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`still running ${ms} ms later:\n${child.stderr()}`)),
      ms,
    );
  });
  try {
    const code = await Promise.race([child.exited, late]);
    return { code, ms: Date.now() - from };
  } finally {
    clearTimeout(timer);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Longer than the watch's three misses a second apart. */
const QUIET_MS = 5_000;

describe("the time a provider process may outlive its engine", () => {
  it("is the one the user guide gives", () => {
    const guide = readFileSync(join(ROOT, "docs/guides/interrupted-runs.md"), "utf8");
    expect(guide.replace(/\s+/g, " ")).toContain(
      `exit, within ${EXIT_WITHIN_MS / 1000} seconds of the engine being killed`,
    );
  });
});

describe("the plugin, its engine killed", () => {
  it("keeps serving while the engine is there, then exits within the promised time", async () => {
    const engine: FakeEngine = await startFakeEngine("serving");
    const child = await startChild([
      plugin,
      "--logtostderr",
      "-v=9",
      "--tracing",
      "http://127.0.0.1:1/spans",
      engine.address,
    ]);
    await sleep(QUIET_MS);
    expect(child.running()).toBe(true);
    expect(engine.checks()).toBeGreaterThanOrEqual(3);

    engine.kill();
    const { code, ms } = await exitWithin(child, PROVIDER_EXIT_MS);
    console.log(`plugin: exited ${ms} ms after its engine was killed`);
    expect(code).toBe(1);
    expect(child.stderr()).toContain(
      `pulumi-resource-collectors: exiting, the Pulumi engine (${engine.address}) is gone (nothing listens on its address); no call was in progress\n`,
    );
  });

  it("stops a request in flight (the service never answers it) before it exits", async () => {
    const engine = await startFakeEngine("serving");
    // A service that takes every connection and never answers.
    const service = createServer();
    const sockets: Socket[] = [];
    const requested = new Promise<void>((resolve) => {
      service.on("connection", (socket: Socket) => {
        sockets.push(socket);
        resolve();
      });
    });
    await new Promise<void>((resolve) => service.listen(0, "127.0.0.1", resolve));
    const child = await startChild([plugin, engine.address]);
    const client = new services.ResourceProviderClient(
      `127.0.0.1:${child.port}`,
      grpc.credentials.createInsecure(),
    );
    const { port } = service.address() as AddressInfo;
    const configure = new messages.ConfigureRequest().setArgs(
      Struct.fromJavaScript({
        accessId: "id",
        accessKey: "key",
        endpoint: `http://127.0.0.1:${port}/api/v1`,
      }),
    );
    await new Promise((resolve, reject) =>
      client.configure(configure, (error) => (error ? reject(error) : resolve(undefined))),
    );
    const created = new Promise<Error | null>((resolve) =>
      client.create(
        new messages.CreateRequest()
          .setType("collectors:index:HostedCollector")
          .setUrn("urn:pulumi:dev::p::collectors:index:HostedCollector::c")
          .setProperties(Struct.fromJavaScript({ name: "c" })),
        (error) => resolve(error),
      ),
    );
    await requested;

    engine.kill();
    const { code, ms } = await exitWithin(child, PROVIDER_EXIT_MS);
    console.log(`plugin with a request in flight: exited ${ms} ms after its engine was killed`);
    expect(code).toBe(1);
    expect(child.stderr()).toContain(
      "is gone (nothing listens on its address); 1 call(s) in progress stopped\n",
    );
    // Its answer goes nowhere: the process exits as soon as the call has ended.
    expect(await created).toBeInstanceOf(Error);
    client.close();
    for (const socket of sockets) socket.destroy();
    service.close();
  });

  it("keeps serving without an engine address (Attach, tests)", async () => {
    const child = await startChild([plugin]);
    await sleep(QUIET_MS);
    expect(child.running()).toBe(true);
  });
});

describe("Pulumi's dynamic-provider host running our provider, its engine killed", () => {
  it("exits within the promised time once a call of ours was made there", async () => {
    const engine = await startFakeEngine("serving");
    const host = await startChild([HOST, "--logtostderr", engine.address]);
    // A state's shim loads the implementation at the first call of a method (shim.ts).
    const text = [
      `const { dispatch } = require(${JSON.stringify(dispatch)});`,
      `exports.handler = () => ({ check: (olds, news) => dispatch("Source", "check", [olds, news]) });`,
    ].join("\n");
    const client = new services.ResourceProviderClient(
      `127.0.0.1:${host.port}`,
      grpc.credentials.createInsecure(),
    );
    await new Promise<void>((resolve, reject) =>
      client.check(
        new messages.CheckRequest()
          .setUrn("urn:pulumi:dev::p::collectors:index:Source::s")
          .setOlds(Struct.fromJavaScript({}))
          .setNews(Struct.fromJavaScript({ __provider: text })),
        (error) => (error ? reject(error) : resolve()),
      ),
    );
    client.close();
    await sleep(QUIET_MS);
    expect(host.running()).toBe(true);
    expect(engine.checks()).toBeGreaterThanOrEqual(3);

    engine.kill();
    const { code, ms } = await exitWithin(host, PROVIDER_EXIT_MS);
    console.log(`dynamic-provider host: exited ${ms} ms after its engine was killed`);
    expect(code).toBe(1);
    expect(host.stderr()).toContain(
      `pulumi-collectors (dynamic-provider host): exiting, the Pulumi engine (${engine.address}) is gone (nothing listens on its address); no call was in progress\n`,
    );
  });
});
