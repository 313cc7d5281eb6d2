// The provider text Pulumi writes into state (`__provider`): taken from the SDK itself (each
// resource class registered under mocks), loaded back the way the engine's pulumi-nodejs
// provider does (require-from-string, handler()), and run against the local service from a
// program directory where the package is installed.
import { createRequire } from "node:module";
import { join } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as resources from "../../provider/resources";
import { ENTITY_KINDS } from "../../provider/resources/kinds";
import { type Service, startService } from "./emulator.helpers";
import { type ProgramDir, programWithPackage } from "./package.helpers";
import { SOURCE_BODIES } from "./sourceBodies.helpers";
import { configRequest, type Props, unnamed } from "./unit.helpers";

const requireFromString = createRequire(__filename)("require-from-string") as (code: string) => {
  handler: () => pulumi.dynamic.ResourceProvider;
};

const texts = new Map<string, string>();
let service: Service;
let program: ProgramDir;

beforeAll(async () => {
  service = await startService();
  program = programWithPackage();
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        texts.set(
          args.type.replace("pulumi-nodejs:dynamic/collectors:", ""),
          args.inputs.__provider,
        );
        return { id: `${args.name}-id`, state: args.inputs };
      },
      call: () => ({}),
    },
    "project",
    "stack",
    false,
  );
  const collectorId = 1;
  const made = [
    new resources.HostedCollector("c", { description: "d" }),
    new resources.InstalledCollector("ic", { adopt: { name: "web-01.prod" }, version: "19.470-4" }),
    new resources.OtCollector("ot", { adopt: { name: "edge-1" }, tags: { team: "web" } }),
    new resources.SourceTemplate("st", {
      schemaRef: { type: "Apache" },
      inputJson: { name: "apache", receivers: { apache: {} } },
    }),
    new resources.Source("s", { collectorId, sourceType: "Universal" }),
    new resources.HttpSource("h", { collectorId }),
    new resources.CloudSyslogSource("cs", { collectorId }),
    new resources.LocalFileSource("lf", { collectorId, pathExpression: "/x" }),
    new resources.RemoteFileSource("rf", {
      collectorId,
      remoteHosts: ["h"],
      remotePort: 22,
      remoteUser: "u",
      authMethod: "password",
      remotePassword: "hunter2",
      pathExpression: "/x",
    }),
    new resources.SyslogSource("sy", { collectorId, protocol: "UDP", port: 514 }),
    new resources.ScriptSource("sc", {
      collectorId,
      commands: ["/bin/sh"],
      cronExpression: "0 * * * * ? *",
    }),
    new resources.SystemStatsSource("ss", { collectorId, interval: 60000 }),
    new resources.DockerStatsSource("ds", {
      collectorId,
      uri: "unix:///var/run/docker.sock",
      allContainers: true,
    }),
    new resources.StreamingMetricsSource("sm", { collectorId, contentType: "Carbon2" }),
    new resources.DockerLogSource("dl", {
      collectorId,
      uri: "unix:///var/run/docker.sock",
      allContainers: true,
      collectEvents: false,
    }),
    // Every typed source class, from the table of bodies.
    ...Object.entries(SOURCE_BODIES).map(
      ([kind, body]) =>
        new (
          (resources as unknown as Record<string, typeof resources.LocalFileSource>)[
            kind
          ] as typeof resources.LocalFileSource
        )(`${kind}-all`, {
          collectorId,
          ...body.args,
        } as never),
    ),
  ];
  await Promise.all(made.map((r) => new Promise((resolve) => r.urn.apply(resolve))));
});

afterAll(async () => {
  vi.restoreAllMocks();
  program?.remove();
  await service?.close();
});

