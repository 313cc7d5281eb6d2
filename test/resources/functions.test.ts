// The look-up functions against the local service, with credentials from COLLECTORS_*.
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { lookups } from "../../provider";
import { type Service, startService, stubCredentialsEnv } from "./emulator.helpers";
import { TEST_RUNTIME } from "./unit.helpers";

// The package's functions, with the tests' client options (no pacing).
const { getCollector, getCollectors, getCollectorsOutput, getSource, getSourceOutput, getSources } =
  lookups(TEST_RUNTIME);

let service: Service;
let hostedId: number;
let installedId: number;

beforeAll(async () => {
  service = await startService();
  stubCredentialsEnv(service);
  hostedId = (
    await service.api("POST", "/collectors", {
      collector: { collectorType: "Hosted", name: "web v1.0" },
    })
  ).body.collector.id;
  installedId = (await service.registerInstalled({ name: "host 1" })).id;
  await service.api("POST", `/collectors/${hostedId}/sources`, {
    source: { sourceType: "HTTP", name: "events" },
  });
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await service?.close();
});

const value = <T>(output: pulumi.Output<T>) => new Promise<T>((resolve) => output.apply(resolve));

describe("functions", () => {
  it("getCollector finds by id and by a name with a space and a period", async () => {
    expect((await getCollector({ id: hostedId })).name).toBe("web v1.0");
    expect((await getCollector({ name: "web v1.0" })).id).toBe(hostedId);
    expect((await getCollector({ name: "host 1" })).collectorType).toBe("Installable");
    await expect(getCollector({ name: "nobody" })).rejects.toThrow(
      'no collector is named "nobody"',
    );
    await expect(getCollector({ id: 987654 })).rejects.toThrow("no collector has id 987654");
  });

  it("getCollectors lists, filtered", async () => {
    expect((await getCollectors()).map((c) => c.id).sort()).toEqual([hostedId, installedId].sort());
    expect((await getCollectors({ filter: "installed" })).map((c) => c.id)).toEqual([installedId]);
    expect((await value(getCollectorsOutput({ filter: "hosted" }))).map((c) => c.id)).toEqual([
      hostedId,
    ]);
  });

  it("getSource and getSources; an HTTP source's output is a secret", async () => {
    const [only] = await getSources({ collectorId: hostedId });
    expect(only?.name).toBe("events");
    expect((await getSource({ collectorId: hostedId, name: "events" })).url).toMatch(/^http/);
    expect((await getSource({ collectorId: hostedId, id: only?.id as number })).name).toBe(
      "events",
    );
    await expect(getSource({ collectorId: hostedId, name: "none" })).rejects.toThrow(
      /no source named "none"/,
    );
    const output = getSourceOutput({ collectorId: hostedId, name: "events" });
    expect(await pulumi.isSecret(output)).toBe(true);
  });

  it("getSourceOutput is a secret when the source has fields this package does not model", async () => {
    await service.api("POST", `/collectors/${hostedId}/sources`, {
      source: {
        sourceType: "Universal",
        name: "okta",
        schemaRef: { type: "Okta" },
        config: { domain: "example.okta.com", signing: "opaque-signing-value" },
      },
    });
    await service.api("POST", `/collectors/${installedId}/sources`, {
      source: { sourceType: "LocalFile", name: "files", pathExpression: "/var/log/*.log" },
    });
    const okta = getSourceOutput({ collectorId: hostedId, name: "okta" });
    expect(await pulumi.isSecret(okta)).toBe(true);
    const files = getSourceOutput({ collectorId: installedId, name: "files" });
    expect(await pulumi.isSecret(files)).toBe(false);
    expect((await value(files)).pathExpression).toBe("/var/log/*.log");
  });

  it("a 404 for a path the endpoint does not know is not 'no such collector'", async () => {
    vi.stubEnv("COLLECTORS_ENDPOINT", `${service.emulator.origin}/typo`);
    try {
      const error = await getCollector({ id: hostedId }).catch((e: unknown) => e);
      expect(String(error)).not.toContain("no collector has id");
      expect(error).toMatchObject({ status: 404, code: "notfound" });
      const sourceError = await getSource({ collectorId: hostedId, id: 1 }).catch((e) => e);
      expect(String(sourceError)).not.toContain("has no source with id");
    } finally {
      vi.stubEnv("COLLECTORS_ENDPOINT", service.emulator.url);
    }
    await expect(getCollector({ id: 999999 })).rejects.toThrow("no collector has id 999999");
  });
});
