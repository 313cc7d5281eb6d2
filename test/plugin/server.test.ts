// The plugin's gRPC service over a real connection on 127.0.0.1, against the local service:
// Check (the dynamic provider's messages, default names), Diff (detailedDiff), secrets wrapped
// by the provider, Read by id alone, Cancel, invokes, Configure.

import {
  DiffResponse,
  GetSchemaRequest,
  type GetSchemaResponse,
  InvokeRequest,
  type InvokeResponse,
} from "@pulumi/pulumi/proto/provider_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CHANGE } from "../../provider/plugin/provider";
import { lifecycle } from "../../provider/resources/dispatch";
import { ENTITY_KINDS } from "../../provider/resources/kinds";
import { nameFromUrn } from "../../provider/resources/steps/naming";
import { Runtime, type RuntimeOptions } from "../../provider/resources/steps/runtime";
import { type Service, startService } from "../resources/emulator.helpers";
import { isSecret, type Plugin, secretOf, startPlugin, urnOf } from "./grpc.helpers";

let service: Service;
let plugin: Plugin;

const AWS_KEY = "aws-secret-key-000000000000000000000001";
const s3 = (collectorId: string | number) => ({
  collectorId,
  name: "bucket",
  thirdPartyRef: {
    resources: [
      {
        serviceType: "AwsS3Bucket",
        path: { type: "S3BucketPathExpression", bucketName: "logs", pathExpression: "app/*" },
        authentication: { type: "S3BucketAuthentication", awsId: "AKIA0001", awsKey: AWS_KEY },
      },
    ],
  },
});

beforeAll(async () => {
  service = await startService();
  plugin = await startPlugin({ timeScale: 0.01, client: { limits: false } });
});
afterAll(async () => {
  await plugin?.close();
  await service?.close();
});
beforeEach(async () => {
  await service.reset();
  await plugin.configure({
    accessId: service.accessId,
    accessKey: secretOf(service.accessKey),
    endpoint: service.emulator.url,
  });
});

/** The value inside a secret (fails the test when it is not one). */
function revealed(value: unknown): unknown {
  expect(isSecret(value)).toBe(true);
  return (value as { value: unknown }).value;
}

type ThirdPartyRef = {
  resources: { path: Record<string, unknown>; authentication: Record<string, unknown> }[];
};

/**
 * An S3 thirdPartyRef as the plugin returns it: in clear but for the key, which it returns as a
 * secret (fails the test otherwise); the key inside, and the rest.
 */
function keyHidden(value: unknown): { awsKey: unknown; ref: ThirdPartyRef } {
  expect(isSecret(value)).toBe(false);
  const ref = value as ThirdPartyRef;
  const [resource] = ref.resources;
  expect(resource?.path.bucketName).toBe("logs");
  expect(resource?.authentication.awsId).toBe("AKIA0001");
  const { awsKey, ...rest } = resource?.authentication ?? {};
  expect(
    JSON.stringify({ ...ref, resources: [{ ...resource, authentication: rest }] }),
  ).not.toMatch(/4dabf18193072939515e22adb298388d/);
  const key = revealed(awsKey);
  return {
    awsKey: key,
    ref: {
      resources: [
        {
          ...(resource as ThirdPartyRef["resources"][0]),
          authentication: { ...rest, awsKey: key },
        },
      ],
    },
  };
}

describe("GetSchema", () => {
  it("serves the schema of every kind", async () => {
    const response = await plugin.call<GetSchemaResponse>("getSchema", new GetSchemaRequest());
    const schema = JSON.parse(response.getSchema());
    expect(Object.keys(schema.resources).sort()).toEqual(
      Object.keys(ENTITY_KINDS)
        .map((kind) => `collectors:index:${kind}`)
        .sort(),
    );
  });
});

