// The source providers against the local service: typed sources on Hosted and Installed
// collectors, secrets, Json mode, carried-over fields, adoption, lost answers.
import { beforeEach, describe, expect, it } from "vitest";
import { Runtime } from "../../provider/resources/steps/runtime";
import { abortWaits } from "../../provider/resources/steps/waits";
import { useService } from "./emulator.helpers";
import { type Props, provider, TEST_RUNTIME, unnamed } from "./unit.helpers";

const service = useService();
let hostedId: number;
let installedId: number;

beforeEach(async () => {
  hostedId = (
    await service().api("POST", "/collectors", {
      collector: { collectorType: "Hosted", name: "hosted" },
    })
  ).body.collector.id;
  installedId = (await service().registerInstalled({ name: "host-1" })).id;
});

async function up(kind: string, news: Props) {
  const p = provider(kind);
  const { inputs, failures } = await p.check({}, news);
  expect(failures).toEqual([]);
  return { p, inputs, ...(await p.create(inputs)) };
}

/** After create: no diff; after a refresh: no diff either. One GET for the refresh. */
async function expectSteady(kind: string, news: Props) {
  const { p, id, outs, inputs } = await up(kind, news);
  expect((await p.diff(id, outs, inputs)).changes).toBe(false);
  await service().clearRequests();
  const read = await p.read(id, outs);
  expect((await service().requests()).length).toBe(1);
  expect(read.props).toEqual(outs);
  const again = await p.check(read.inputs as Props, news);
  expect((await p.diff(id, read.props as Props, again.inputs)).changes).toBe(false);
  return { p, id, outs, inputs };
}

