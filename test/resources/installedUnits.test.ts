// The pieces of InstalledCollector that need no service: build versions, `latest`, Pulumi's
// duration strings, and the progress channel to the engine (against a stand-in Engine gRPC
// server built from the SDK's own protocol files).
import { createRequire } from "node:module";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compareVersions, direction, latest } from "../../provider/resources/kinds/version";
import {
  type EngineModules,
  engineSink,
  hostEngineModules,
} from "../../provider/resources/steps/progress";
import { customTimeout, parseDuration } from "../../provider/resources/steps/timeouts";
import { formatDuration, statusText } from "../../provider/resources/steps/upgrade";

describe("versions", () => {
  it("orders builds part by part, numbers as numbers", () => {
    const sorted = ["19.470-4", "19.403-1", "19.470-12", "20.1-1", "19.418-12"].sort(
      compareVersions,
    );
    expect(sorted).toEqual(["19.403-1", "19.418-12", "19.470-4", "19.470-12", "20.1-1"]);
    expect(compareVersions("19.470-4", "19.470-4")).toBe(0);
    expect(direction("19.470-4", "19.440-7")).toBe("downgrade");
    expect(direction("19.440-7", "19.470-4")).toBe("upgrade");
    expect(direction(undefined, "19.470-4")).toBe("upgrade");
  });

  it("latest() takes the build the service marks latest, else the highest", () => {
    expect(
      latest([
        { version: "19.470-4", latest: false },
        { version: "19.455-3", latest: true },
      ]),
    ).toBe("19.455-3");
    expect(
      latest([
        { version: "19.403-1", latest: false },
        { version: "19.470-12", latest: false },
        { version: "19.470-4", latest: false },
      ]),
    ).toBe("19.470-12");
    expect(() => latest([])).toThrow("the service listed no collector builds");
  });
});

describe("customTimeouts", () => {
  it("parses Go durations the way Pulumi writes them", () => {
    expect(parseDuration("10m")).toBe(600_000);
    expect(parseDuration("1h30m")).toBe(5_400_000);
    expect(parseDuration("1.5h")).toBe(5_400_000);
    expect(parseDuration("90s")).toBe(90_000);
    expect(parseDuration("250ms")).toBe(250);
    for (const bad of ["", "10", "ten minutes", "5 m", "-1m"])
      expect(parseDuration(bad)).toBe(undefined);
  });

  it("picks the operation's timeout from the hidden input", () => {
    const inputs = { __timeouts: { create: "2m", update: "45m" } };
    expect(customTimeout(inputs, "create")).toEqual({
      ms: 120_000,
      text: 'customTimeouts.create "2m"',
    });
    expect(customTimeout(inputs, "update")?.ms).toBe(2_700_000);
    expect(customTimeout({}, "update")).toBe(undefined);
    expect(customTimeout({ __timeouts: { update: "soon" } }, "update")).toBe(undefined);
  });
});

describe("progress text", () => {
  it("names every task status and formats durations", () => {
    expect([0, 1, 6, 2, 3, 9].map(statusText)).toEqual([
      "not started (status 0)",
      "pending, waiting for the collector to pick the task up (status 1)",
      "progressing on the collector (status 6)",
      "succeeded (status 2)",
      "failed (status 3)",
      "unknown status (status 9)",
    ]);
    expect(formatDuration(21_400)).toBe("21s");
    expect(formatDuration(65_000)).toBe("1m 05s");
  });
});

describe("the progress channel", () => {
  const sdk = join(__dirname, "../../node_modules/@pulumi/pulumi");
  const hostScript = join(sdk, "cmd/dynamic-provider/index.js");

  // A stand-in for the engine: the SDK's Engine service with a Log that records what it gets.
  const load = createRequire(join(sdk, "package.json"));
  const grpc = load("@grpc/grpc-js");
  const services = load("./proto/engine_grpc_pb");
  const received: { severity: number; message: string; urn: string; ephemeral: boolean }[] = [];
  const server = new grpc.Server();
  server.addService(services.EngineService, {
    log: (
      call: {
        request: {
          getSeverity(): number;
          getMessage(): string;
          getUrn(): string;
          getEphemeral(): boolean;
        };
      },
      done: (error: null, value: unknown) => void,
    ) => {
      const r = call.request;
      received.push({
        severity: r.getSeverity(),
        message: r.getMessage(),
        urn: r.getUrn(),
        ephemeral: r.getEphemeral(),
      });
      done(null, new (load("google-protobuf/google/protobuf/empty_pb").Empty)());
    },
  });
  afterAll(() => server.forceShutdown());

  it("sends lines to the engine's Log with the resource's URN, severity and ephemeral flag", async () => {
    const port: number = await new Promise((resolve, reject) =>
      server.bindAsync(
        "127.0.0.1:0",
        grpc.ServerCredentials.createInsecure(),
        (e: Error, p: number) => (e ? reject(e) : resolve(p)),
      ),
    );
    const modules = hostEngineModules(hostScript);
    expect(modules).toBeDefined();
    const sink = engineSink(`127.0.0.1:${port}`, modules as EngineModules);
    const urn = "urn:pulumi:dev::fleet::pulumi-nodejs:dynamic/collectors:InstalledCollector::web";
    await sink?.({ urn, message: "task 5 started" });
    await sink?.({ urn, message: "still going", ephemeral: true });
    await sink?.({ urn, message: "odd", severity: "warning" });
    expect(received).toEqual([
      { severity: 1, message: "task 5 started", urn, ephemeral: false },
      { severity: 1, message: "still going", urn, ephemeral: true },
      { severity: 2, message: "odd", urn, ephemeral: false },
    ]);
  });

  it("is undefined when the host's SDK cannot be loaded", () => {
    expect(hostEngineModules("/nowhere/cmd/dynamic-provider/index.js")).toBe(undefined);
  });
});
