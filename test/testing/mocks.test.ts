// collectorsMocks under pulumi.runtime.setMocks with the resource classes: what the service would
// give (numeric ids, server-set fields, an HTTP source's url as a secret), the same check as
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

  it("passes other providers' resources to the mocks given", async () => {
    class Bucket extends pulumi.CustomResource {}
    const other = new Bucket("aws:s3/bucket:Bucket", "logs", { acl: "private" });
    expect(await value(other.id)).toBe("other-1");
    expect(others.map((a) => a.type)).toContain("aws:s3/bucket:Bucket");
  });
});