describe("typed sources", () => {
  it("HttpSource: url is an output of its own, never in unmanaged", async () => {
    await service().clearRequests();
    const { outs } = await up("HttpSource", {
      collectorId: String(hostedId),
      ...unnamed("HttpSource", "events"),
      messagePerRequest: true,
      multilineProcessingEnabled: false,
    });
    expect((await service().requests()).map((r) => r.method)).toEqual(["POST"]);
    expect(outs).toMatchObject({
      collectorId: hostedId,
      sourceType: "HTTP",
      messagePerRequest: true,
      multilineProcessingEnabled: false,
    });
    expect(outs.url).toMatch(/^https?:\/\//);
    expect(JSON.stringify(outs.unmanaged)).not.toContain(outs.url as string);
    expect(outs.unmanaged).not.toHaveProperty("alive");
  });

  it("HTTP sources: token and baseUrl are outputs of their own, kept by updates and refresh", async () => {
    const cases: [string, Props][] = [
      ["HttpSource", { collectorId: hostedId, name: "plain" }],
      ["HttpSource", { collectorId: hostedId, name: "otlp", contentType: "Otlp" }],
      // The live service takes a KinesisLog source without thirdPartyRef (the live facts).
      ["KinesisLogSource", { collectorId: hostedId, name: "firehose" }],
      ["Source", { collectorId: hostedId, name: "generic", sourceType: "HTTP" }],
    ];
    for (const [kind, news] of cases) {
      const { p, id, outs, inputs } = await expectSteady(kind, news);
      expect(outs.token, kind).toMatch(/^\S{16,}$/);
      // The receiver's http endpoint, also for an Otlp source (whose url is under otlp/).
      expect(outs.baseUrl, kind).toBe(`${new URL(outs.url as string).origin}/receiver/v1/http`);
      for (const key of ["token", "baseUrl", "url"])
        expect(outs.unmanaged, kind).not.toHaveProperty(key);
      const changed = await p.check(inputs, { ...news, category: "edited" });
      const updated = await p.update(id, outs, changed.inputs);
      expect(updated.outs, kind).toMatchObject({ token: outs.token, baseUrl: outs.baseUrl });
    }
  });

  it("CloudSyslogSource: token is an output of its own", async () => {
    const { outs } = await up("CloudSyslogSource", { collectorId: hostedId, name: "syslog" });
    expect(typeof outs.token).toBe("string");
    expect(outs.unmanaged).not.toHaveProperty("token");
  });

  it("every typed source settles: no diff after create and after refresh", async () => {
    await expectSteady("HttpSource", { collectorId: hostedId, name: "h" });
    await expectSteady("CloudSyslogSource", { collectorId: hostedId, name: "c" });
    await expectSteady("LocalFileSource", {
      collectorId: installedId,
      name: "files",
      pathExpression: "/var/log/*.log",
      filters: [{ name: "mask", filterType: "Mask", regexp: "\\d{4}", mask: "####" }],
    });
    await expectSteady("RemoteFileSource", {
      collectorId: installedId,
      name: "remote",
      remoteHosts: ["10.0.0.5"],
      remotePort: 22,
      remoteUser: "collector",
      authMethod: "password",
      remotePassword: "hunter2",
      pathExpression: "/var/log/app.log",
    });
    await expectSteady("SyslogSource", {
      collectorId: installedId,
      name: "sys",
      protocol: "UDP",
      port: 514,
    });
    await expectSteady("ScriptSource", {
      collectorId: installedId,
      name: "script",
      commands: ["/bin/bash"],
      script: "uptime",
      cronExpression: "0 0/15 * * * ? *",
    });
    await expectSteady("SystemStatsSource", {
      collectorId: installedId,
      name: "metrics",
      interval: 60000,
      metrics: ["CPU_User", "CPU_Sys"],
    });
    await expectSteady("DockerLogSource", {
      collectorId: installedId,
      name: "docker",
      uri: "unix:///var/run/docker.sock",
      allContainers: true,
      collectEvents: false,
    });
  });

  it("DockerStatsSource: the whole lifecycle, with the type's fixed contentType", async () => {
    const p = provider("DockerStatsSource");
    const missing = await p.check({}, { collectorId: installedId, name: "stats" });
    expect(missing.failures?.map((f) => f.property).sort()).toEqual(["allContainers", "uri"]);
    const news = {
      collectorId: installedId,
      name: "stats",
      uri: "unix:///var/run/docker.sock",
      allContainers: false,
      specifiedContainers: ["web", "db"],
      pollInterval: 30000,
    };
    await service().clearRequests();
    const { id, outs, inputs } = await expectSteady("DockerStatsSource", news);
    expect(outs).toMatchObject({ ...news, sourceType: "DockerStats" });
    const stored = (await service().api("GET", `/collectors/${installedId}/sources/${id}`)).body;
    expect(stored.source).toMatchObject({
      sourceType: "DockerStats",
      contentType: "DockerMetrics",
    });

    await service().clearRequests();
    const changed = await p.check(inputs, { ...news, allContainers: true, pollInterval: 60000 });
    expect((await p.diff(id, outs, changed.inputs)).changes).toBe(true);
    const { outs: after } = await p.update(id, outs, changed.inputs);
    expect(after).toMatchObject({ allContainers: true, pollInterval: 60000 });
    await p.delete(id, after);
    expect((await service().requests()).map((r) => r.method)).toEqual(["PUT", "DELETE"]);
  });

  it("StreamingMetricsSource: its own allowed contentTypes", async () => {
    const p = provider("StreamingMetricsSource");
    const wrong = await p.check({}, { collectorId: installedId, name: "m", contentType: "Statsd" });
    expect(wrong.failures).toEqual([
      {
        property: "contentType",
        reason: 'contentType must be "Graphite", "Carbon2" or "Prometheus" (pushed plaintext)',
      },
    ]);
    const { outs } = await expectSteady("StreamingMetricsSource", {
      collectorId: installedId,
      name: "graphite",
      contentType: "Graphite",
      protocol: "TCP",
      port: 2003,
    });
    expect(outs).toMatchObject({ sourceType: "StreamingMetrics", contentType: "Graphite" });
  });

  it("updates with one PUT and deletes with one DELETE", async () => {
    const { p, id, outs, inputs } = await up("SyslogSource", {
      collectorId: installedId,
      name: "sys",
      protocol: "UDP",
      port: 514,
    });
    await service().clearRequests();
    const { outs: after } = await p.update(id, outs, { ...inputs, port: 1514, category: "net" });
    expect(after).toMatchObject({ port: 1514, category: "net" });
    await p.delete(id, after);
    expect((await service().requests()).map((r) => `${r.method} ${r.path}`)).toEqual([
      `PUT /api/v1/collectors/${installedId}/sources/${id}`,
      `DELETE /api/v1/collectors/${installedId}/sources/${id}`,
    ]);
  });

  it("fails an update on 412 with the refresh message", async () => {
    const { p, id, outs, inputs } = await up("SyslogSource", {
      collectorId: installedId,
      name: "sys",
      protocol: "UDP",
      port: 514,
    });
    const path = `/collectors/${installedId}/sources/${id}`;
    const current = await service().api("GET", path);
    await service().api(
      "PUT",
      path,
      { source: { ...current.body.source, port: 999 } },
      {
        "if-match": current.etag as string,
      },
    );
    await expect(p.update(id, outs, { ...inputs, port: 1514 })).rejects.toThrow(
      `SyslogSource "sys" (id ${id}) was changed outside Pulumi since it was last read; run \`pulumi refresh\` (or \`pulumi up --refresh\`)`,
    );
  });

  it("carries fields this package does not model over every update", async () => {
    const path = `/collectors/${installedId}/sources`;
    const made = await service().api("POST", path, {
      source: {
        sourceType: "LocalFile",
        name: "legacy",
        pathExpression: "/x",
        futureField: "keep me",
      },
    });
    const { p, id, outs, inputs } = await up("LocalFileSource", {
      collectorId: installedId,
      adopt: { name: "legacy" },
      pathExpression: "/x",
    });
    expect(id).toBe(String(made.body.source.id));
    expect(outs.unmanaged).toMatchObject({ futureField: "keep me" });
    await p.update(id, outs, { ...inputs, description: "now managed" });
    const live = (await service().api("GET", `${path}/${id}`)).body.source;
    expect(live).toMatchObject({ futureField: "keep me", description: "now managed" });
  });

  it("a replacement that keeps the explicit name deletes first, then creates", async () => {
    const { p, id, outs } = await up("Source", {
      collectorId: installedId,
      name: "same",
      sourceType: "Syslog",
      protocol: "UDP",
      port: 514,
    });
    const news = (
      await p.check(
        {},
        { collectorId: installedId, name: "same", sourceType: "LocalFile", pathExpression: "/y" },
      )
    ).inputs;
    expect(await p.diff(id, outs, news)).toEqual({
      changes: true,
      replaces: ["sourceType"],
      deleteBeforeReplace: true,
    });
    await p.delete(id, outs);
    const created = await p.create(news);
    expect(created.outs).toMatchObject({ name: "same", sourceType: "LocalFile" });
  });

  it("reclaims its own source when the create's answer was lost", async () => {
    await service().fault({ kind: "lost-response", method: "POST", path: "/sources$", count: 1 });
    const { outs } = await up("LocalFileSource", {
      collectorId: installedId,
      name: "once",
      pathExpression: "/z",
    });
    expect(outs.name).toBe("once");
    const all = (await service().api("GET", `/collectors/${installedId}/sources`)).body.sources;
    expect(all.filter((s: Props) => s.name === "once")).toHaveLength(1);
  });
});

describe("generic Source", () => {
  it("manages any source type, with unmodelled fields through passthrough", async () => {
    const { p, id, outs, inputs } = await up("Source", {
      collectorId: hostedId,
      name: "c2c",
      sourceType: "Universal",
      passthrough: { config: { apiKey: "abc", region: "eu" }, schemaRef: { type: "Okta" } },
    });
    expect(outs.passthrough).toEqual({
      config: { apiKey: "abc", region: "eu" },
      schemaRef: { type: "Okta" },
    });
    expect(outs.unmanaged).not.toHaveProperty("config");
    expect((await p.diff(id, outs, inputs)).changes).toBe(false);
    const changed = {
      ...inputs,
      passthrough: { config: { apiKey: "abc", region: "us" }, schemaRef: { type: "Okta" } },
    };
    expect((await p.diff(id, outs, changed)).changes).toBe(true);
    const { outs: after } = await p.update(id, outs, changed);
    expect(after.passthrough).toMatchObject({ config: { region: "us" } });
  });
});

describe("Universal sources (deleted asynchronously)", () => {
  const okta = (extra: Props = {}) => ({
    collectorId: hostedId,
    name: "okta",
    sourceType: "Universal",
    passthrough: { config: { domain: "example.okta.com" }, schemaRef: { type: "Okta" } },
    ...extra,
  });
  it("a replacement that keeps the explicit name waits for the old one to go, then creates", async () => {
    // schemaRef.type is not modifiable: a new integration under the same name replaces it.
    const c2c = (type: string) => ({
      collectorId: hostedId,
      name: "okta",
      schemaRef: { type },
      config: { domain: "example.okta.com" },
    });
    const { p, id, outs } = await up("CloudToCloudSource", c2c("Okta"));
    const news = (await p.check({}, c2c("Duo"))).inputs;
    expect(await p.diff(id, outs, news)).toMatchObject({
      replaces: ["schemaRef"],
      deleteBeforeReplace: true,
    });
    await service().clearRequests();
    await p.delete(id, outs);
    const calls = (await service().requests()).map((r) => `${r.method} ${r.status}`);
    // One DELETE, then GETs while it is Stopping, until the service's 404 for it.
    expect(calls[0]).toBe("DELETE 200");
    expect(calls.at(-1)).toBe("GET 404");
    expect(calls.slice(1, -1).every((c) => c === "GET 200")).toBe(true);
    const created = await p.create(news);
    expect(created.outs).toMatchObject({ name: "okta", sourceType: "Universal" });
    expect(created.id).not.toBe(id);
  });

  it("fails the delete with a clear message when the source is still there at the limit", async () => {
    const quick = new Runtime({ ...TEST_RUNTIME, defaults: { stoppingLimitMs: 200 } });
    await service().configure({}, quick);
    const { id, outs } = await up("Source", okta());
    await expect(provider("Source", quick).delete(id, outs)).rejects.toThrow(
      /still shows it \(state Stopping\).*Universal \(Cloud-to-Cloud\).*run the same `pulumi up` or `pulumi destroy` again/s,
    );
  });

  it("ends the wait at once when the provider process is stopped, saying what to do", async () => {
    // Pauses of 10 s even at the test's time scale: only the interrupt can end this one soon.
    const patient = new Runtime({ ...TEST_RUNTIME, defaults: { stoppingPollMs: 1_000_000 } });
    await service().configure({}, patient);
    const { id, outs } = await up("Source", okta());
    await service().clearRequests();
    const deleting = provider("Source", patient)
      .delete(id, outs)
      .catch((e: unknown) => e);
    await expect.poll(async () => (await service().requests()).length).toBe(2); // DELETE, GET
    const started = Date.now();
    abortWaits(patient, "the Pulumi engine stopped the provider (SIGINT)");
    const error = await deleting;
    expect(Date.now() - started).toBeLessThan(1_000);
    expect((error as Error).message).toMatch(
      /^Deleted source \d+ of collector \d+, but stopped waiting for it to go because the Pulumi engine stopped the provider \(SIGINT\); the service still showed it \(state Stopping\)\..*run the same `pulumi up` or `pulumi destroy` again/s,
    );
    expect(patient.waits.size).toBe(0);
  });

  it("other source types are deleted with one DELETE and no wait", async () => {
    const { p, id, outs } = await up("HttpSource", { collectorId: hostedId, name: "events" });
    await service().clearRequests();
    await p.delete(id, outs);
    expect((await service().requests()).map((r) => r.method)).toEqual(["DELETE"]);
  });
});

describe("Json source management", () => {
  it("fails create, update and delete with a message naming sourceSyncMode", async () => {
    const json = await service().registerInstalled({ name: "json-host", sourceSyncMode: "Json" });
    await expect(
      up("LocalFileSource", { collectorId: json.id, name: "f", pathExpression: "/x" }),
    ).rejects.toThrow(
      new RegExp(
        `Cannot create LocalFileSource "f": collector ${json.id} has sourceSyncMode "Json"`,
      ),
    );

    // A source made while the collector was in UI mode, then the collector switches to Json.
    const { p, id, outs, inputs } = await up("LocalFileSource", {
      collectorId: installedId,
      name: "f",
      pathExpression: "/x",
    });
    const current = await service().api("GET", `/collectors/${installedId}`);
    await service().api(
      "PUT",
      `/collectors/${installedId}`,
      { collector: { ...current.body.collector, sourceSyncMode: "Json" } },
      { "if-match": current.etag as string },
    );
    await expect(p.update(id, outs, { ...inputs, description: "d" })).rejects.toThrow(
      /Cannot update LocalFileSource "f" \(id \d+\): .*sourceSyncMode "Json".*Set the collector's sourceSyncMode to "UI"/,
    );
    await expect(p.delete(id, outs)).rejects.toThrow(/Cannot delete .*sourceSyncMode/);
  });
});

describe("source adoption", () => {
  it("adopts by id, checking the source type", async () => {
    const made = await service().api("POST", `/collectors/${installedId}/sources`, {
      source: { sourceType: "Syslog", name: "s", protocol: "TCP", port: 601 },
    });
    const sid = made.body.source.id;
    await expect(
      up("LocalFileSource", { collectorId: installedId, adopt: { id: sid }, pathExpression: "/x" }),
    ).rejects.toThrow(`it is a Syslog source, not LocalFile`);
    await service().clearRequests();
    const { id, outs } = await up("SyslogSource", {
      collectorId: installedId,
      adopt: { id: sid },
      protocol: "TCP",
      port: 601,
    });
    expect(id).toBe(String(sid));
    expect(outs).toMatchObject({ name: "s", port: 601 });
    expect((await service().requests()).length).toBe(1);
  });
});
