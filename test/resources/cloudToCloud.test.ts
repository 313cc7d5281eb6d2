// Cloud-to-Cloud sources (Universal) and the other sources whose secrets read back masked: the
// service's ******** never makes a diff nor replaces the real value; server-set members
// (config.name, schemaRef.version) are ignored; schemaRef.type replaces, schemaRef.version updates.
// And which class a source as the service shows it belongs to (for `collectors export`).
import { beforeEach, describe, expect, it } from "vitest";
import { typedSourceOf } from "../../provider/resources/kinds/source-kinds";
import { useService } from "./emulator.helpers";
import { type Props, provider, UNKNOWN } from "./unit.helpers";

const service = useService();
let hostedId: number;

beforeEach(async () => {
  hostedId = (
    await service().api("POST", "/collectors", {
      collector: { collectorType: "Hosted", name: "hosted" },
    })
  ).body.collector.id;
});

const okta = (config: Props = {}, schemaRef: Props = { type: "Okta" }) => ({
  collectorId: hostedId,
  name: "okta",
  schemaRef,
  config: { domain: "example.okta.com", apiKey: "real-api-key", ...config },
});

async function up(kind: string, news: Props) {
  const p = provider(kind);
  const { inputs, failures } = await p.check({}, news);
  expect(failures).toEqual([]);
  return { p, inputs, ...(await p.create(inputs)) };
}

describe("CloudToCloudSource", () => {
  it("keeps the real secret where the service shows ********, and ignores server-set members", async () => {
    const { p, id, outs, inputs } = await up("CloudToCloudSource", okta());
    const shown = (await service().api("GET", `/collectors/${hostedId}/sources/${id}`)).body.source;
    expect(shown.config).toMatchObject({ apiKey: "********", name: "okta" });
    expect(shown.schemaRef).toEqual({ type: "Okta", version: "1.0.0" });
    expect(outs).toMatchObject({
      config: { domain: "example.okta.com", apiKey: "real-api-key" },
      schemaRef: { type: "Okta" },
      state: { state: "Collecting" },
    });
    const read = await p.read(id, outs);
    expect(read.props).toEqual(outs);
    expect((await p.diff(id, read.props as Props, inputs)).changes).toBe(false);

    // Another key changes: one PUT, which sends the real key (the service keeps it either way).
    const changed = (await p.check(inputs, okta({ collectAll: false }))).inputs;
    expect(await p.diff(id, outs, changed)).toMatchObject({ changes: true, replaces: [] });
    await service().clearRequests();
    const { outs: after } = await p.update(id, outs, changed);
    expect((await service().requests()).map((r) => r.method)).toEqual(["PUT"]);
    expect(after.config).toEqual({
      domain: "example.okta.com",
      apiKey: "real-api-key",
      collectAll: false,
    });
    // A new key is a diff too, though the service never shows it.
    const rotated = (await p.check(inputs, okta({ apiKey: "rotated" }))).inputs;
    expect((await p.diff(id, after, rotated)).changes).toBe(true);
  });

  it("a schemaRef.version change is an update; a new schemaRef.type replaces", async () => {
    const { p, id, outs, inputs } = await up("CloudToCloudSource", okta());
    const latest = (await p.check(inputs, okta({}, { type: "Okta", version: "latest" }))).inputs;
    expect(await p.diff(id, outs, latest)).toMatchObject({ changes: true, replaces: [] });
    const { outs: after } = await p.update(id, outs, latest);
    expect(after.schemaRef).toEqual({ type: "Okta", version: "latest" });
    expect((await p.diff(id, after, latest)).changes).toBe(false);
    const reread = await p.read(id, after);
    expect(reread.props).toEqual(after);

    const duo = (await p.check(inputs, okta({}, { type: "Duo" }))).inputs;
    expect((await p.diff(id, outs, duo)).replaces).toEqual(["schemaRef"]);
    const unknown = (await p.check(inputs, okta({}, { type: UNKNOWN }))).inputs;
    expect((await p.diff(id, outs, unknown)).replaces).toEqual(["schemaRef"]);
  });

  it("check: the integration is required; config.name is the source's name", async () => {
    const p = provider("CloudToCloudSource");
    const missing = await p.check({}, { collectorId: hostedId, name: "x" });
    expect(missing.failures?.map((f) => f.property).sort()).toEqual(["config", "schemaRef"]);
    const named = await p.check({}, okta({ name: "other" }));
    expect(named.failures).toEqual([
      {
        property: "config.name",
        reason: "config.name is the source's name: set `name` instead (it is sent as config.name)",
      },
    ]);
    const unknown = await p.check({}, { ...okta(), name: UNKNOWN, config: { name: "okta" } });
    expect(unknown.failures).toEqual([]);
  });

  it("the generic Source refuses top-level common fields on a Universal source", async () => {
    const p = provider("Source");
    const { failures } = await p.check(
      {},
      {
        collectorId: hostedId,
        name: "okta",
        sourceType: "Universal",
        category: "c2c",
        passthrough: { schemaRef: { type: "Okta" }, config: {} },
      },
    );
    expect(failures).toEqual([
      {
        property: "category",
        reason:
          "category is not a top-level field of a Universal source: put it in passthrough.config",
      },
    ]);
  });
});

