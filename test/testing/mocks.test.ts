// collectorsMocks under pulumi.runtime.setMocks with the resource classes: what the service would
// give (numeric ids, an OpenTelemetry object's hex ones, server-set fields, an HTTP source's url
// as a secret), the same check as
// preview (a refused input fails the unit test with check's own reason), other providers' and
// plugin tokens handled.
import * as pulumi from "@pulumi/pulumi";
import { beforeAll, describe, expect, it } from "vitest";
import * as collectors from "../../provider";
import { ENTITY_KINDS } from "../../provider/resources/kinds";
import { check } from "../../provider/resources/steps/check";
import { nameFromUrn } from "../../provider/resources/steps/naming";
import { collectorsMocks, registrationError } from "../../testing";

const value = <T>(output: pulumi.Output<T>) => new Promise<T>((resolve) => output.apply(resolve));

const others: pulumi.runtime.MockResourceArgs[] = [];

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    collectorsMocks({
      newResource: (args) => {
        others.push(args);
        return { id: "other-1", state: { ...args.inputs, made: true } };
      },
    }),
    "project",
    "stack",
    false,
  );
});

describe("collectorsMocks", () => {
  it("answers a Hosted Collector and its HTTP source the way the service would", async () => {
    const hosted = new collectors.HostedCollector("cloud", { category: "prod/web" });
    const http = new collectors.HttpSource("events", { collectorId: hosted.id });
    const id = await value(hosted.id);
    expect(id).toMatch(/^\d{9}$/);
    expect(await value(hosted.collectorType)).toBe("Hosted");
    expect(await value(hosted.name)).toMatch(/^cloud-[0-9a-f]{7}$/);
    // The name the provider makes: the one its URN makes, the same in every run.
    expect(await value(hosted.name)).toBe(nameFromUrn(await value(hosted.urn)));
    expect(await value(http.collectorId)).toBe(Number(id));
    expect(await value(http.id)).toMatch(/^\d{9}$/);
    expect(await value(http.url)).toMatch(/^https:\/\/.*\/receiver\/v1\/http\/MockToken\d+$/);
    expect(await pulumi.isSecret(http.url)).toBe(true);
  });

  it("fails a resource preview would refuse, with check's own reason", async () => {
    const inputs = { collectorId: 1, pathExpression: "/var/log/*.log", encoding: "latin1" };
    const preview = await check(
      ENTITY_KINDS.LocalFileSource as never,
      {},
      { ...inputs, name: "x" },
    );
    const reason = preview.failures?.[0]?.reason as string;
    expect(reason).toMatch(/encoding/);

    const error = await registrationError(new collectors.LocalFileSource("bad", inputs as never));
    expect((error as Error).message).toContain("property encoding has a problem: ");
    expect((error as Error).message).toContain(reason);
  });

  it("takes a resource whose inputs hold a credential (a secret input), keeping it secret", async () => {
    const s3 = new collectors.S3Source("bucket", {
      collectorId: 1,
      thirdPartyRef: {
        resources: [
          {
            serviceType: "AwsS3Bucket",
            path: { type: "S3BucketPathExpression", bucketName: "logs", pathExpression: "*" },
            authentication: { type: "S3BucketAuthentication", awsId: "AKIA0001", awsKey: "k" },
          },
        ],
      },
    });
    expect(await registrationError(s3)).toBeUndefined();
    expect(await value(s3.name)).toMatch(/^bucket-[0-9a-f]{7}$/);
    expect(await (s3.thirdPartyRef as unknown as { isSecret: Promise<boolean> }).isSecret).toBe(
      true,
    );
  });

  it("asks an Installed Collector for adopt, as preview does", async () => {
    const error = await registrationError(new collectors.InstalledCollector("web", {} as never));
    expect(error?.message).toMatch(/property adopt has a problem: adopt is required/);
    const adopted = new collectors.InstalledCollector("web-01", { adopt: { name: "web-01" } });
    expect(await value(adopted.name)).toBe("web-01");
    expect(await value(adopted.collectorType)).toBe("Installable");
    expect(await registrationError(adopted)).toBeUndefined();
  });

  it("answers the SDKs' resources too, a source's id under its collector", async () => {
    // What a generated SDK registers: the plugin's token, the inputs as given.
    class SdkResource extends pulumi.CustomResource {}
    const collector = new SdkResource("collectors:index:HostedCollector", "sdk-web", {});
    const collectorId = await value(collector.id);
    const source = new SdkResource("collectors:index:CloudSyslogSource", "sdk-syslog", {
      collectorId,
      token: undefined,
    });
    expect(await value(source.id)).toMatch(new RegExp(`^${collectorId}/\\d{9}$`));
    const token = (source as unknown as { token: pulumi.Output<string> }).token;
    expect(await value(token)).toMatch(/^MockToken\d+@41123$/);
    expect(await pulumi.isSecret(token)).toBe(true);
  });

  it("answers an OtCollector as one registered and adopted: its outputs, a hex id (adopt.id's own)", async () => {
    const byName = new collectors.OtCollector("web", {
      adopt: { name: "web-1" },
      tags: { team: "web" },
    });
    expect(await value(byName.id)).toMatch(/^[0-9A-F]{16}$/);
    expect(await value(byName.name)).toBe("web-1");
    expect(await value(byName.alive)).toBe(true);
    expect(await value(byName.isRemotelyManaged)).toBe(true);
    expect(await value(byName.ephemeral)).toBe(false);
    expect(await value(byName.version)).toEqual({
      currentVersion: "0.118.0-sumo-0",
      latestAvailableVersion: "0.118.0-sumo-0",
    });
    expect(await value(byName.tags)).toEqual({ team: "web" });
    // The id adopt names, as the service writes it (upper case).
    const byId = new collectors.OtCollector("db", { adopt: { id: "00000000075bcd15" } });
    expect(await value(byId.id)).toBe("00000000075BCD15");
    expect(await registrationError(byName, byId)).toBeUndefined();
  });

  it("refuses an OtCollector preview would refuse: no adopt, a service tag", async () => {
    const bare = await registrationError(new collectors.OtCollector("bare", {} as never));
    expect(bare?.message).toMatch(/OtCollector resource 'bare': property adopt has a problem: /);
    const tagged = await registrationError(
      new collectors.OtCollector("tagged", {
        adopt: { name: "web-1" },
        tags: { "sumo.disco.os": "linux" },
      }),
    );
    expect(tagged?.message).toContain(
      'tags keys starting with "sumo.disco" are the service\'s own (it sets and keeps them)',
    );
  });

  it("answers a SourceTemplate with its name from inputJson.name, its status and a hex id", async () => {
    const inputJson = { name: "web logs", receivers: { filelog: { include: ["/var/log/*.log"] } } };
    const enabled = new collectors.SourceTemplate("logs", {
      schemaRef: { type: "Linux" },
      selector: { names: ["web-1"] },
      inputJson,
    });
    const disabled = new collectors.SourceTemplate("old", {
      schemaRef: { type: "Linux" },
      inputJson: { name: "old logs", receivers: {} },
      isEnabled: false,
    });
    const [id, otherId] = [await value(enabled.id), await value(disabled.id)];
    expect(id).toMatch(/^[0-9A-F]{16}$/);
    expect(otherId).toMatch(/^[0-9A-F]{16}$/);
    expect(otherId).not.toBe(id);
    expect(await value(enabled.name)).toBe("web logs");
    expect(await value(enabled.status)).toBe("enable");
    expect(await value(disabled.status)).toBe("disable");
    expect(await value(enabled.totalCollectorLinked)).toBe(0);
    expect(JSON.parse((await value(enabled.config)) ?? "null")).toEqual({
      receivers: inputJson.receivers,
      processors: {},
    });
    const noReceivers = await registrationError(
      new collectors.SourceTemplate("bad", {
        schemaRef: { type: "Linux" },
        inputJson: { name: "bad" } as never,
      }),
    );
    expect(noReceivers?.message).toMatch(
      /SourceTemplate resource 'bad': property inputJson\.receivers has a problem: /,
    );
  });

  it("answers the SDKs' OtCollector and SourceTemplate, and an adoption by id with the adopted id", async () => {
    class SdkResource extends pulumi.CustomResource {}
    const ot = new SdkResource("collectors:index:OtCollector", "sdk-ot", {
      adopt: { name: "web-1" },
      alive: undefined,
    });
    expect(await value(ot.id)).toMatch(/^[0-9A-F]{16}$/);
    expect(await value((ot as unknown as { alive: pulumi.Output<boolean> }).alive)).toBe(true);
    const template = new SdkResource("collectors:index:SourceTemplate", "sdk-template", {
      schemaRef: { type: "Linux" },
      inputJson: { name: "sdk logs", receivers: {} },
      status: undefined,
    });
    expect(await value(template.id)).toMatch(/^[0-9A-F]{16}$/);
    expect(await value((template as unknown as { status: pulumi.Output<string> }).status)).toBe(
      "enable",
    );
    const installed = new collectors.InstalledCollector("host", { adopt: { id: "123456789" } });
    expect(await value(installed.id)).toBe("123456789");
  });

  it("passes other providers' resources to the mocks given", async () => {
    class Bucket extends pulumi.CustomResource {}
    const other = new Bucket("aws:s3/bucket:Bucket", "logs", { acl: "private" });
    expect(await value(other.id)).toBe("other-1");
    expect(others.map((a) => a.type)).toContain("aws:s3/bucket:Bucket");
  });
});