describe("Check", () => {
  it("fails bad input with the dynamic provider's messages, before any request", async () => {
    const dynamic = lifecycle("HttpSource", new Runtime());
    const bad = { name: "web", category: 7, colour: "red", messagePerRequest: "yes" };
    const expected = await dynamic?.check({}, bad);
    await service.clearRequests();
    const checked = await plugin.check("HttpSource", "web", bad);
    expect(checked.failures).toEqual(expected?.failures);
    const reasons = checked.failures.map((f) => f.reason).join("\n");
    expect(reasons).toContain("colour is not a property of HttpSource");
    expect(reasons).toContain("collectorId is required for HttpSource");
    expect(checked.failures.map((f) => f.property)).toEqual(
      expect.arrayContaining(["category", "colour", "collectorId", "messagePerRequest"]),
    );
    expect(await service.requests()).toEqual([]);
  });

  it("names a resource from its URN: the same in every run, kept once given", async () => {
    const first = await plugin.check("HostedCollector", "edge", {});
    const again = await plugin.check("HostedCollector", "edge", {});
    expect(first.failures).toEqual([]);
    expect(first.inputs.name).toBe(nameFromUrn(urnOf("HostedCollector", "edge")));
    expect(first.inputs.name).toMatch(/^edge-[0-9a-f]{7}$/);
    expect(again.inputs.name).toBe(first.inputs.name);
    const kept = await plugin.check("HostedCollector", "edge", {}, { name: "renamed-before" });
    expect(kept.inputs.name).toBe("renamed-before");
  });

  it("reclaims the object an earlier run's create made under the name the URN makes", async () => {
    const { inputs } = await plugin.check("HostedCollector", "edge", { description: "d" });
    // The stopped run's POST reached the service; its answer never reached the state.
    const made = await service.api("POST", "/collectors", {
      collector: { collectorType: "Hosted", name: inputs.name, description: "d" },
    });
    await service.clearRequests();
    const created = await plugin.create("HostedCollector", "edge", inputs);
    expect(created.id).toBe(String(made.body.collector.id));
    expect((await service.requests()).map((r) => `${r.method} ${r.status}`)).toEqual([
      "POST 400",
      "GET 200",
    ]);
    // A source's plugin id carries its collector.
    const source = await plugin.check("HttpSource", "web", { collectorId: created.id });
    const madeSource = await service.api("POST", `/collectors/${created.id}/sources`, {
      source: { sourceType: "HTTP", name: source.inputs.name },
    });
    const http = await plugin.create("HttpSource", "web", source.inputs);
    expect(http.id).toBe(`${created.id}/${madeSource.body.source.id}`);
  });

  it("returns a credential input as a secret even when the program gave it in plain text", async () => {
    const checked = await plugin.check("S3Source", "bucket", s3(1));
    expect(checked.failures).toEqual([]);
    // The key alone: the bucket, the path and the key's id stay in clear.
    const { awsKey, ref } = keyHidden(checked.inputs.thirdPartyRef);
    expect(awsKey).toBe(AWS_KEY);
    expect(ref).toEqual(s3(1).thirdPartyRef);
  });

  it("returns the key alone as a secret whether the program gave it or its whole thirdPartyRef as one", async () => {
    const given = s3(1);
    const [resource] = given.thirdPartyRef.resources;
    const leaf = {
      resources: [
        { ...resource, authentication: { ...resource?.authentication, awsKey: secretOf(AWS_KEY) } },
      ],
    };
    for (const thirdPartyRef of [leaf, secretOf(given.thirdPartyRef)]) {
      const checked = await plugin.check("S3Source", "bucket", { ...given, thirdPartyRef });
      expect(keyHidden(checked.inputs.thirdPartyRef).ref).toEqual(given.thirdPartyRef);
    }
  });
});

