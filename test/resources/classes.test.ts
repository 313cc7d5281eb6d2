// The resource classes under pulumi.runtime.setMocks: the inputs they register, the type
// tokens, secrets (credential inputs wrapped, secret outputs requested), the outputs they expose.

import { createRequire } from "node:module";
import * as pulumi from "@pulumi/pulumi";
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as collectors from "../../provider";
import { logicalNameOf } from "../../provider/resources/steps/urn";
import { SOURCE_BODIES } from "./sourceBodies.helpers";

interface Registered {
  type: string;
  name: string;
  inputs: Record<string, unknown>;
  /** The raw request: secret markers intact. */
  raw: Record<string, unknown>;
  additionalSecretOutputs: string[];
  retainOnDelete: boolean | undefined;
  /** Where the program created the resource, as the SDK reports it. */
  sourceUri: string | undefined;
}

/** The parts of the SDK's RegisterResourceRequest the tests read. */
interface RegisterRequest {
  getObject(): { toJavaScript(): Record<string, unknown> };
  getType(): string;
  getName(): string;
  getAdditionalsecretoutputsList(): string[];
  hasRetainondelete(): boolean;
  getSourceposition(): { getUri(): string } | undefined;
  getRetainondelete(): boolean;
}

const registered = new Map<string, Registered>();
const SECRET_SIG = "4dabf18193072939515e22adb298388d";

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        const state = { ...args.inputs };
        if (args.type.endsWith(":HttpSource")) {
          state.url = "https://endpoint.example/receiver/v1/http/TOKEN";
          state.token = "HEADER-TOKEN";
          state.baseUrl = "https://endpoint.example/receiver/v1/http";
        }
        if (args.type.endsWith(":CloudSyslogSource")) state.token = "TOKEN@41123";
        state.name ??= `${args.inputs.__autoname}-abc1234`;
        state.etag = '"0123"';
        return { id: `${args.name}-id`, state };
      },
      call: () => ({}),
    },
    "project",
    "stack",
    false,
  );
  // Watch what reaches the monitor, the engine's side of the wire.
  const monitor = pulumi.runtime.getMonitor() as unknown as {
    registerResource: (req: RegisterRequest, callback: unknown) => unknown;
  };
  const original = monitor.registerResource.bind(monitor);
  monitor.registerResource = (req, callback) => {
    const raw = req.getObject().toJavaScript();
    registered.set(req.getName(), {
      type: req.getType(),
      name: req.getName(),
      inputs: Object.fromEntries(Object.entries(raw).filter(([k]) => k !== "__provider")),
      raw,
      additionalSecretOutputs: req.getAdditionalsecretoutputsList(),
      retainOnDelete: req.hasRetainondelete() ? req.getRetainondelete() : undefined,
      sourceUri: req.getSourceposition()?.getUri(),
    });
    return original(req, callback);
  };
});

const value = <T>(output: pulumi.Output<T>) => new Promise<T>((resolve) => output.apply(resolve));

/** What the monitor received for a resource, once it has been registered. */
async function registration(resource: pulumi.CustomResource): Promise<Registered> {
  const urn = await value(resource.urn);
  return registered.get(logicalNameOf(urn)) as Registered;
}
const isSecret = (v: unknown) =>
  typeof v === "object" && v !== null && (v as Record<string, unknown>)[SECRET_SIG] !== undefined;