describe("a masked thirdPartyRef secret", () => {
  it("makes no diff and is never taken for the real value", async () => {
    const news = {
      collectorId: hostedId,
      name: "o365",
      thirdPartyRef: {
        resources: [
          {
            serviceType: "O365AuditNotification",
            path: { type: "O365NotificationPath", workload: "Audit.General" },
            authentication: {
              type: "O365AppRegistrationAuthentication",
              tenantId: "t",
              clientId: "c",
              clientSecret: "real-client-secret",
            },
          },
        ],
      },
    };
    const { p, id, outs, inputs } = await up("O365AuditSource", news);
    const shown = (await service().api("GET", `/collectors/${hostedId}/sources/${id}`)).body.source;
    expect(shown.thirdPartyRef.resources[0].authentication.clientSecret).toBe("********");
    expect(JSON.stringify(outs.thirdPartyRef)).toContain("real-client-secret");
    const read = await p.read(id, outs);
    expect(read.props).toEqual(outs);
    expect((await p.diff(id, read.props as Props, inputs)).changes).toBe(false);
  });
});

describe("typedSourceOf (the class of a source as the service shows it)", () => {
  it("picks a variant by its contentType, and the generic Source when no class fits", () => {
    const of = (source: Props) => typedSourceOf(source)?.kind;
    expect(of({ sourceType: "Polling", contentType: "AwsS3Bucket" })).toBe("S3Source");
    expect(of({ sourceType: "Polling", contentType: "SomethingNew" })).toBeUndefined();
    expect(of({ sourceType: "HTTP" })).toBe("HttpSource");
    expect(of({ sourceType: "HTTP", contentType: "Zipkin" })).toBe("HttpSource");
    expect(of({ sourceType: "HTTP", contentType: "KinesisLog" })).toBe("KinesisLogSource");
    expect(of({ sourceType: "HTTP", contentType: "Unknown" })).toBeUndefined();
    expect(of({ sourceType: "SystemStats", contentType: "HostMetrics" })).toBe("SystemStatsSource");
    expect(of({ sourceType: "DockerStats", contentType: "DockerMetrics" })).toBe(
      "DockerStatsSource",
    );
    // Docker stats as logs (no contentType): the class would send DockerMetrics.
    expect(of({ sourceType: "DockerStats" })).toBeUndefined();
    expect(of({ sourceType: "Universal" })).toBe("CloudToCloudSource");
    expect(of({ sourceType: "LocalWindowsEventLog" })).toBe("WindowsEventLogSource");
    expect(of({ sourceType: "toString" })).toBeUndefined();
  });
});