describe("create, read, update, delete", () => {
  it("wraps every secret output, and reads a source by <collectorId>/<sourceId> without its key", async () => {
    const collector = await plugin.create("HostedCollector", "c", { name: "c" });
    expect(collector.id).toMatch(/^[1-9]\d*$/);
    revealed(collector.properties.unmanaged);

    const http = await plugin.create("HttpSource", "web", {
      collectorId: collector.id,
      name: "web",
    });
    expect(http.id).toBe(`${collector.id}/${http.id.split("/")[1]}`);
    expect(String(revealed(http.properties.url))).toMatch(/^http/);

    const bucket = await plugin.create("S3Source", "bucket", s3(collector.id));
    expect(keyHidden(bucket.properties.thirdPartyRef).awsKey).toBe(AWS_KEY);

    // pulumi import / get: the id alone.
    const imported = await plugin.read("S3Source", bucket.id);
    expect(imported.id).toBe(bucket.id);
    expect(imported.properties.collectorId).toBe(Number(collector.id));
    const { awsKey: masked, ref: inputs } = keyHidden(imported.inputs.thirdPartyRef);
    expect(masked).toBe("********");
    expect(keyHidden(imported.properties.thirdPartyRef).awsKey).toBe("********");
    expect(JSON.stringify(imported)).not.toContain(AWS_KEY);

    // What the service adds to the path (snsTopicOrSubscriptionArn) has no type in the schema,
    // so an import's program lacks it: the state it imports must not differ from that program.
    expect(inputs).not.toMatchObject({ resources: [{ path: { snsTopicOrSubscriptionArn: {} } }] });
    expect(imported.inputs.collectorId).toBe(collector.id);
    const program = await plugin.check("S3Source", "bucket", imported.inputs);
    const again = await plugin.diff("S3Source", bucket.id, imported.properties, program.inputs);
    expect(again.detailed).toEqual({});

    await expect(plugin.read("S3Source", "42")).rejects.toThrow(/<collectorId>\/<sourceId>/);
    await plugin.delete("S3Source", bucket.id, bucket.properties);
    expect((await plugin.read("S3Source", bucket.id, bucket.properties)).id).toBe("");
  });

  it("sees no change in a state whose whole thirdPartyRef is a secret (as 0.1.0 wrote it), and reads the key alone back as one", async () => {
    const collector = await plugin.create("HostedCollector", "c", { name: "c" });
    const bucket = await plugin.create("S3Source", "bucket", s3(collector.id));
    const whole = secretOf(keyHidden(bucket.properties.thirdPartyRef).ref);
    const before = { ...bucket.properties, thirdPartyRef: whole };
    const checked = await plugin.check("S3Source", "bucket", s3(collector.id), {
      ...s3(collector.id),
      thirdPartyRef: whole,
    });
    const diff = await plugin.diff("S3Source", bucket.id, before, checked.inputs);
    expect(diff.detailed).toEqual({});
    expect(diff.changes).toBe(DiffResponse.DiffChanges.DIFF_NONE);
    const refreshed = await plugin.read("S3Source", bucket.id, before);
    expect(keyHidden(refreshed.properties.thirdPartyRef).awsKey).toBe(AWS_KEY);
  });

  it("diffs per property, update or replace, and an update is one PUT", async () => {
    const created = await plugin.create("HostedCollector", "c", {
      name: "c",
      description: "one",
      cutoffRelativeTime: "-1d",
    });
    const olds = created.properties;
    const described = await plugin.diff("HostedCollector", created.id, olds, {
      name: "c",
      description: "two",
      cutoffRelativeTime: "-1d",
    });
    expect(described.detailed).toEqual({ description: CHANGE.update });
    expect(described.replacesList).toEqual([]);
    expect(described.hasdetaileddiff).toBe(true);

    const replaced = await plugin.diff("HostedCollector", created.id, olds, {
      name: "c",
      description: "one",
      cutoffRelativeTime: "-2d",
    });
    expect(replaced.detailed).toEqual({ cutoffRelativeTime: CHANGE.updateReplace });
    expect(replaced.replacesList).toEqual(["cutoffRelativeTime"]);

    const source = await plugin.create("HttpSource", "web", {
      collectorId: created.id,
      name: "web",
    });
    const moved = await plugin.diff("HttpSource", source.id, source.properties, {
      collectorId: "999",
      name: "web",
    });
    expect(moved.replacesList).toContain("collectorId");

    await service.clearRequests();
    const updated = await plugin.update("HostedCollector", "c", created.id, olds, {
      name: "c",
      description: "two",
      cutoffRelativeTime: "-1d",
    });
    expect(updated.properties.description).toBe("two");
    const writes = (await service.requests()).filter((r) => r.method !== "GET");
    expect(writes.map((r) => r.method)).toEqual(["PUT"]);
  });
});

