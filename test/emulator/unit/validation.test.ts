import { describe, expect, it } from "vitest";
import { ApiFailure } from "../../../emulator/errors";
import type { CollectorDoc } from "../../../emulator/model/collector";
import type { SourceDoc } from "../../../emulator/model/source";
import {
  parseCollectorCreate,
  parseCollectorUpdate,
} from "../../../emulator/validation/collector-body";
import { parseSourceCreate, parseSourceUpdate } from "../../../emulator/validation/source-body";
import { isTimeZone } from "../../../emulator/validation/timezones";

/** The code a parse fails with, or "ok". */
function codeOf(fn: () => unknown): string {
  try {
    fn();
    return "ok";
  } catch (error) {
    if (error instanceof ApiFailure) return error.code;
    throw error;
  }
}

const hosted: CollectorDoc = {
  id: 7,
  collectorType: "Hosted",
  name: "h",
  ephemeral: false,
  cutoffTimestamp: 0,
  collectorVersion: "",
  createdAt: 0,
  version: 1,
};
const installed: CollectorDoc = {
  ...hosted,
  id: 8,
  collectorType: "Installable",
  collectorVersion: "19.0-1",
  osName: "Linux",
  osVersion: "6",
  osArch: "amd64",
  sourceSyncMode: "UI",
  lastHeartbeat: 0,
};

describe("time zones", () => {
  it.each([
    "UTC",
    "Etc/UTC",
    "Europe/Berlin",
    "America/Argentina/Buenos_Aires",
    "US/Pacific",
    "Etc/GMT+5",
  ])("accepts %s", (tz) => expect(isTimeZone(tz)).toBe(true));
  it.each(["utc", "europe/berlin", "EUROPE/BERLIN", "+01:00", "Mars/Base", "", "Europe/"])(
    "refuses %j",
    (tz) => expect(isTimeZone(tz)).toBe(false),
  );
});

describe("collector bodies", () => {
  const create = (collector: unknown) => codeOf(() => parseCollectorCreate({ collector }));

  it("creates Hosted collectors only, without an id", () => {
    expect(create({ collectorType: "Hosted", name: "a" })).toBe("ok");
    expect(create({ collectorType: "Installable", name: "a" })).toBe("InvalidCollectorType");
    expect(create({ name: "a" })).toBe("collectors.validation.fields.missing");
    expect(create({ collectorType: "Hosted", name: "a", id: 5 })).toBe("createValidationError");
  });

  it("applies the length limits with their codes", () => {
    expect(create({ collectorType: "Hosted", name: "n".repeat(128) })).toBe("ok");
    expect(create({ collectorType: "Hosted", name: "n".repeat(129) })).toBe("CollectorNameTooLong");
    expect(create({ collectorType: "Hosted", name: "a", description: "d".repeat(1025) })).toBe(
      "CollectorDescriptionTooLong",
    );
    expect(create({ collectorType: "Hosted", name: "a", hostName: "h".repeat(129) })).toBe(
      "collectors.validation.fields.invalid",
    );
  });

  it("treats null as absent and refuses wrong types", () => {
    expect(create({ collectorType: "Hosted", name: "a", description: null, timeZone: null })).toBe(
      "ok",
    );
    expect(create({ collectorType: "Hosted", name: 5 })).toBe(
      "collectors.validation.fields.invalid",
    );
    expect(create({ collectorType: "Hosted", name: "a", ephemeral: "yes" })).toBe(
      "collectors.validation.fields.invalid",
    );
    expect(create({ collectorType: "Hosted", name: "a", fields: { k: 1 } })).toBe(
      "collectors.validation.fields.invalid",
    );
  });

  it("maps targetCpu -1 (how the service shows unset) to unset", () => {
    expect(
      parseCollectorCreate({ collector: { collectorType: "Hosted", name: "a", targetCpu: -1 } })
        .targetCpu,
    ).toBe(undefined);
  });

  it("on PUT requires id, name and ephemeral, and keeps not-modifiable fields", () => {
    const put = (collector: unknown, current = installed) =>
      codeOf(() => parseCollectorUpdate({ collector }, current));
    const base = { id: 8, name: "i", ephemeral: false };
    expect(put(base)).toBe("ok");
    expect(put({ ...base, id: undefined })).toBe("BadRequestCollectorId");
    expect(put({ ...base, id: 9 })).toBe("BadRequestCollectorId");
    expect(put({ id: 8, ephemeral: false })).toBe("collectors.validation.fields.missing");
    expect(put({ id: 8, name: "i" })).toBe("collectors.validation.fields.missing");
    expect(put({ ...base, osName: "Windows" })).toBe("collectors.validation.fields.invalid");
    expect(put({ ...base, osName: "Linux", collectorType: "Installable" })).toBe("ok");
    expect(put({ ...base, collectorType: "Hosted" })).toBe("collectors.validation.fields.invalid");
    expect(put({ id: 7, name: "h", ephemeral: false, sourceSyncMode: "Json" }, hosted)).toBe(
      "collectors.validation.fields.invalid",
    );
  });
});

