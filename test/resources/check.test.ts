import { describe, expect, it } from "vitest";
import { nameFromUrn } from "../../provider/resources/steps/naming";
import { logicalNameOf } from "../../provider/resources/steps/urn";
import { classUrn, provider, UNKNOWN, unnamed } from "./unit.helpers";

const collector = provider("HostedCollector");
const http = provider("HttpSource");
const localFile = provider("LocalFileSource");
const source = provider("Source");

const reasons = (failures: { property: string; reason: string }[] | undefined) =>
  Object.fromEntries((failures ?? []).map((f) => [f.property, f.reason]));

describe("check: names", () => {
  it("names an unnamed resource from its URN: the same name on every run of the stack", async () => {
    const { inputs, failures } = await collector.check({}, unnamed("HostedCollector", "web"));
    expect(failures).toEqual([]);
    expect(inputs.name).toMatch(/^web-[0-9a-f]{7}$/);
    expect(inputs.name).toBe(nameFromUrn(classUrn("HostedCollector", "web")));
    const rerun = await collector.check({}, unnamed("HostedCollector", "web"));
    expect(rerun.inputs.name).toBe(inputs.name);
    // Another stack's resource of the same logical name asks for another name.
    const prod = await collector.check({}, unnamed("HostedCollector", "web", "prod"));
    expect(prod.inputs.name).toMatch(/^web-[0-9a-f]{7}$/);
    expect(prod.inputs.name).not.toBe(inputs.name);
  });

  it("keeps a logical name holding `::` whole, in the name it makes and as the URN's name", async () => {
    const urn = classUrn("HostedCollector", "eu::web");
    expect(logicalNameOf(urn)).toBe("eu::web");
    expect(logicalNameOf("urn:pulumi:dev::proj::collectors:index:HttpSource::a::b::c")).toBe(
      "a::b::c",
    );
    expect(nameFromUrn(urn)).toMatch(/^eu::web-[0-9a-f]{7}$/);
    const { inputs } = await collector.check({}, unnamed("HostedCollector", "eu::web"));
    expect(inputs.name).toBe(nameFromUrn(urn));
  });

  it("keeps the name it already has across updates; a replacement asks for the URN's again", async () => {
    const first = await collector.check({}, unnamed("HostedCollector", "web"));
    const named = { ...unnamed("HostedCollector", "web"), description: "x" };
    const again = await collector.check(first.inputs, named);
    expect(again.inputs.name).toBe(first.inputs.name);
    // A state from a version that drew a random suffix keeps its name too.
    const old = await collector.check({ name: "web-1a2b3c4" }, named);
    expect(old.inputs.name).toBe("web-1a2b3c4");
    // The engine checks a replacement without olds.
    const replacement = await collector.check({}, unnamed("HostedCollector", "web"));
    expect(replacement.inputs.name).toBe(first.inputs.name);
  });

  it("leaves the name unknown in a preview while the URN is, and requires a URN otherwise", async () => {
    const preview = await collector.check({}, { __autoname: "web", __urn: UNKNOWN });
    expect(preview.failures).toEqual([]);
    expect(preview.inputs.name).toBe(UNKNOWN);
    const { inputs, failures } = await collector.check({}, { __autoname: "web" });
    expect(inputs.name).toBeUndefined();
    expect(reasons(failures).name).toBe("name is required for HostedCollector");
  });

  it("uses an explicit name as given", async () => {
    const { inputs } = await collector.check({ name: "old" }, { name: "My collector.v2" });
    expect(inputs.name).toBe("My collector.v2");
  });

  it("shortens the logical name so an autoname stays within 128 characters", async () => {
    const { inputs } = await collector.check({}, unnamed("HostedCollector", "x".repeat(200)));
    expect(String(inputs.name)).toHaveLength(128);
  });

  it("takes the adopted name, and leaves the name to the adopted object when adopting by id", async () => {
    expect(
      (await collector.check({}, { __autoname: "a", adopt: { name: "Prod logs" } })).inputs.name,
    ).toBe("Prod logs");
    const byId = await collector.check({}, { __autoname: "a", adopt: { id: 42 } });
    expect(byId.failures).toEqual([]);
    expect(byId.inputs.name).toBeUndefined();
  });
});

