// Rules that hold across the typed variants of one sourceType (Polling and HTTP classes):
// adoption takes only the class's own variant, a variant's own defaults apply when an arg is
// dropped, and an update whose change a read cannot show (a masked credential) is never taken
// for done after a 412.
import { beforeEach, describe, expect, it } from "vitest";
import { useService } from "./emulator.helpers";
import { SOURCE_BODIES as BODIES, withValue } from "./sourceBodies.helpers";
import { type Props, provider } from "./unit.helpers";

const service = useService();
let hostedId: number;

beforeEach(async () => {
  hostedId = (
    await service().api("POST", "/collectors", {
      collector: { collectorType: "Hosted", name: "hosted" },
    })
  ).body.collector.id;
});

/** A source of `kind` (its body from the shared table), created through its class. */
async function created(kind: string, name: string): Promise<{ id: string; outs: Props }> {
  const p = provider(kind);
  const { inputs, failures } = await p.check(
    {},
    { collectorId: hostedId, name, ...BODIES[kind]?.args },
  );
  expect(failures).toEqual([]);
  return p.create(inputs);
}

describe("typed variants", () => {
  it("an S3Source does not adopt a CloudTrail source, though both are Polling", async () => {
    const { id } = await created("CloudTrailSource", "trail");
    const s3 = provider("S3Source");
    const { inputs } = await s3.check(
      {},
      { collectorId: hostedId, adopt: { id: Number(id) }, ...BODIES.S3Source?.args },
    );
    const refused = await s3.create(inputs).catch((e: unknown) => e);
    expect(String(refused)).toContain("it is a CloudTrailSource (contentType AwsCloudTrailBucket)");
    const methods = (await service().requests()).map((r) => r.method);
    expect(methods).not.toContain("PUT");
  });

  it("an HttpSource adopts an Otlp HTTP source, whichever class is the more specific for it", async () => {
    const otlp = { sourceType: "HTTP", name: "otlp-1", contentType: "Otlp" };
    const { id } = (
      await service().api("POST", `/collectors/${hostedId}/sources`, { source: otlp })
    ).body.source;
    const p = provider("HttpSource");
    const given = { collectorId: hostedId, adopt: { id }, contentType: "Otlp" };
    const { inputs, failures } = await p.check({}, given);
    expect(failures).toEqual([]);
    const adopted = await p.create(inputs);
    expect(adopted.id).toBe(String(id));
    expect(adopted.outs).toMatchObject({ contentType: "Otlp", adopted: true });
  });

  it("an Azure Event Hub source whose scanInterval is dropped goes back to -1 (event-driven)", async () => {
    const p = provider("AzureEventHubLogSource");
    const given = { collectorId: hostedId, name: "hub", ...BODIES.AzureEventHubLogSource?.args };
    const first = await p.check({}, { ...given, scanInterval: 60_000 });
    const { id, outs } = await p.create(first.inputs);
    const path = `/collectors/${hostedId}/sources/${id}`;
    expect((await service().api("GET", path)).body.source.scanInterval).toBe(60_000);
    const dropped = await p.check(outs, given);
    expect((await p.diff(id, outs, dropped.inputs)).changes).toBe(true);
    await p.update(id, outs, dropped.inputs);
    expect((await service().api("GET", path)).body.source.scanInterval).toBe(-1);
  });

  it("after a 412, a changed credential the service masks is sent again, not taken for done", async () => {
    const p = provider("S3Source");
    const { id, outs } = await created("S3Source", "bucket");
    const path = `/collectors/${hostedId}/sources/${id}`;
    // Someone else writes the source (a field the program does not manage): its tag moves.
    const current = await service().api("GET", path);
    const written = await service().api(
      "PUT",
      path,
      { source: { ...current.body.source, description: "by someone else" } },
      { "if-match": current.etag as string },
    );
    expect(written.status).toBe(200);

    // The program rotates the AWS key: the first PUT meets 412; a read shows the key masked.
    const rotated = withValue(
      { collectorId: hostedId, name: "bucket", ...BODIES.S3Source?.args },
      {
        at: "thirdPartyRef.resources.0.authentication.awsKey",
        value: "rotated-aws-key",
      },
    );
    const { inputs } = await p.check(outs, rotated);
    await service().clearRequests();
    await p.update(id, outs, inputs);
    const puts = (await service().requests()).filter((r) => r.method === "PUT");
    expect(puts.map((r) => r.status)).toEqual([412, 200]);
    const after = (await service().api("GET", path)).body.source;
    expect(after.description).toBe("by someone else");
  });

  it("adoption writes a credential the service masks once, and one it shows equal never", async () => {
    const { id } = await created("S3Source", "adopted");
    const s3 = provider("S3Source");
    const { inputs } = await s3.check(
      {},
      { collectorId: hostedId, adopt: { id: Number(id) }, ...BODIES.S3Source?.args },
    );
    await service().clearRequests();
    await s3.create(inputs);
    const methods = (await service().requests()).map((r) => r.method);
    expect(methods.filter((m) => m === "PUT")).toHaveLength(1);

    const installedId = (await service().registerInstalled({ name: "files" })).id;
    const remote = provider("RemoteFileSource");
    const args = { ...BODIES.RemoteFileSource?.args };
    const made = await remote.check({}, { collectorId: installedId, name: "remote", ...args });
    const { id: remoteId } = await remote.create(made.inputs);
    const adopting = await remote.check(
      {},
      { collectorId: installedId, adopt: { id: Number(remoteId) }, ...args },
    );
    await service().clearRequests();
    await remote.create(adopting.inputs);
    expect((await service().requests()).map((r) => r.method)).toEqual(["GET"]);
  });
});