describe("source bodies", () => {
  const create = (source: unknown, collector = installed) =>
    codeOf(() => parseSourceCreate({ source }, collector));

  it("needs a known source type that fits the collector kind", () => {
    expect(create({ name: "s" })).toBe("EmptySourceType");
    expect(create({ name: "s", sourceType: "" })).toBe("EmptySourceType");
    expect(create({ name: "s", sourceType: "Nope" })).toBe("InvalidSourceType");
    expect(create({ name: "s", sourceType: "HTTP" })).toBe("InvalidSourceType");
    expect(create({ name: "s", sourceType: "LocalFile", pathExpression: "/x" }, hosted)).toBe(
      "InvalidSourceType",
    );
    expect(create({ name: "s", sourceType: "HTTP" }, hosted)).toBe("ok");
  });

  it("needs each type's own required fields", () => {
    expect(create({ name: "s", sourceType: "LocalFile" })).toBe(
      "collectors.validation.fields.missing",
    );
    expect(create({ name: "s", sourceType: "Syslog", protocol: "UDP" })).toBe(
      "collectors.validation.fields.missing",
    );
    expect(create({ name: "s", sourceType: "Syslog", protocol: "UDP", port: 70000 })).toBe(
      "collectors.validation.fields.invalid",
    );
    expect(create({ name: "s", sourceType: "Syslog", protocol: "UDP", port: 514 })).toBe("ok");
    expect(create({ name: "s", sourceType: "SystemStats" })).toBe(
      "collectors.validation.fields.missing",
    );
  });

  it("fixes SystemStats to HostMetrics and keeps fields it does not know", () => {
    const { config } = parseSourceCreate(
      {
        source: {
          name: "m",
          sourceType: "SystemStats",
          interval: 60000,
          somethingNew: { a: 1 },
          alive: false,
        },
      },
      installed,
    );
    expect(config.contentType).toBe("HostMetrics");
    expect(config.somethingNew).toEqual({ a: 1 });
    expect(config.alive).toBeUndefined();
    expect(
      create({ name: "m", sourceType: "SystemStats", interval: 1, contentType: "Graphite" }),
    ).toBe("collectors.validation.fields.invalid");
  });

  it("checks cross-field rules: Mask filters, HTTP messagePerRequest", () => {
    expect(
      create({
        name: "s",
        sourceType: "LocalFile",
        pathExpression: "/x",
        filters: [{ name: "f", filterType: "Mask", regexp: "a" }],
      }),
    ).toBe("collectors.validation.fields.invalid");
    expect(create({ name: "s", sourceType: "HTTP", messagePerRequest: true }, hosted)).toBe(
      "collectors.validation.fields.invalid",
    );
    expect(
      create(
        {
          name: "s",
          sourceType: "HTTP",
          messagePerRequest: true,
          multilineProcessingEnabled: false,
        },
        hosted,
      ),
    ).toBe("ok");
  });

  it("on PUT needs the id and keeps the type and cutoffRelativeTime", () => {
    const current: SourceDoc = {
      id: 20,
      collectorId: 8,
      sourceType: "LocalFile",
      config: { name: "s", pathExpression: "/x", cutoffRelativeTime: "-1h" },
      version: 1,
      createdAt: 0,
    };
    const put = (source: unknown) =>
      codeOf(() => parseSourceUpdate({ source }, installed, current));
    const base = { id: 20, name: "s", sourceType: "LocalFile", pathExpression: "/y" };
    expect(put(base)).toBe("ok");
    expect(put({ ...base, id: 21 })).toBe("BadRequestBladeId");
    expect(put({ ...base, sourceType: "Syslog", protocol: "UDP", port: 1 })).toBe(
      "InvalidSourceType",
    );
    expect(put({ ...base, cutoffRelativeTime: "-2h" })).toBe(
      "collectors.validation.fields.invalid",
    );
    expect(parseSourceUpdate({ source: base }, installed, current).config.cutoffRelativeTime).toBe(
      "-1h",
    );
  });
});