describe("resource classes", () => {
  it("HostedCollector registers its args, an autoname hint and the type token", async () => {
    const c = new collectors.HostedCollector("web", {
      description: "front",
      fields: { team: "a" },
    });
    expect(await value(c.name)).toBe("web-abc1234");
    expect(await value(c.description)).toBe("front");
    const r = await registration(c);
    expect(r.type).toBe("pulumi-nodejs:dynamic/collectors:HostedCollector");
    expect(r.inputs).toEqual({
      description: "front",
      fields: { team: "a" },
      __autoname: "web",
      __urn: "urn:pulumi:stack::project::pulumi-nodejs:dynamic/collectors:HostedCollector::web",
    });
    expect(typeof r.raw.__provider).toBe("string");
    expect(r.additionalSecretOutputs).toEqual([]);
  });

  it("registers the fields given and the outputs the provider always sets; an unset field reads undefined", async () => {
    const s = new collectors.HttpSource("lean", { collectorId: 7, category: "app" });
    const isRegistered = (key: string) =>
      Object.getOwnPropertyDescriptor(s, key)?.get === undefined;
    const keys = Object.keys(s).filter((key) => !key.startsWith("__"));
    expect(keys.filter(isRegistered).sort()).toEqual(
      [
        ...["adopted", "baseUrl", "category", "collectorId", "etag", "id", "name", "sourceType"],
        ...["token", "unmanaged", "url", "urn"],
      ].sort(),
    );
    // Every field of the class is still there to read, and the first read is the one kept.
    expect(keys).toEqual(expect.arrayContaining(["description", "timeZone", "filters", "adopt"]));
    const description = s.description;
    expect(s.description).toBe(description);
    expect(isRegistered("description")).toBe(true);
    expect(await value(description)).toBeUndefined();
    // Like any output of the resource, it depends on it (an input made of it waits for it).
    const resources = (description as unknown as { resources(): Set<unknown> }).resources();
    expect([...resources]).toEqual([s]);
    expect(await value(s.category)).toBe("app");
  });

  it("registers every field of a resource read by id or by URN (its outputs are not its args')", async () => {
    const byId = new collectors.HttpSource("read", { collectorId: 7 }, { id: "7/42" });
    // Read back by URN: the mocks answer for a resource they registered.
    const first = new collectors.HttpSource("again", { collectorId: 7, description: "d" });
    const byUrn = new collectors.HttpSource(
      "again",
      { collectorId: 7 },
      { urn: await value(first.urn) },
    );
    for (const resource of [byId, byUrn]) {
      expect(Object.getOwnPropertyDescriptor(resource, "description")?.get).toBeUndefined();
      expect(Object.getOwnPropertyDescriptor(resource, "timeZone")?.get).toBeUndefined();
    }
    expect(await value(byUrn.description)).toBe("d");
  });

  it("captures no stack trace while registering, keeps the source position, restores the limit", async () => {
    // The SDK's debuggablePromise stamps each promise of a registered property with a stack.
    const debuggable = createRequire(require.resolve("@pulumi/pulumi"))("./runtime/debuggable") as {
      debuggablePromise: (p: Promise<unknown>, ctx: string) => Promise<unknown>;
    };
    const stamps: string[] = [];
    const original = debuggable.debuggablePromise;
    const spy = vi.spyOn(debuggable, "debuggablePromise").mockImplementation((p, ctx) => {
      const out = original(p, ctx);
      // The stamp is put on the promise given (the one returned is a chained copy).
      stamps.push((p as Promise<unknown> & { _debugStackTrace: string })._debugStackTrace);
      return out;
    });
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 17;
    try {
      const c = new collectors.HostedCollector("traced", { description: "d" });
      // Those made while the constructor ran (later ones, after the constructor, keep theirs).
      const during = [...stamps];
      expect(Error.stackTraceLimit).toBe(17);
      spy.mockRestore();
      expect(during.length).toBeGreaterThan(20);
      // "Error" or "Error: " (vitest formats traces itself), with no frame.
      expect(during.filter((stack) => stack.includes(" at "))).toEqual([]);
      // The resource's source position is still taken (the SDK lifts the limit for it): the
      // frame four up from the SDK's Resource, here the class's constructor in this package.
      expect((await registration(c)).sourceUri).toMatch(
        /provider\/resources\/program\/collectors\.ts$/,
      );
    } finally {
      spy.mockRestore();
      Error.stackTraceLimit = limit;
    }
  });

  it("every resource of a kind carries the same short provider text", async () => {
    const a = await registration(new collectors.HostedCollector("text-a", {}));
    const b = await registration(new collectors.HostedCollector("text-b", {}));
    expect(a.raw.__provider).toBe(b.raw.__provider);
    expect((a.raw.__provider as string).length).toBeLessThan(600);
  });

  it("an explicit name is passed as is, without the autoname hint", async () => {
    const c = new collectors.HostedCollector("named", { name: "My collector" });
    expect((await registration(c)).inputs).toEqual({
      name: "My collector",
      __urn: "urn:pulumi:stack::project::pulumi-nodejs:dynamic/collectors:HostedCollector::named",
    });
  });

  it("HttpSource keeps its URL, token and unmanaged fields secret in state; baseUrl is plain", async () => {
    const c = new collectors.HostedCollector("h-col");
    const s = new collectors.HttpSource("events", {
      collectorId: c.id,
      multilineProcessingEnabled: false,
    });
    expect(await value(s.url)).toContain("TOKEN");
    expect(await value(s.token)).toBe("HEADER-TOKEN");
    expect(await value(s.baseUrl)).toBe("https://endpoint.example/receiver/v1/http");
    const r = await registration(s);
    expect(r.type).toBe("pulumi-nodejs:dynamic/collectors:HttpSource");
    expect(r.inputs).toMatchObject({ collectorId: "h-col-id", multilineProcessingEnabled: false });
    expect(r.additionalSecretOutputs.sort()).toEqual(["token", "unmanaged", "url"]);
  });

  it("KinesisLogSource: token secret, baseUrl plain, thirdPartyRef optional", async () => {
    const s = new collectors.KinesisLogSource("firehose", { collectorId: 1 });
    const r = await registration(s);
    expect(r.additionalSecretOutputs.sort()).toEqual([
      "thirdPartyRef",
      "token",
      "unmanaged",
      "url",
    ]);
    expect(r.inputs).toEqual({
      collectorId: 1,
      __autoname: "firehose",
      __urn:
        "urn:pulumi:stack::project::pulumi-nodejs:dynamic/collectors:KinesisLogSource::firehose",
    });
  });

  it("CloudSyslogSource keeps its token secret", async () => {
    const s = new collectors.CloudSyslogSource("cs", { collectorId: 1 });
    expect((await registration(s)).additionalSecretOutputs.sort()).toEqual(["token", "unmanaged"]);
  });

  it("credentials are secret inputs and secret outputs, even when given as plain strings", async () => {
    const s = new collectors.RemoteFileSource("remote", {
      collectorId: 1,
      remoteHosts: ["10.0.0.5"],
      remotePort: 22,
      remoteUser: "u",
      authMethod: "password",
      remotePassword: "hunter2",
      keyPassword: "also-secret",
      pathExpression: "/var/log/app.log",
    });
    const r = await registration(s);
    expect(isSecret(r.raw.remotePassword)).toBe(true);
    expect(isSecret(r.raw.keyPassword)).toBe(true);
    expect(isSecret(r.raw.remoteUser)).toBe(false);
    expect(r.additionalSecretOutputs.sort()).toEqual([
      "keyPassword",
      "remotePassword",
      "unmanaged",
    ]);
    expect(await pulumi.isSecret(s.remotePassword)).toBe(true);
  });

  it("the generic Source keeps credentials, thirdPartyRef and passthrough secret", async () => {
    const s = new collectors.Source("poll", {
      collectorId: 1,
      sourceType: "Polling",
      contentType: "AwsS3Bucket",
      thirdPartyRef: { resources: [{ authentication: { awsId: "AKIA", awsKey: "k" } }] },
      passthrough: { extra: 1 },
    });
    const r = await registration(s);
    expect(isSecret(r.raw.thirdPartyRef)).toBe(true);
    expect(isSecret(r.raw.passthrough)).toBe(true);
    expect(r.additionalSecretOutputs).toEqual(
      expect.arrayContaining([
        "url",
        "token",
        "remotePassword",
        "keyPassword",
        "password",
        "thirdPartyRef",
        "passthrough",
        "unmanaged",
      ]),
    );
    expect(r.additionalSecretOutputs).not.toContain("baseUrl");
  });

  it("every typed source has its type token and the common outputs", async () => {
    const cases: [string, pulumi.CustomResource][] = [
      [
        "LocalFileSource",
        new collectors.LocalFileSource("lf", { collectorId: 1, pathExpression: "/x" }),
      ],
      [
        "SyslogSource",
        new collectors.SyslogSource("sy", { collectorId: 1, protocol: "TCP", port: 601 }),
      ],
      [
        "ScriptSource",
        new collectors.ScriptSource("sc", {
          collectorId: 1,
          commands: ["/bin/sh"],
          cronExpression: "0 * * * * ? *",
        }),
      ],
      [
        "SystemStatsSource",
        new collectors.SystemStatsSource("ss", { collectorId: 1, interval: 60000 }),
      ],
      [
        "DockerStatsSource",
        new collectors.DockerStatsSource("ds", {
          collectorId: 1,
          uri: "unix:///d.sock",
          allContainers: false,
          specifiedContainers: ["web"],
        }),
      ],
      [
        "StreamingMetricsSource",
        new collectors.StreamingMetricsSource("sm", {
          collectorId: 1,
          contentType: "Prometheus",
          protocol: "TCP",
          port: 2003,
        }),
      ],
      [
        "DockerLogSource",
        new collectors.DockerLogSource("dl", {
          collectorId: 1,
          uri: "unix:///d.sock",
          allContainers: true,
          collectEvents: true,
        }),
      ],
    ];
    // And every typed source class of the table of bodies.
    for (const [kind, body] of Object.entries(SOURCE_BODIES)) {
      const Class = (collectors as unknown as Record<string, typeof collectors.LocalFileSource>)[
        kind
      ];
      expect(Class, `${kind} is exported`).toBeDefined();
      cases.push([
        kind,
        new (Class as typeof collectors.LocalFileSource)(`${kind}-x`, {
          collectorId: 1,
          ...body.args,
        } as never),
      ]);
    }
    for (const [kind, resource] of cases) {
      const r = await registration(resource);
      expect(r.type).toBe(`pulumi-nodejs:dynamic/collectors:${kind}`);
      expect(await value((resource as collectors.LocalFileSource).collectorId)).toBe(1);
      // Its URN, for the lines the provider writes under it (an adoption).
      expect(r.inputs.__urn).toBe(await value(resource.urn));
      expect(pulumi.Output.isInstance((resource as collectors.LocalFileSource).adopted)).toBe(true);
      expect(r.retainOnDelete, `${kind} is deleted by destroy`).toBeFalsy();
    }
  });

  it("an InstalledCollector is retained on delete unless the program opts in to deleting it", async () => {
    const kept = new collectors.InstalledCollector("kept", { adopt: { id: 1 } });
    const protectedToo = new collectors.InstalledCollector(
      "protected",
      { adopt: { id: 2 } },
      { protect: true },
    );
    const deletable = new collectors.InstalledCollector(
      "deletable",
      { adopt: { id: 3 } },
      { retainOnDelete: false },
    );
    const hosted = new collectors.HostedCollector("hosted-c");
    expect((await registration(kept)).retainOnDelete).toBe(true);
    expect((await registration(protectedToo)).retainOnDelete).toBe(true);
    expect((await registration(deletable)).retainOnDelete).toBe(false);
    expect((await registration(hosted)).retainOnDelete).toBeFalsy();
  });

  it("every typed source class keeps the args that hold a credential secret, in and out", async () => {
    const secretIn = (value: unknown): boolean => JSON.stringify(value).includes("s3cr3t-");
    for (const [kind, body] of Object.entries(SOURCE_BODIES)) {
      const Class = (collectors as unknown as Record<string, typeof collectors.LocalFileSource>)[
        kind
      ] as typeof collectors.LocalFileSource;
      const r = await registration(
        new Class(`${kind}-secret`, { collectorId: 1, ...body.args } as never),
      );
      for (const [key, value] of Object.entries(body.args)) {
        if (!secretIn(value)) continue;
        expect(isSecret(r.raw[key]), `${kind}.${key} is a secret input`).toBe(true);
        expect(r.additionalSecretOutputs, `${kind}.${key} is a secret output`).toContain(key);
      }
    }
  });

  it("adopt is passed through for create to use", async () => {
    const c = new collectors.HostedCollector("adopted", { adopt: { name: "Prod logs v1.2" } });
    expect((await registration(c)).inputs).toEqual({
      adopt: { name: "Prod logs v1.2" },
      __autoname: "adopted",
      __urn: "urn:pulumi:stack::project::pulumi-nodejs:dynamic/collectors:HostedCollector::adopted",
    });
  });
});