describe("an InstalledCollector's delete", () => {
  it("is refused, saying what to do, until the resource says allowDelete: true", async () => {
    const host = await service.registerInstalled({ name: "host-02", autoHeartbeat: true });
    const wrong = await plugin.check("InstalledCollector", "h", {
      adopt: { id: host.id },
      allowDelete: "yes",
    });
    expect(wrong.failures).toEqual([
      { property: "allowDelete", reason: "allowDelete must be true or false" },
    ]);
    const checked = await plugin.check("InstalledCollector", "h", { adopt: { id: host.id } });
    expect(checked.failures).toEqual([]);
    const created = await plugin.create("InstalledCollector", "h", checked.inputs);
    expect(created.id).toBe(String(host.id));

    await service.clearRequests();
    const refused = plugin.delete("InstalledCollector", created.id, created.properties);
    await expect(refused).rejects.toThrow(
      `InstalledCollector "host-02" (id ${host.id}) was not deleted`,
    );
    await expect(refused).rejects.toThrow(/option `retainOnDelete: true`/);
    await expect(refused).rejects.toThrow(
      `pulumi state delete '${urnOf("InstalledCollector", "r")}'`,
    );
    expect(await service.requests()).toEqual([]);

    // Opting in is an update of its own, with no request; then the delete goes through.
    const news = { ...checked.inputs, allowDelete: true };
    const diff = await plugin.diff("InstalledCollector", created.id, created.properties, news);
    expect(diff.detailed).toEqual({ allowDelete: CHANGE.add });
    expect(diff.changes).toBe(2); // DIFF_SOME
    const updated = await plugin.update(
      "InstalledCollector",
      "h",
      created.id,
      created.properties,
      news,
    );
    expect(updated.properties.allowDelete).toBe(true);
    expect(await service.requests()).toEqual([]);
    await plugin.delete("InstalledCollector", created.id, updated.properties);
    expect((await service.requests()).map((r) => r.method)).toEqual(["DELETE"]);
  });
});

describe("Invoke", () => {
  it("runs a look-up, and refuses bad arguments before any request", async () => {
    const created = await plugin.create("HostedCollector", "c", { name: "looked-up" });
    const invoke = async (tok: string, args: Record<string, unknown>) =>
      plugin.call<InvokeResponse>(
        "invoke",
        new InvokeRequest().setTok(tok).setArgs(Struct.fromJavaScript(args as never)),
      );
    const found = await invoke("collectors:index:getCollector", { name: "looked-up" });
    expect(found.getReturn()?.toJavaScript()).toMatchObject({ id: created.id });
    await service.clearRequests();
    const refused = await invoke("collectors:index:getCollector", { nmae: "x" });
    expect(refused.getFailuresList().map((f) => [f.getProperty(), f.getReason()])).toEqual([
      ["nmae", "nmae is not an argument of this function; its arguments are id, name"],
    ]);
    expect(refused.getReturn()).toBeUndefined();
    expect(await service.requests()).toEqual([]);
  });
});