describe("the serialized provider", () => {
  it("exists for every resource kind", () => {
    expect([...texts.keys()].sort()).toEqual(Object.keys(ENTITY_KINDS).sort());
  });

  it("is a small shim that carries the kind and no credential, schema or implementation", () => {
    for (const [kind, text] of texts) {
      // The engine writes it twice into every resource's state: it stays a few hundred bytes.
      expect(text.length, kind).toBeLessThan(600);
      expect(text).toContain(`const kind = "${kind}";`);
      expect(text).toContain("pulumi-collectors/resources/runtime");
      for (const banned of [
        service.accessKey,
        service.accessId,
        "hunter2",
        "zod",
        "safeParse",
        "schema",
        "CollectorsClient",
        "undici",
        "fetch(",
      ]) {
        expect(text, `${kind} provider text contains ${banned}`).not.toContain(banned);
      }
    }
  });

  it("loads back from its text and runs configure, create, read and delete against the service", async () => {
    // The engine runs the provider with the program's directory as working directory.
    vi.spyOn(process, "cwd").mockReturnValue(program.dir);
    const config = configRequest({
      "collectors:accessId": service.accessId,
      "collectors:accessKey": service.accessKey,
      "collectors:endpoint": service.emulator.url,
    });
    const hosted = requireFromString(texts.get("HostedCollector") as string).handler();
    await hosted.configure?.(config);
    const checked = await hosted.check?.(
      {},
      { ...unnamed("HostedCollector", "roundtrip"), description: "via text" },
    );
    expect(checked?.failures).toEqual([]);
    await service.clearRequests();
    const created = await hosted.create(checked?.inputs);
    expect(created.outs).toMatchObject({ description: "via text", collectorType: "Hosted" });

    for (const [kind, news] of [
      ["HttpSource", { collectorId: created.id, name: "http" }],
      ["Source", { collectorId: created.id, name: "generic", sourceType: "Cloudsyslog" }],
    ] as const) {
      const p = requireFromString(texts.get(kind) as string).handler();
      await p.configure?.(config);
      const c = await p.check?.({}, news as Props);
      const source = await p.create(c?.inputs);
      expect((await p.read?.(source.id, source.outs))?.props).toEqual(source.outs);
      await p.delete?.(source.id, source.outs);
    }
    await hosted.delete?.(created.id, created.outs);
    expect((await service.requests()).map((r) => `${r.method} ${r.status}`)).toEqual([
      "POST 201",
      "POST 201",
      "GET 200",
      "DELETE 200",
      "POST 201",
      "GET 200",
      "DELETE 200",
      "DELETE 200",
    ]);
    expect((await service.api("GET", "/collectors")).body.collectors).toEqual([]);
    // The implementation came from the program's node_modules, not from this repository.
    const loaded = Object.keys(createRequire(__filename).cache);
    expect(loaded).toContain(
      join(program.dir, "node_modules/pulumi-collectors/dist/provider/resources/dispatch.js"),
    );
  });

  it("keeps the require path of every shim already in a state file: resources/runtime is dispatch", async () => {
    // Written here as older versions of the package wrote it into state files, independent of
    // program/shim.ts: renaming the export, or changing dispatch's signature, breaks their stacks.
    vi.spyOn(process, "cwd").mockReturnValue(program.dir);
    const oldShimCall = (kind: string, method: string, args: unknown[]) =>
      require("node:module")
        .createRequire(`${process.cwd()}/`)("pulumi-collectors/resources/runtime")
        .dispatch(kind, method, args);
    const resolved = createRequire(`${program.dir}/`).resolve(
      "pulumi-collectors/resources/runtime",
    );
    expect(resolved).toBe(
      join(program.dir, "node_modules/pulumi-collectors/dist/provider/resources/dispatch.js"),
    );
    const checked = await oldShimCall("HostedCollector", "check", [{}, { name: "kept" }]);
    expect(checked).toEqual({ inputs: { name: "kept" }, failures: [] });
    await expect(oldShimCall("HostedCollector", "refresh", [])).rejects.toThrow(
      'unknown provider method "refresh"',
    );
  });
});