describe("check: property-level failures", () => {
  it("reports lengths, time zones and types with the property and a useful reason", async () => {
    const { failures } = await collector.check(
      {},
      {
        name: "n".repeat(129),
        description: "d".repeat(1025),
        hostName: "h".repeat(129),
        timeZone: "Mars/Olympus",
        ephemeral: "yes",
        cutoffRelativeTime: "1 hour ago",
      },
    );
    const r = reasons(failures);
    expect(r.name).toBe("name must be at most 128 characters (got 129)");
    expect(r.description).toBe("description must be at most 1024 characters (got 1025)");
    expect(r.hostName).toContain("at most 128");
    expect(r.timeZone).toContain('"Mars/Olympus" is not a time zone name');
    expect(r.ephemeral).toBe("ephemeral must be true or false");
    expect(r.cutoffRelativeTime).toContain('"-1h"');
  });

  it("accepts tz database names, aliases included", async () => {
    for (const timeZone of [
      "UTC",
      "Europe/Berlin",
      "America/Argentina/Buenos_Aires",
      "Etc/GMT+5",
      "Etc/UTC",
      "US/Eastern",
      "Asia/Kolkata",
    ]) {
      const { failures } = await collector.check({}, { name: "c", timeZone });
      expect(failures).toEqual([]);
    }
  });

  it("refuses what the service refuses: raw offsets and names in another letter case", async () => {
    for (const timeZone of [
      "+01:00",
      "-05:00",
      "utc",
      "Utc",
      "europe/berlin",
      "Europe/BERLIN",
      "etc/utc",
      "",
    ]) {
      const collectorCheck = await collector.check({}, { name: "c", timeZone });
      expect(reasons(collectorCheck.failures).timeZone, timeZone).toContain(
        "is not a time zone name from the tz database",
      );
      const sourceCheck = await http.check({}, { collectorId: 1, timeZone });
      expect(reasons(sourceCheck.failures).timeZone, timeZone).toContain("case-sensitive");
    }
  });

  it("reports inputs named like Object.prototype members as unknown properties", async () => {
    for (const p of [collector, http, source]) {
      const { failures } = await p.check(
        {},
        { name: "c", collectorId: 1, sourceType: "HTTP", constructor: "x", toString: 1 },
      );
      const r = reasons(failures);
      expect(r.constructor).toMatch(/constructor is not a property of/);
      expect(r.toString).toMatch(/toString is not a property of/);
    }
  });

  it("refuses a sourceType that is not one, and suggests the right case", async () => {
    for (const sourceType of ["toString", "constructor", "hasOwnProperty", "__proto__"]) {
      const { failures } = await source.check({}, { name: "s", collectorId: 1, sourceType });
      expect(reasons(failures).sourceType, sourceType).toMatch(/is not a source type name/);
    }
    const typo = await source.check({}, { name: "s", collectorId: 1, sourceType: "localfile" });
    expect(reasons(typo.failures).sourceType).toContain('did you mean "LocalFile"?');
    // A type this package does not model, written like the service's, is let through.
    const other = await source.check({}, { name: "s", collectorId: 1, sourceType: "AzureBlob" });
    expect(other.failures).toEqual([]);
  });

  it("names an unknown property and lists the valid ones", async () => {
    const { failures } = await collector.check({}, { name: "c", descripton: "typo" });
    expect(reasons(failures).descripton).toMatch(/not a property of HostedCollector.*description/);
  });

  it("checks filters: the type, and Mask's mask, with the path of the item", async () => {
    const { failures } = await http.check(
      {},
      {
        name: "s",
        collectorId: 1,
        filters: [
          { name: "ok", filterType: "Exclude", regexp: "x" },
          { name: "m", filterType: "Mask", regexp: "\\d+" },
          { name: "bad", filterType: "Drop", regexp: "x" },
        ],
      },
    );
    const r = reasons(failures);
    expect(r["filters[1].mask"]).toContain("Mask filter needs `mask`");
    expect(r["filters[2].filterType"]).toContain(
      '"Drop" is not one of Exclude, Include, Hash, Mask, Forward',
    );
    expect(r["filters[0].name"]).toBeUndefined();
  });

  it("requires messagePerRequest to come with multilineProcessingEnabled: false", async () => {
    const bad = await http.check({}, { name: "s", collectorId: 1, messagePerRequest: true });
    expect(reasons(bad.failures).messagePerRequest).toContain("multilineProcessingEnabled: false");
    const good = await http.check(
      {},
      { name: "s", collectorId: 1, messagePerRequest: true, multilineProcessingEnabled: false },
    );
    expect(good.failures).toEqual([]);
  });

  it("requires each source type's own fields, with a hint", async () => {
    const { failures } = await localFile.check({}, { name: "s" });
    const r = reasons(failures);
    expect(r.collectorId).toContain("collectorId is required");
    expect(r.pathExpression).toBe(
      'pathExpression is required for LocalFileSource: the files to collect, e.g. "/var/log/*.log"',
    );
    const remote = await provider("RemoteFileSource").check(
      {},
      {
        name: "r",
        collectorId: 1,
        remoteHosts: ["h"],
        remotePort: 22,
        remoteUser: "u",
        authMethod: "key",
        pathExpression: "/x",
      },
    );
    expect(reasons(remote.failures).keyPath).toContain('required when authMethod is "key"');
  });

  it("normalises a collector id given as text (a Pulumi ID) to a number", async () => {
    const { inputs, failures } = await localFile.check(
      {},
      { name: "s", collectorId: "123", pathExpression: "/x" },
    );
    expect(failures).toEqual([]);
    expect(inputs.collectorId).toBe(123);
    const bad = await localFile.check({}, { name: "s", collectorId: "abc", pathExpression: "/x" });
    expect(reasons(bad.failures).collectorId).toContain(
      'numeric id such as 123 or "123" (got "abc")',
    );
  });

  it("checks the generic Source against its sourceType's fields", async () => {
    const { failures } = await source.check(
      {},
      { name: "s", collectorId: 1, sourceType: "Syslog", protocol: "UDP", pathExpression: "/x" },
    );
    const r = reasons(failures);
    expect(r.port).toContain("port is required for Source (Syslog)");
    expect(r.pathExpression).toContain("not a field of Syslog sources");
    const other = await source.check(
      {},
      { name: "s", collectorId: 1, sourceType: "Universal", passthrough: { config: { a: 1 } } },
    );
    expect(other.failures).toEqual([]);
    const clash = await source.check(
      {},
      { name: "s", collectorId: 1, sourceType: "Universal", passthrough: { category: "x" } },
    );
    expect(reasons(clash.failures)["passthrough.category"]).toContain("set it there");
    const proto = await source.check(
      {},
      { name: "s", collectorId: 1, sourceType: "Universal", passthrough: { toString: "x" } },
    );
    expect(proto.failures).toEqual([]);
  });

  it("refuses a malformed adopt", async () => {
    const shape = await collector.check({}, { adopt: { id: 1, name: "x" } });
    expect(reasons(shape.failures).adopt).toContain(
      "adopt must be { id: <numeric id> } or { name:",
    );
    const id = await collector.check({}, { adopt: { id: "x" } });
    expect(reasons(id.failures)["adopt.id"]).toContain("adopt.id must be a numeric id");
  });

  it("refuses an id past Number.MAX_SAFE_INTEGER instead of rounding it to another object's", async () => {
    const id = await collector.check({}, { adopt: { id: "123456789012345678" } });
    expect(reasons(id.failures)["adopt.id"]).toMatch(
      /adopt\.id 123456789012345678 is larger than 9007199254740991/,
    );
  });
});

describe("check: unknown preview values", () => {
  it("lets unknown values through, at the top and nested", async () => {
    const { failures } = await http.check(
      {},
      {
        name: UNKNOWN,
        collectorId: UNKNOWN,
        timeZone: UNKNOWN,
        filters: [{ name: "f", filterType: UNKNOWN, regexp: "x" }],
        messagePerRequest: true,
        multilineProcessingEnabled: UNKNOWN,
      },
    );
    expect(failures).toEqual([]);
  });

  it("counts an unknown required field as given", async () => {
    const { failures } = await localFile.check(
      {},
      { name: "s", collectorId: 1, pathExpression: UNKNOWN },
    );
    expect(failures).toEqual([]);
  });
});