describe("a look-up's id", () => {
  const invoke = async (fn: string, args: Record<string, unknown>) => {
    const response = await plugin.call<InvokeResponse>(
      "invoke",
      new InvokeRequest()
        .setTok(`collectors:index:${fn}`)
        .setArgs(Struct.fromJavaScript(args as never)),
    );
    expect(response.getFailuresList()).toEqual([]);
    return response.getReturn()?.toJavaScript() as Record<string, unknown>;
  };

  it("is the id of the resource, which `get` (a read by id alone) takes", async () => {
    const collector = await plugin.create("HostedCollector", "c", { name: "seen" });
    const http = await plugin.create("HttpSource", "web", {
      collectorId: collector.id,
      name: "events",
    });
    const byName = await invoke("getCollector", { name: "seen" });
    expect(byName.id).toBe(collector.id);
    expect((await invoke("getCollector", { id: collector.id })).id).toBe(collector.id);
    const listed = (await invoke("getCollectors", {})).collectors as { id: unknown }[];
    expect(listed.map((c) => c.id)).toContain(collector.id);
    const source = await invoke("getSource", { collectorId: collector.id, name: "events" });
    expect(source.id).toBe(http.id);
    const listedSources = await invoke("getSources", { collectorId: collector.id });
    const sources = revealed(listedSources.sources) as { id: unknown }[];
    expect(sources.map((s) => s.id)).toEqual([http.id]);
    // What `get` does with it: a read of that id, with no state.
    expect((await plugin.read("HostedCollector", String(byName.id))).properties.name).toBe("seen");
    expect((await plugin.read("HttpSource", String(source.id))).properties.name).toBe("events");
  });
});

describe("Cancel", () => {
  /** A plugin of its own (a cancel is for good), configured for the service. */
  async function cancellable(options: RuntimeOptions): Promise<Plugin> {
    const own = await startPlugin(options);
    await own.configure({
      accessId: service.accessId,
      accessKey: service.accessKey,
      endpoint: service.emulator.url,
    });
    return own;
  }

  /**
   * Cancels once `started` says the call is waiting (by default the engine's Cancel); the call
   * must fail within a second, saying why.
   */
  async function expectCancelled(
    own: Plugin,
    call: Promise<unknown>,
    started: () => Promise<boolean>,
    { cancel = () => own.cancel(), why = "the Pulumi engine cancelled the deployment" } = {},
  ) {
    const settled = call.then(
      () => "finished",
      (error: Error) => error.message,
    );
    for (let tries = 0; !(await started()); tries++) {
      expect(tries, "the call never reached its wait").toBeLessThan(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const cancelled = Date.now();
    await cancel();
    const outcome = await settled;
    expect(Date.now() - cancelled).toBeLessThan(1000);
    expect(outcome).toContain(why);
  }

  it("ends a paced wait within a second", async () => {
    const slow = await cancellable({ client: { limits: { requestsPerSecond: 0.05 } } });
    try {
      await slow.create("HostedCollector", "first", { name: "first" });
      const begun = Date.now();
      await expectCancelled(
        slow,
        slow.create("HostedCollector", "second", { name: "second" }),
        async () => Date.now() - begun > 200,
      );
    } finally {
      await slow.close();
    }
  });

  // The engine watch cancels with its own reason (engine-gone.ts): the call says that instead.
  it.each([
    ["the engine's Cancel", undefined],
    ["the engine gone", "the Pulumi engine (127.0.0.1:1) is gone"],
  ])("ends upgrade polling within a second, saying why: %s", async (_, gone) => {
    const host = await service.registerInstalled({
      name: "host-01",
      collectorVersion: "19.440-7",
      autoHeartbeat: true,
    });
    // The upgrade task never finishes: only a cancel ends the polling.
    await fetch(`${service.emulator.origin}/_emulator/collectors/${host.id}/upgrade-behaviour`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ next: "hang" }),
    });
    const polling = await cancellable({ timeScale: 0.01, client: { limits: false } });
    try {
      const polls = async () =>
        (await service.requests()).filter((r) => /\/upgrades\/\d+$/.test(r.path)).length;
      await expectCancelled(
        polling,
        polling.create("InstalledCollector", "host", {
          adopt: { id: host.id },
          version: "19.470-4",
        }),
        async () => (await polls()) >= 2,
        gone === undefined ? {} : { cancel: async () => polling.provider.cancel(gone), why: gone },
      );
    } finally {
      await polling.close();
    }
  });
});
