import { describe, expect, it } from "vitest";
import {
  collectorSchema,
  collectorUpdateSchema,
  hostedCollectorInputSchema,
  sourceInputSchema,
  sourceSchema,
  upgradeTaskSchema,
} from "../../provider/api";

describe("collector schemas", () => {
  it("keeps unknown fields when parsing an answer", () => {
    const parsed = collectorSchema.parse({
      id: 1,
      name: "a",
      ephemeral: false,
      newThing: { x: 1 },
    });
    expect(parsed.newThing).toEqual({ x: 1 });
  });

  it("tolerates nulls where the spec's default is null", () => {
    expect(() =>
      collectorSchema.parse({ id: 1, name: "a", description: null, hostName: null, targetCpu: -1 }),
    ).not.toThrow();
  });

  it("fills the create defaults and refuses what the spec forbids", () => {
    expect(hostedCollectorInputSchema.parse({ name: "h" })).toEqual({
      name: "h",
      collectorType: "Hosted",
      ephemeral: false,
    });
    const refuse = (body: unknown) => hostedCollectorInputSchema.safeParse(body).success;
    expect(refuse({ name: "" })).toBe(false);
    expect(refuse({ name: "x".repeat(128) })).toBe(true);
    expect(refuse({ name: "x".repeat(129) })).toBe(false);
    expect(refuse({ name: "a", description: "d".repeat(1025) })).toBe(false);
    expect(refuse({ name: "a", hostName: "h".repeat(129) })).toBe(false);
    expect(refuse({ name: "a", collectorType: "Installable" })).toBe(false);
    expect(refuse({ name: "a", id: 5 })).toBe(false);
    expect(refuse({ name: "a", fields: { _budget: "b1" } })).toBe(true);
  });

  it("needs every required field for an update", () => {
    expect(collectorUpdateSchema.safeParse({ id: 1, name: "a" }).success).toBe(false);
    expect(collectorUpdateSchema.safeParse({ id: 1, name: "a", ephemeral: true }).success).toBe(
      true,
    );
  });
});

describe("source schemas", () => {
  it("keeps type-specific fields it does not model", () => {
    const body = { sourceType: "Syslog", name: "s", protocol: "TCP", port: 514, extra: [1] };
    expect(sourceInputSchema.parse(body)).toEqual(body);
    expect(sourceSchema.parse({ ...body, id: 4, alive: true }).extra).toEqual([1]);
  });

  it("checks the required fields of known source types only", () => {
    expect(sourceInputSchema.safeParse({ sourceType: "Syslog", name: "s" }).success).toBe(false);
    expect(
      sourceInputSchema.safeParse({ sourceType: "SystemStats", name: "s", interval: 60000 })
        .success,
    ).toBe(true);
    expect(sourceInputSchema.safeParse({ sourceType: "SomethingNew", name: "s" }).success).toBe(
      true,
    );
    // A Polling source needs to know what to poll (the resources' check agrees).
    expect(sourceInputSchema.safeParse({ sourceType: "Polling", name: "p" }).success).toBe(false);
    expect(
      sourceInputSchema.safeParse({ sourceType: "Polling", name: "p", contentType: "AwsS3Bucket" })
        .success,
    ).toBe(true);
    expect(sourceInputSchema.safeParse({ name: "s" }).success).toBe(false);
    // Not a key of the table, although every object has it.
    expect(sourceInputSchema.safeParse({ sourceType: "toString", name: "s" }).success).toBe(true);
    expect(sourceInputSchema.safeParse({ sourceType: "constructor", name: "s" }).success).toBe(
      true,
    );
  });

  it("validates filters", () => {
    const base = { sourceType: "HTTP", name: "h" };
    const ok = sourceInputSchema.safeParse({
      ...base,
      filters: [{ filterType: "Exclude", name: "f", regexp: ".*debug.*" }],
    });
    expect(ok.success).toBe(true);
    const bad = sourceInputSchema.safeParse({
      ...base,
      filters: [{ filterType: "Drop", name: "f", regexp: "x" }],
    });
    expect(bad.success).toBe(false);
  });
});

describe("upgrade task schema", () => {
  it("normalises the task id to a string", () => {
    expect(upgradeTaskSchema.parse({ id: 12, collectorId: 3, status: 1 }).id).toBe("12");
    expect(upgradeTaskSchema.parse({ id: "12", collectorId: 3, status: 1 }).id).toBe("12");
  });
});
